"""Run: Pig's engine, the ``engine`` of its GameDefinition.

On your turn you roll the die until you hold or roll the bust face (P1): holding banks the turn's points
(P3), a bust loses them (P2). The first seat to bank ``goal`` points wins at once (P4). Solo (one seat) is
won at a target: bank the goal within ``solo_turns`` turns, else it is lost (P5). The ids are Pig's rulings
(its definition's ``rulings``), cited where they decide, as every game cites its own. The rules are all
Pig writes: the seats, chance (each roll of the pack's die, logged), events and listeners, the step cap and
its clean abort, ``ask`` with its answer check and the view protocol come from rulecraft's runtime core
(:class:`~rulecraft.runtime.game.GameCore`).

Big Pig (designed; the rules' ``dice`` above one, the ``pig-big`` pack) throws several dice: a throw of only
bust faces loses the turn's points; otherwise the player sets aside the scoring dice one at a time, at least
one, each adding its face to the turn (a choice in steps, :class:`~rulecraft.runtime.steps.StepChoice`:
each step's options are the faces still on the table, plus ``stop`` after the first), then rolls the dice
not set aside again or holds. Once every die is set aside, all come back. Fewer dice rolled means a likelier
bust, so setting a small face aside is a real choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.plugins.manager import default_hooks
from rulecraft.runtime import outcomes
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.game import GameCore
from rulecraft.runtime.outcomes import Standing
from rulecraft.runtime.seats import next_after
from rulecraft.runtime.steps import StepChoice
from rulecraft_pig.game import GAME
from rulecraft_pig.model import PigRules

ROLL_OR_HOLD = "roll-or-hold"    # the one decision: ROLL again or HOLD the turn's points
ROLL, HOLD = "roll", "hold"
TURN_ROLL = "turn roll"          # what each throw of the die is for, as its chance event names it
SET_ASIDE = "set-aside"          # Big Pig's step: the face of a die to set aside, or STOP
STOP = "stop"
THROW = "big pig dice"           # what Big Pig's throws are for (their chance events)


class Pig(GameCore):
    """One game of Pig: build it with the model and one agent per seat, then :meth:`play`."""

    def __init__(self, ruleset: PigRules, agents: Sequence[Any], seed: int | str = 0, hooks: Any = None,
                 listeners: Iterable[Callable[[dict], None]] = (), colours: Sequence[str] | None = None
                 ) -> None:
        n = len(agents)
        colours = list(colours or ruleset.seats[:n])
        if not 1 <= n <= len(ruleset.seats) or len(colours) != n:
            raise ValueError(f"a game of Pig needs 1-{len(ruleset.seats)} players, got {n}")
        super().__init__(agents, seed, ruleset.step_cap, listeners, colours)
        self.ruleset = ruleset
        self.hooks = hooks if hooks is not None else default_hooks(GAME.id)
        self.scores = [0] * n
        self.turn_total = 0
        self.current = 0
        self.turns = 0                      # turns begun
        self.die = ruleset.die             # the pack's die: every roll throws it (Big Pig: several alike)

    def view_state(self, seat: int) -> dict[str, Any]:
        return self.snapshot()     # Pig hides nothing but the future: every seat sees the same

    def public_view(self) -> dict[str, Any]:
        return self.snapshot()     # the same: nothing is hidden

    def snapshot(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "current": self.current, "turn_total": self.turn_total}

    @property
    def solo(self) -> bool:
        return len(self.agents) == 1

    def run(self) -> list[Standing]:
        """Play turns until a seat reaches the goal (solo: or its turns run out); the standings, best
        first."""
        self.start()
        while self.standings is None:
            self.take_turn()
        return self.standings

    def start(self) -> None:
        solo = {"turns": self.ruleset.solo_turns} if self.solo else {}
        self.emit("game-start", players=len(self.agents), goal=self.ruleset.goal, **solo)

    def take_turn(self) -> None:
        """The current seat's turn, the solo game's end when its turns run out, and the die passed on."""
        self.turns += 1
        self.play_turn()
        if self.standings is None and self.solo and self.turns >= self.ruleset.solo_turns:
            self.finish()
        self.current = next_after(self.current, len(self.agents)) or 0

    def play_turn(self) -> None:
        if self.ruleset.dice > 1:
            return self.play_big_turn()
        seat, rules = self.current, self.ruleset
        self.turn_total = 0
        while True:
            roll = self.roll([self.die], TURN_ROLL)[0]            # P1: roll until a hold or a bust
            self.emit("roll", player=seat, face=roll)
            if roll == rules.bust:     # P2: the bust face loses the turn's points and ends the turn
                self.emit("bust", player=seat, lost=self.turn_total)
                self.hooks.turn_end(self, seat, 0)
                return
            self.turn_total += roll
            if self.scores[seat] + self.turn_total >= rules.goal:   # P4: the goal banks at once
                return self.hold(seat)
            context = {"turn_total": self.turn_total, "score": self.scores[seat]}
            if self.ask(Decision(ROLL_OR_HOLD, seat, (ROLL, HOLD), context)) == HOLD:
                return self.hold(seat)

    def play_big_turn(self) -> None:
        """A turn of Big Pig (see the module): throw, set aside in steps, roll the rest or hold."""
        seat, rules = self.current, self.ruleset
        self.turn_total = 0
        free = rules.dice
        while True:
            thrown = self.roll([self.die] * free, THROW)
            scoring = [face for face in thrown if face != rules.bust]
            if not scoring:            # P6: a throw of only bust faces loses the turn (Big Pig)
                self.emit("bust", player=seat, lost=self.turn_total)
                self.hooks.turn_end(self, seat, 0)
                return
            aside = StepChoice(self, SET_ASIDE, seat, done=STOP, at_least=1,
                               context={"thrown": tuple(thrown)})
            while scoring:
                face = aside.step(tuple(sorted(set(scoring))), {"turn_total": self.turn_total})
                if face == STOP:
                    break
                scoring.remove(face)   # P6: each die set aside adds its face
                free -= 1
                self.turn_total += face
                self.emit("set-aside", player=seat, face=face, turn_total=self.turn_total)
                if self.scores[seat] + self.turn_total >= rules.goal:
                    return self.hold(seat)
            free = free or rules.dice           # every die set aside: all come back
            context = {"turn_total": self.turn_total, "score": self.scores[seat], "dice": free}
            if self.choose(ROLL_OR_HOLD, seat, (ROLL, HOLD), context) == HOLD:
                return self.hold(seat)

    def hold(self, seat: int) -> None:
        self.scores[seat] += self.turn_total        # P3: holding banks the turn's points
        self.emit("hold", player=seat, banked=self.turn_total, total=self.scores[seat])
        self.hooks.turn_end(self, seat, self.turn_total)
        if self.scores[seat] >= self.ruleset.goal:
            self.finish()

    def finish(self) -> None:
        """The standings: most points first, equal scores share a rank (and a victory: nobody else can
        reach the goal at once). Solo: the target, the goal within ``solo_turns`` turns, reached or not."""
        scores, colours = self.scores, self.colours
        columns = lambda seat: {"colour": colours[seat], "score": scores[seat]}   # noqa: E731
        if self.solo:          # P5: solo, the goal within the turns is a win, else a loss
            target = f"{self.ruleset.goal} points within {self.ruleset.solo_turns} turns"
            self.standings = [outcomes.target(0, scores[0] >= self.ruleset.goal, target, score=scores[0],
                                              keys=(scores[0],), details=columns(0))]
        else:
            self.standings = outcomes.rank({seat: (score,) for seat, score in enumerate(scores)},
                                           score=scores.__getitem__, details=columns)
        self.finished = True
        end: dict[str, Any] = {"standings": [s.row() for s in self.standings]}
        if self.solo:
            end.update(target=self.standings[0].target, result=self.standings[0].result, turns=self.turns)
        self.emit("game-end", **end)
