"""Run: Pig's engine, the ``engine`` of its GameDefinition.

On your turn you roll the die until you hold or roll the bust face: holding banks the turn's points, a bust
loses them. The first seat to bank ``goal`` points wins at once. The rules are all Pig writes: the seats,
chance (each roll of the pack's die, logged), events and listeners, the step cap and its clean abort,
``ask`` with its answer check and the view protocol come from rulecraft's runtime core
(:class:`~rulecraft.runtime.game.GameCore`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.plugins.manager import default_hooks
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.game import GameCore
from rulecraft_pig.game import GAME
from rulecraft_pig.model import PigRules

ROLL_OR_HOLD = "roll-or-hold"    # the one decision: ROLL again or HOLD the turn's points
ROLL, HOLD = "roll", "hold"
TURN_ROLL = "turn roll"          # what each throw of the die is for, as its chance event names it


class Pig(GameCore):
    """One game of Pig: build it with the model and one agent per seat, then :meth:`play`."""

    def __init__(self, ruleset: PigRules, agents: Sequence[Any], seed: int | str = 0, hooks: Any = None,
                 listeners: Iterable[Callable[[dict], None]] = (), colours: Sequence[str] | None = None
                 ) -> None:
        n = len(agents)
        colours = list(colours or ruleset.seats[:n])
        if not 2 <= n <= len(ruleset.seats) or len(colours) != n:
            raise ValueError(f"a game of Pig needs 2-{len(ruleset.seats)} players, got {n}")
        super().__init__(agents, seed, ruleset.step_cap, listeners)
        self.ruleset = ruleset
        self.dice = (ruleset.die,)      # what every roll throws: the pack's one die
        self.hooks = hooks if hooks is not None else default_hooks(GAME.id)
        self.colours = colours
        self.scores = [0] * n
        self.turn_total = 0
        self.current = 0
        self.standings: list[dict[str, Any]] | None = None

    def view_state(self, seat: int) -> dict[str, Any]:
        return self.snapshot()     # Pig hides nothing but the future: every seat sees the same

    def snapshot(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "current": self.current, "turn_total": self.turn_total}

    def run(self) -> list[dict[str, Any]]:
        """Play turns until a seat reaches the goal; the standings, best first."""
        self.emit("game-start", players=len(self.agents), goal=self.ruleset.goal)
        while self.standings is None:
            self.play_turn()
            self.current = (self.current + 1) % len(self.agents)
        return self.standings

    def play_turn(self) -> None:
        seat, rules = self.current, self.ruleset
        self.turn_total = 0
        while True:
            roll = self.roll(self.dice, TURN_ROLL)[0]
            self.emit("roll", player=seat, face=roll)
            if roll == rules.bust:
                self.emit("bust", player=seat, lost=self.turn_total)
                self.hooks.turn_end(self, seat, 0)
                return
            self.turn_total += roll
            if self.scores[seat] + self.turn_total >= rules.goal:
                return self.hold(seat)
            context = {"turn_total": self.turn_total, "score": self.scores[seat]}
            if self.ask(Decision(ROLL_OR_HOLD, seat, (ROLL, HOLD), context)) == HOLD:
                return self.hold(seat)

    def hold(self, seat: int) -> None:
        self.scores[seat] += self.turn_total
        self.emit("hold", player=seat, banked=self.turn_total, total=self.scores[seat])
        self.hooks.turn_end(self, seat, self.turn_total)
        if self.scores[seat] >= self.ruleset.goal:
            self.finish()

    def finish(self) -> None:
        ranked = sorted(range(len(self.scores)), key=lambda s: -self.scores[s])
        standings: list[dict[str, Any]] = []
        for i, seat in enumerate(ranked):
            tied = i and self.scores[seat] == self.scores[ranked[i - 1]]
            standings.append({"rank": standings[-1]["rank"] if tied else i + 1, "player": seat,
                              "colour": self.colours[seat], "score": self.scores[seat]})
        self.standings = standings
        self.finished = True
        self.emit("game-end", standings=standings)
