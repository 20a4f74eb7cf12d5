"""Diagnostics: the error codes only Mecha Game reports, registered through its ``error_codes`` member.

The core's codes (``rulecraft.compiler.errorcodes``) are every game's; this one names what only this game
has: a card's name is its identity for the deck rules (M24). It is pinned, with its example for the
diagnostics reference, by a case of ``tests/content`` (the game's ``error_cases``).
"""

from __future__ import annotations

from rulecraft.compiler.errorcodes import ErrorCode

DUPLICATE_NAME = ErrorCode("duplicate-name", "Two cards of one stack share a name; a name is a card's "
                           "identity for the deck rules (M24), so decks could not count its copies.")

CODES = (DUPLICATE_NAME,)
