"""Run: what a rule scenario's run reports, the part of it every game's scenario runner shares.

A game's scenario adapter (``GameDefinition.scenario_adapter``) plays its own ``given``/``when`` vocabulary;
``rulecraft test`` reads each result's ``passed``, ``error``, ``differences`` and ``events``, and shows
every :class:`Difference` the same way for every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Difference:
    """One expectation that did not hold: where (``players.red.vp``, ``events[2]``), what the scenario
    expected, what happened."""

    path: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.path}: expected {self.expected!r}, got {self.actual!r}"
