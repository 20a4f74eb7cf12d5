"""Generate: print-and-play card sheets for any game (``rulecraft print``).

A game gives its cards as data through its ``card_templates`` member (``model.CardTemplates``: the cards
of a stack, the icon table they name); this package lays them out and prints them, naming no game:
``model`` (cards, faces, backs), ``layout`` (sheet grid, card boxes and the text-fit check), ``icons``
(vector icons and the shapes games share), ``art`` (text, panels and the art panel), ``pdf`` (fronts,
backs, bleed and crop marks) and ``preview`` (PNG pages).
"""
