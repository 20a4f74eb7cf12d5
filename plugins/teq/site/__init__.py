"""Tiny Epic Quest's rules site: its ``mkdocs.yml`` and hand-written pages (the rulebook in our words), data
only.

``rulecraft docs`` builds it for a Tiny Epic Quest stack (the game's docs module names this package as its
``SITE``); the reference pages are generated from the stack by the ``rulecraft`` mkdocs plugin.
"""
