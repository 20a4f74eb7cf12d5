"""Invariants of every Tiny Epic Mechs game state, checked after every event (OpenSpiel-style random sims):
the game's own (``rulecraft.plugins.tem.invariants``, what ``rulecraft fuzz`` checks too), as a listener
that fails the test at the event that broke one."""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.invariants import watch


class InvariantChecker:
    """A game listener: call ``attach(game)``; raises AssertionError naming the ruling and the event."""

    def __init__(self) -> None:
        self.check: Any = None
        self.count = 0

    def attach(self, game: Game) -> None:
        self.check = watch(game)
        game.listeners.append(self)

    def __call__(self, event: dict) -> None:
        self.count += 1
        broken = self.check(event)
        assert broken is None, str(broken)
