"""Run: Tiny Epic Quest's hidden information for search (Q33): only the quest deck's order is secret.

``determinize`` is the game's ``GameDefinition.determinize``: in a game paused at one of ``seat``'s
decisions, it reshuffles the quest deck (every card of it is unseen by every seat; the row and the discard
pile are public) with the caller's ``rng``, leaving everything else as it is.
"""

from __future__ import annotations

import random
from typing import Any


def determinize(game: Any, seat: int, rng: random.Random) -> None:
    game.deck.sort()         # from the cards alone: the same resampling from every order the seat cannot see
    rng.shuffle(game.deck)
