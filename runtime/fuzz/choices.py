"""Run: a game as a sequence of choices, so that a failing game can be replayed and shrunk.

Every choice point of a game (each answer a seat gives, each die face, shuffle swap and pick that chance
makes) reads one small integer from a :class:`Choices` stream, in the order the game reaches them: an
answer is its option's index, a face its index on the die, a shuffle one Fisher-Yates swap per card, a pick
its option's index. A fuzzed game *records* the stream (chance draws fresh values from the game's seeded
RNG, a seat's agent answers and its answer is written down as indices); a *replay* reads a stream back with
no agent and no RNG, so the game is a function of its stream. A value too large for its choice point is
taken modulo the number of options and a stream that runs out reads zeros (the first option, the first
face), so any stream is a legal game: the shrinker (:mod:`rulecraft.runtime.fuzz.shrink`) may cut and lower
it freely, Hypothesis's choice-sequence shrinking applied to a whole game.

The draws are kept too (:attr:`ChoiceChance.draws`, ``(what, result)`` in order): what a rule scenario
scripts as its ``chance``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.chance import Die
from rulecraft.runtime.decisions import Decision, needs_state


class Overrun(Exception):
    """A replay read further past its stream's end than it may (:class:`Choices` ``overrun``): a candidate
    of the shrinker that did not reach its failure within the stream, stopped before it plays on and on."""


class Choices:
    """The stream: recording (``rng`` set: past the end, values are drawn and appended) or replaying (past
    the end, zeros; more than ``overrun`` of them raise :class:`Overrun`). ``values`` is the whole stream
    read so far."""

    __slots__ = ("at", "overrun", "rng", "values")

    def __init__(self, values: Sequence[int] = (), rng: random.Random | None = None,
                 overrun: int | None = None) -> None:
        self.values = list(values)
        self.rng = rng
        self.overrun = overrun
        self.at = 0

    @property
    def recording(self) -> bool:
        return self.rng is not None

    def draw(self, n: int) -> int:
        """An index in ``range(n)`` from the stream."""
        if n <= 1:
            return 0
        at = self.at
        self.at += 1
        if at < len(self.values):
            return self.values[at] % n
        if self.rng is None:
            if self.overrun is not None and at - len(self.values) >= self.overrun:
                raise Overrun(f"the replay read {self.overrun} choices past its stream")
            return 0
        value = self.rng.randrange(n)
        self.values.append(value)
        return value

    def put(self, value: int) -> None:
        """Record a value chosen outside the stream (an agent's answer) at the current point."""
        if self.at < len(self.values):
            self.values[self.at] = value
        else:
            self.values.append(value)
        self.at += 1

    def used(self) -> list[int]:
        """The values the game read: a replay of these plays the same game."""
        return self.values[: self.at]


class ChoiceChance:
    """The game's chance source on a stream (a :class:`~rulecraft.runtime.chance.ChanceSource`)."""

    __slots__ = ("choices", "draws")

    def __init__(self, choices: Choices) -> None:
        self.choices = choices
        self.draws: list[tuple[str, Any]] = []

    def roll(self, dice: Sequence[Die], what: str) -> list[Any]:
        draw = self.choices.draw
        faces = [die.faces[draw(len(die.faces))] for die in dice]
        self.draws.append((what, faces[0] if len(faces) == 1 else list(faces)))
        return faces

    def shuffle(self, items: list[Any], what: str) -> None:
        draw = self.choices.draw
        for i in range(len(items) - 1, 0, -1):
            j = draw(i + 1)
            items[i], items[j] = items[j], items[i]
        self.draws.append((what, list(items)))

    def pick(self, options: Sequence[Any], what: str) -> Any:
        result = options[self.choices.draw(len(options))]
        self.draws.append((what, result))
        return result


class ChoiceAgent:
    """A seat on the stream: past the stream's end it asks ``inner`` (the seat's own agent) and writes its
    answer down as option indices; within it (a replay, or the prefix a steered game starts from) it
    answers from the stream. A replay (``ask`` false) never asks ``inner``, but the seat is still its
    agent for whatever the game reads of it (an automated seat's marker): attributes come from ``inner``. A
    multi-pick answer is ``pick`` indices; one the decision refuses (a card used twice) is mended to the
    next legal options, so every stream stays a legal game."""

    def __init__(self, choices: Choices, inner: Any, ask: bool = True) -> None:
        self.choices = choices
        self.inner = inner
        self.ask = ask
        self.needs_state = ask and needs_state(inner)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("decide", "pick_index"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    def decide(self, decision: Decision, view: Any) -> Any:
        options, choices = decision.options, self.choices
        if self.ask and choices.at >= len(choices.values):
            answer = decision.check(self.inner.decide(decision, view))
            if len(options) > 1:      # a choice of one reads nothing from the stream (``Choices.draw``)
                for item in (answer,) if decision.pick == 1 else answer:
                    choices.put(options.index(item))
            return answer
        if decision.pick == 1:
            return options[choices.draw(len(options))]
        return _mended(decision, [choices.draw(len(options)) for _ in range(decision.pick)])


def _mended(decision: Decision, indices: list[int]) -> tuple[Any, ...]:
    """The picks at ``indices``, each moved on to the next option that keeps the answer legal."""
    options, key = decision.options, decision.distinct.key if decision.distinct else None
    taken: list[Any] = []
    used: set[Any] = set()
    for index in indices:
        for step in range(len(options)):
            option = options[(index + step) % len(options)]
            mark = key(option) if key is not None else (index + step) % len(options)
            if mark not in used:
                used.add(mark)
                taken.append(option)
                break
    return decision.check(tuple(taken))
