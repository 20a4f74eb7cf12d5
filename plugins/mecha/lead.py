"""Run: Mecha Game's lead, its GameDefinition's ``lead`` member: the damage each player has dealt, its
opponent's damage cards (M20(2): five lose).

Sampled after every turn (``end-of-turn``) and at the end (``game-end``, the moment a loss condition is
met, M20). Damage is one of three ways to win: a game won by deck-out or a full entry zone may end with
the loser ahead on damage, and the lead then foretold nothing (decisiveness 1, ``balance.quality``); so
its margin says nothing of how close a game was (no ``close``: drawishness counts the draws only).
"""

from __future__ import annotations

from typing import Any

from rulecraft.runtime.balance.quality import Lead


def damage_dealt(game: Any) -> list[int]:
    """Each seat's damage dealt so far: the number of damage cards in its opponent's damage zone."""
    a, b = game.seats
    return [len(b.damage), len(a.damage)]


LEAD = Lead(damage_dealt, frozenset({"end-of-turn", "game-end"}), "damage dealt", close=None)
