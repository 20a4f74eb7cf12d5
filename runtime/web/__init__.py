"""Show: the game-agnostic pieces of the browser table (``rulecraft serve``): the board protocol a game's
``web`` member follows (:mod:`.protocol`), the escaped HTML/SVG builders boards share (:mod:`.components`)
and the generic board of a game with no ``web`` member (:mod:`.generic`). Games in ``plugins/`` import
these; the server (``rulecraft.cli.web``) draws with them and never names a game."""
