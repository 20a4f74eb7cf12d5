"""Run: chance as data and as logged events: dice whose faces a pack declares, the seeded source every
roll, shuffle and pick of a game draws from, and the strict scripted source of rule tests.

A game never draws from its RNG directly: it calls :meth:`~rulecraft.runtime.game.GameCore.roll`,
``shuffle`` or ``pick`` with what the draw is for (``what``, a few words: ``"night dice"``, ``"weapon
deck"``), and the core asks its chance source and logs one ``chance`` event. The seeded source
(:class:`SeededChance`) draws from the game's ``random.Random(seed)`` in call order, exactly as the engines
drew before chance was a service, so the same seed gives the same game. A rule scenario installs a
:class:`ScriptedChance` instead: it names the faces, cards or picks that come, and a draw it did not script,
or a script left unused, fails naming the draw (XMage's strict choose, for chance).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Die:
    """One die: its id and its faces, in order (what a pack declares; ``designed`` when the rule texts give
    no faces and the pack designed them, so docs and reports can say so)."""

    id: str
    faces: tuple[Any, ...]
    designed: bool = False


class UnscriptedChance(LookupError):
    """A scripted chance source was asked for a draw its script does not name (or names otherwise)."""


class ChanceSource(Protocol):
    """Where a game's chance comes from: each call is one draw, named by ``what``."""

    def roll(self, dice: Sequence[Die], what: str) -> list[Any]: ...

    def shuffle(self, items: list[Any], what: str) -> None: ...

    def pick(self, options: Sequence[Any], what: str) -> Any: ...


class SeededChance:
    """The game's seeded RNG behind every draw, in call order: a die is one ``random()`` (a face by its
    index), a shuffle is ``random.shuffle``, a pick is ``randrange`` over the options."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self, dice: Sequence[Die], what: str) -> list[Any]:
        rng = self.rng
        return [die.faces[int(rng.random() * len(die.faces))] for die in dice]

    def shuffle(self, items: list[Any], what: str) -> None:
        self.rng.shuffle(items)

    def pick(self, options: Sequence[Any], what: str) -> Any:
        return options[self.rng.randrange(len(options))]


@dataclass(frozen=True, slots=True)
class Draw:
    """One scripted draw: which draw it answers (``what``, as the game names it) and its result: the faces of
    a roll (one per die), the cards that come first in a shuffle (the rest keep their order after them), or
    the option a pick takes."""

    what: str
    result: Any


class ScriptedChance:
    """Draws from a script, in order; strict. A draw whose ``what`` is not the script's next raises
    :class:`UnscriptedChance` naming both, and so does a result the draw cannot give (a face the die does
    not have, a card not in the shuffled items). With ``fallback`` (a seeded source), draws of a ``what``
    the script never names come from it, so a scenario scripts only the chance it is about.
    :meth:`unused` is what the script still holds once the scenario ends: a scenario fails on it."""

    __slots__ = ("fallback", "named", "script")

    def __init__(self, script: Iterable[Draw], fallback: ChanceSource | None = None) -> None:
        self.script: deque[Draw] = deque(script)
        self.named = frozenset(draw.what for draw in self.script)
        self.fallback = fallback

    def unused(self) -> list[Draw]:
        return list(self.script)

    def _next(self, kind: str, what: str) -> Draw | None:
        """The scripted draw answering this one, or None when the fallback takes it."""
        if self.fallback is not None and what not in self.named:
            return None
        if not self.script:
            raise UnscriptedChance(f"unscripted {kind} ({what}): the chance script is used up")
        if self.script[0].what != what:
            raise UnscriptedChance(f"unscripted {kind} ({what}): the chance script's next draw is "
                                   f"{self.script[0].what!r}")
        return self.script.popleft()

    def roll(self, dice: Sequence[Die], what: str) -> list[Any]:
        draw = self._next("roll", what)
        if draw is None:
            assert self.fallback is not None
            return self.fallback.roll(dice, what)
        faces = list(draw.result) if isinstance(draw.result, list | tuple) else [draw.result]
        if len(faces) != len(dice):
            raise UnscriptedChance(f"the roll ({what}) throws {len(dice)} dice; the script gives "
                                   f"{len(faces)} faces: {faces!r}")
        for die, face in zip(dice, faces, strict=True):
            if face not in die.faces:
                raise UnscriptedChance(f"the roll ({what}): {face!r} is not a face of die {die.id!r} "
                                       f"(faces: {', '.join(map(repr, die.faces))})")
        return faces

    def shuffle(self, items: list[Any], what: str) -> None:
        draw = self._next("shuffle", what)
        if draw is None:
            assert self.fallback is not None
            self.fallback.shuffle(items, what)
            return
        first = list(draw.result) if isinstance(draw.result, list | tuple) else [draw.result]
        rest = list(items)
        for card in first:
            if card not in rest:
                raise UnscriptedChance(f"the shuffle ({what}): {card!r} is not among the "
                                       f"{len(items)} items shuffled (or is scripted more often)")
            rest.remove(card)
        items[:] = first + rest

    def pick(self, options: Sequence[Any], what: str) -> Any:
        draw = self._next("pick", what)
        if draw is None:
            assert self.fallback is not None
            return self.fallback.pick(options, what)
        if draw.result not in options:
            shown = ", ".join(map(repr, options[:8])) + (", ..." if len(options) > 8 else "")
            raise UnscriptedChance(f"the pick ({what}): {draw.result!r} is not one of its options ({shown})")
        return draw.result


def words(event: dict[str, Any]) -> str:
    """A ``chance`` event in plain words, for a front end that narrates it: what it was for and what came
    (``turn roll: d6 shows 4``). A shuffle's order and a hidden pick's result are in no event, nor here."""
    what, kind = event["what"], event["kind"]
    if kind == "roll":
        shown = zip(event["dice"], event["faces"], strict=True)
        return f"{what}: " + ", ".join(f"{die} shows {face}" for die, face in shown)
    if kind == "shuffle":
        return f"{what}: {event['count']} shuffled"
    if "result" in event:
        return f"{what}: {event['result']} (by chance, of {event['count']})"
    return f"{what}: one of {event['count']}, unseen"
