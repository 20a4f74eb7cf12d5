"""Run: Pig's own agent, ``heuristic``: hold at 20, the textbook strategy (a turn's expected gain from one
more roll is negative once its total passes 20 with a six-sided die and a bust face of 1); any other
decision (Big Pig's dice to set aside) is answered at random, seeded."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rulecraft.runtime.decisions import Decision
from rulecraft_pig.engine import HOLD, ROLL, ROLL_OR_HOLD

HOLD_AT = 20


class HoldAt20:
    name: ClassVar[str] = "heuristic"
    needs_state: ClassVar[bool] = False

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, view: Any) -> Any:
        if decision.kind == ROLL_OR_HOLD:
            return HOLD if decision.context["turn_total"] >= HOLD_AT else ROLL
        return decision.random_answer(self.rng)
