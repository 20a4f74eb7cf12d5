"""The language server of ``rulecraft lsp``: any registered game's packs, checked and explained as they are
edited. It names no game: every word and check comes from the stack's game through the registry."""
