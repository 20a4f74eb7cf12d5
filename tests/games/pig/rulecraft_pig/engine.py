"""Run: Pig's engine, the ``engine`` of its GameDefinition.

On your turn you roll the die until you hold or roll the bust face: holding banks the turn's points, a bust
loses them. The first seat to bank ``goal`` points wins at once. Built on rulecraft's generic runtime pieces
only: :class:`~rulecraft.runtime.decisions.Decision` and its answer check, agents answering
``decide(decision, view)``, events as plain dicts pushed to listeners, one seeded ``random.Random`` and a
step cap that aborts cleanly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.runtime.decisions import Decision, IllegalAnswer, UnscriptedDecision
from rulecraft.runtime.views import needs_state
from rulecraft_pig.model import PigRules

ROLL_OR_HOLD = "roll-or-hold"    # the one decision: ROLL again or HOLD the turn's points
ROLL, HOLD = "roll", "hold"


class StepCapExceeded(RuntimeError):
    """More events than the rules' step cap: an agent that never holds on a die with no bust face."""


class PigView:
    """What a seat sees: the rules and a copy of the public state (Pig hides nothing but the future:
    the view holds no path to the game or its die)."""

    __slots__ = ("_state", "player", "ruleset")

    def __init__(self, ruleset: PigRules, player: int, state: dict[str, Any] | None) -> None:
        self.ruleset = ruleset
        self.player = player
        self._state = state

    def state(self) -> dict[str, Any]:
        if self._state is None:
            raise LookupError("this view carries no state: the agent declared needs_state = False")
        return self._state


class Pig:
    """One game of Pig: build it with the model and one agent per seat, then :meth:`play`."""

    def __init__(self, ruleset: PigRules, agents: Sequence[Any], seed: int | str = 0, hooks: Any = None,
                 listeners: Iterable[Callable[[dict], None]] = (), colours: Sequence[str] | None = None
                 ) -> None:
        n = len(agents)
        colours = list(colours or ruleset.seats[:n])
        if not 2 <= n <= len(ruleset.seats) or len(colours) != n:
            raise ValueError(f"a game of Pig needs 2-{len(ruleset.seats)} players, got {n}")
        self.ruleset = ruleset
        self.agents = list(agents)
        self.colours = colours
        self.rng = random.Random(seed)
        self.listeners = list(listeners)
        self.scores = [0] * n
        self.turn_total = 0
        self.current = 0
        self.events: list[dict[str, Any]] = []
        self.aborted: str | None = None
        self.standings: list[dict[str, Any]] | None = None

    def emit(self, event_type: str, /, **data: Any) -> None:
        if len(self.events) >= self.ruleset.step_cap:
            self.aborted = f"step cap of {self.ruleset.step_cap} exceeded"
            raise StepCapExceeded(self.aborted)
        event = {"e": event_type, **data}
        self.events.append(event)
        for listener in self.listeners:
            listener(event)

    def snapshot(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "current": self.current, "turn_total": self.turn_total}

    def ask(self, decision: Decision) -> Any:
        agent = self.agents[decision.player]
        view = PigView(self.ruleset, decision.player, self.snapshot() if needs_state(agent) else None)
        answer = decision.check(agent.decide(decision, view))
        self.emit("decision", kind=decision.kind, player=decision.player, answer=answer)
        return answer

    def play(self) -> list[dict[str, Any]]:
        """Play turns until a seat reaches the goal; the standings, best first."""
        try:
            self.emit("game-start", players=len(self.agents), goal=self.ruleset.goal)
            while self.standings is None:
                self.play_turn()
                self.current = (self.current + 1) % len(self.agents)
            return self.standings
        except (StepCapExceeded, IllegalAnswer, UnscriptedDecision) as exc:
            self.aborted = self.aborted or f"{type(exc).__name__}: {exc}"
            self.events.append({"e": "abort", "reason": self.aborted})
            raise

    def play_turn(self) -> None:
        seat, rules = self.current, self.ruleset
        self.turn_total = 0
        while True:
            roll = 1 + int(self.rng.random() * rules.faces)
            self.emit("roll", player=seat, face=roll)
            if roll == rules.bust:
                self.emit("bust", player=seat, lost=self.turn_total)
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
        self.emit("game-end", standings=standings)
