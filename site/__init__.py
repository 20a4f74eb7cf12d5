"""The rules site sources (mkdocs.yml and docs/), packaged so that ``rulecraft docs`` finds them."""
