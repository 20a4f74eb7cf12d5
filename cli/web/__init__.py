"""Show: ``rulecraft serve``'s web app: tables of any registered game played in a browser (the app, its
tables on disk, their tokens, the messages a seat receives, the pages and the static files they load)."""
