"""Run: choices in steps, one seat's choice made of several small decisions whose later options depend on
the earlier answers (TAG's extended sequences, written as straight-line code).

A :class:`Decision` lists every legal answer up front. Some choices are better asked a piece at a time: set
aside dice one by one until you stop (Pig's Big Pig), give each rolled face to one of your heroes with a
reroll between (Tiny Epic Quest's use step, Q19), move items between heroes (Q25). The engine writes such a
choice as a loop over :meth:`StepChoice.step`, computing each step's options from what it has applied so
far::

    aside = StepChoice(self, SET_ASIDE, seat, done=STOP, at_least=1)
    while scoring and (face := aside.step(sorted(set(scoring)))) != STOP:
        scoring.remove(face)          # the next step's options no longer hold this die
        ...

Each step is one ordinary single-pick decision asked through :meth:`GameCore.choose
<rulecraft.runtime.game.GameCore.choose>`: validated (an illegal answer is ``IllegalAnswer`` before the
engine applies anything of it), logged as one ``decision`` event, answered by a scripted or recorded agent
like any other, and taken by the random agent's ``pick_index`` fast path. So logs, replay and the agents
know nothing of sequences, and a held-open game answered one decision at a time (with undo of a seat's last
answer) works step by step: undoing a step is undoing one answer. A sequence keeps no state a replay of its
answers does not rebuild.

What an agent sees: each step's ``decision.context`` holds the sequence's own context and the step's, plus
``step`` (0 for the first), ``chosen`` (the answers so far, done excluded), ``done`` (the answer that ends
the sequence, when it has one, and only once it is offered) and ``left`` (steps left, when it has a count),
so a heuristic can plan the whole sequence. A seat answered by index gets no context built at all.

A sequence ends when the seat answers ``done`` (offered after ``at_least`` steps), after ``count`` steps,
or when the engine stops asking (nothing left to choose).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.game import GameCore

NO_DONE: Any = object()     # a sequence without a done answer (``None`` may be a game's done answer)


class StepChoice:
    """One seat's choice in steps, of one decision ``kind``: ask each step with :meth:`step`."""

    __slots__ = ("at_least", "chosen", "context", "count", "done", "finished", "game", "kind", "seat")

    def __init__(self, game: GameCore, kind: str, seat: int, *, done: Any = NO_DONE, count: int | None = None,
                 at_least: int = 0, context: dict[str, Any] | None = None) -> None:
        if done is NO_DONE and count is None:
            raise ValueError(f"the {kind} choice in steps needs an end: a done answer, a count, or both")
        if count is not None and not 0 <= at_least <= count:
            raise ValueError(f"the {kind} choice in steps cannot need {at_least} of at most {count} steps")
        self.game = game
        self.kind = kind
        self.seat = seat
        self.done = done            # the answer that ends the sequence (offered after ``at_least`` steps)
        self.count = count          # the most steps, when the sequence has a count
        self.at_least = at_least
        self.context = {} if context is None else context
        self.chosen: list[Any] = []     # the answers so far, ``done`` excluded
        self.finished = False

    def step(self, options: Sequence[Any], context: dict[str, Any] | None = None) -> Any:
        """Ask the next step over ``options`` (plus ``done`` once it is offered) and return the answer;
        ``context`` adds this step's facts to the sequence's. The answer is validated and logged before it
        is returned, so the engine applies only legal answers."""
        if self.finished:
            raise RuntimeError(f"the {self.kind} choice in steps has ended; it asks no more steps")
        offers_done = self.done is not NO_DONE and len(self.chosen) >= self.at_least
        if offers_done:
            options = (*options, self.done)
        if not options:
            raise RuntimeError(f"step {len(self.chosen)} of the {self.kind} choice in steps has no options")
        game, seat = self.game, self.seat
        if game.by_index(seat):        # the fast path: no Decision, so no context to build
            answer = game.choose(self.kind, seat, options)
        else:
            answer = game.choose(self.kind, seat, options, self.step_context(offers_done, context))
        if offers_done and answer == self.done:
            self.finished = True
            return answer
        self.chosen.append(answer)
        if self.count is not None and len(self.chosen) >= self.count:
            self.finished = True
        return answer

    def step_context(self, offers_done: bool, context: dict[str, Any] | None) -> dict[str, Any]:
        """What a step's decision tells its agent: the sequence's and the step's facts, where it is."""
        facts = {**self.context, **(context or {}), "step": len(self.chosen), "chosen": tuple(self.chosen)}
        if offers_done:
            facts["done"] = self.done
        if self.count is not None:
            facts["left"] = self.count - len(self.chosen)
        return facts
