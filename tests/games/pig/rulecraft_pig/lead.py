"""Run: Pig's lead, its GameDefinition's ``lead`` member: each seat's banked score (P3).

Sampled at the end of every turn: a hold (P3, also the one that reaches the goal, P4) or a bust (P2).
"""

from __future__ import annotations

from typing import Any

from rulecraft.runtime.balance.quality import Lead


def scores(game: Any) -> list[int]:
    return list(game.scores)


LEAD = Lead(scores, frozenset({"hold", "bust"}), "points")
