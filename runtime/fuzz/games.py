"""Run: one fuzzed game, recorded or replayed from its choices, and how it failed, if it did.

A game fails when an invariant breaks (:mod:`rulecraft.runtime.invariants`: the game's own after every
event, the protocol's at its end), when it aborts (the step cap, an illegal answer, a rule that refuses to
go on) or when its engine raises anything else. The failure is a :class:`Failure` naming the ruling it
broke: the invariant's, or for an abort or an exception the ruling cited nearest to where it was raised in
the game's code (the last citation at or above the raising line, in the innermost file of the game on
the traceback that cites one), else ``protocol/ended`` or ``protocol/raised``. Its :attr:`Failure.key`
is what the shrinker keeps fixed: the same ruling broken the same way.
"""

from __future__ import annotations

import inspect
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecraft.runtime.fuzz.choices import ChoiceAgent, ChoiceChance, Choices, Overrun
from rulecraft.runtime.fuzz.coverage import RulingMap
from rulecraft.runtime.game import ABORTS
from rulecraft.runtime.invariants import Broken, Checker, Watch


@dataclass(frozen=True, slots=True)
class Setup:
    """What a fuzzed game is played with, beside its choices: the seats' agents (their count is the
    players') and the engine's seed (draws an engine makes before its chance source can be replaced)."""

    agents: tuple[str, ...]
    seed: str

    @property
    def players(self) -> int:
        return len(self.agents)


@dataclass(frozen=True, slots=True)
class Failure:
    """How a game failed: ``kind`` (``invariant``, ``abort``, ``exception``), the ruling broken and what
    happened, and where (``file:line`` of an exception's raise; empty for an invariant)."""

    kind: str
    ruling: str
    message: str
    where: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.kind, self.ruling, self.where if self.kind == "exception" else "")

    def __str__(self) -> str:
        return f"{self.ruling} ({self.kind}): {self.message}" + (f" at {self.where}" if self.where else "")


class Stop(Exception):
    """Raised by the checker's listener when an invariant breaks: the game stops at the event that broke
    it (not one of the core's aborts, so ``GameCore.play`` lets it through unmarked)."""


@dataclass(slots=True)
class Played:
    """One game played on a stream: the game, its failure (None: clean), the stream it read, its draws,
    and the index of the event the failure came at (the game's last event otherwise)."""

    game: Any
    failure: Failure | None
    choices: list[int]
    draws: list[tuple[str, Any]]
    failed_at: int
    seen: dict[str, set[str]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Rig:
    """What every game of a fuzzing run is built from: the model, the engine, the hooks, the game's agent
    factories and ``make_agent``, its invariants' factory and its ruling map."""

    ruleset: Any
    engine: Callable[..., Any]
    hooks: Any
    make_agent: Callable[[str, str], Any]
    invariants: Callable[[Any], Watch] | None
    rulings: RulingMap

    @classmethod
    def of(cls, table: Any) -> Rig:
        """The rig of a simulation's table (``rulecraft.runtime.balance.batch.Table``): its game's
        invariants and the ruling map of its game's package, but for the invariants' own module (it
        names the rulings it checks after every event: that is no rule deciding)."""
        from rulecraft.runtime.agents import make_agent
        from rulecraft.runtime.fuzz.coverage import package_files, ruling_map
        from rulecraft.runtime.games import get, registered

        game = str(table.ruleset.source["game"])
        definition = get(game)
        invariants = definition.invariants.load() if definition.invariants is not None else None
        checker = Path(inspect.getfile(invariants)).resolve() if invariants is not None else None
        files = [path for path in package_files(registered()[game].target) if path != checker]
        rulings = ruling_map(files, definition.rulings)
        agents = table.agents
        return cls(table.ruleset, table.engine, table.hooks,
                   lambda name, seed: make_agent(name, seed, agents), invariants, rulings)


def play(rig: Rig, setup: Setup, choices: Choices, *, agents: bool = True, hooks: Any = None,
         stop: bool = True) -> Played:
    """Play one game on ``choices``: with ``agents`` the seats' agents answer past the stream's end (a
    recording), else the stream answers everything (a replay). ``stop``: the game stops at a broken
    invariant (else it plays on, for a transcript of the whole step that broke it)."""
    seats = [ChoiceAgent(choices, rig.make_agent(name, f"{setup.seed}/{seat}"), ask=agents)
             for seat, name in enumerate(setup.agents)]
    holder: list[Checker] = []
    broke: list[int] = []

    def listen(event: dict[str, Any]) -> None:
        checker = holder[0]
        if checker.broken is None:
            checker.listen(event)
            if checker.broken is not None:
                broke.append(len(checker.game.events) - 1)
                if stop:
                    raise Stop(str(checker.broken))

    game = rig.engine(rig.ruleset, seats, seed=setup.seed, hooks=hooks or rig.hooks, listeners=[listen])
    chance = ChoiceChance(choices)
    game.chance = chance
    checker = Checker(game, rig.invariants)
    holder.append(checker)
    failure: Failure | None = None
    overran = False
    try:
        game.play()
    except Stop:
        pass
    except Overrun:
        overran = True
    except ABORTS as exc:
        failure = Failure("abort", _nearest(rig.rulings, exc) or "protocol/ended", game.aborted or str(exc))
    except RecursionError as exc:
        failure = Failure("exception", "protocol/raised", f"RecursionError: {exc}", _where(exc))
    except Exception as exc:   # an engine bug: the failure the fuzzer is for
        failure = Failure("exception", _nearest(rig.rulings, exc) or "protocol/raised",
                          f"{type(exc).__name__}: {exc}", _where(exc))
    if failure is None and not overran:
        broken = checker.broken or (checker.finish() if not broke else None)
        if broken is not None:
            failure = _invariant(broken)
    at = broke[0] if broke else len(game.events) - 1
    return Played(game, failure, choices.used(), chance.draws, at)


def _invariant(broken: Broken) -> Failure:
    return Failure("invariant", broken.ruling, broken.message)


def _frames(exc: BaseException) -> list[traceback.FrameSummary]:
    return list(traceback.extract_tb(exc.__traceback__))


def _where(exc: BaseException) -> str:
    frames = _frames(exc)
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""


def _nearest(rulings: RulingMap, exc: BaseException) -> str | None:
    """The ruling cited nearest above the raising line, in the innermost game function on the way."""
    for frame in reversed(_frames(exc)):
        table = rulings.lines.get(frame.filename)
        if not table or frame.lineno is None:
            continue
        above = [line for line in table if line <= frame.lineno]
        if above:
            return sorted(table[max(above)])[0]
    return None


OVERRUN = 16   # zeros a replay may read past its stream before it is stopped as not failing


def replay(rig: Rig, setup: Setup, values: Sequence[int], *, stop: bool = True) -> Played:
    """The game of a stream alone (no agent, no RNG past its end). Stopping (the shrinker's replays), a
    game that reads more than ``OVERRUN`` zeros past the stream's end stops there, as not failing: its
    failure was not within reach of the stream (a game of zeros may play on to its step cap)."""
    return play(rig, setup, Choices(values, overrun=OVERRUN if stop else None), agents=False, stop=stop)
