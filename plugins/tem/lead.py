"""Run: Tiny Epic Mechs' lead, its GameDefinition's ``lead`` member: each player's VP so far.

Sampled after every round (``round-end``, after a scoring round's scoring, T14) and at the end
(``game-end``, after final scoring, T12), so a six-round game has seven samples; a game won within 1 VP
is a close one (drawishness). VP is what the winner is ranked by first (T15), so the lead says who is
winning; a tie-break can still decide a level finish.
"""

from __future__ import annotations

from typing import Any

from rulecraft.runtime.balance.quality import Lead


def vp(game: Any) -> list[int]:
    """Each seat's VP now, in seat order."""
    return [p.vp for p in game.players]


LEAD = Lead(vp, frozenset({"round-end", "game-end"}), "VP", close=1)
