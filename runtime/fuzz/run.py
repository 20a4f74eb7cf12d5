"""Run: a fuzzing run: many recorded games, steered toward what no game has hit yet, until one fails.

Each game is an **arm** (how many seats and which agents: every seat one of the game's agents, or a mix
drawn per seat) and either a fresh seed or a **steered** start: the prefix of a stream from the corpus of
games that hit something new, replayed, then played on with fresh draws and the agents' own answers, so
play goes on from a state near where new coverage was found (AFL's corpus, on a game's choices). Arms
are picked by UCB1 on the new coverage each found per game; half the games after the first round are
steered. The first failing game stops the run and is shrunk (:mod:`rulecraft.runtime.fuzz.shrink`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulecraft.runtime.fuzz.choices import Choices
from rulecraft.runtime.fuzz.coverage import Coverage, Tracer, counting_hooks
from rulecraft.runtime.fuzz.games import Played, Rig, Setup, play
from rulecraft.runtime.fuzz.shrink import Shrunk, shrink

MIXED = "mixed"
CORPUS_CAP = 64


@dataclass(frozen=True, slots=True)
class Arm:
    players: int
    agent: str          # every seat this agent, or MIXED: each seat's drawn from the game's agents

    def __str__(self) -> str:
        return f"{self.players}p {self.agent}"


@dataclass(slots=True)
class Found:
    """A failing game: as found (its setup and stream) and shrunk."""

    setup: Setup
    game: int
    played: Played
    shrunk: Shrunk | None = None


@dataclass(slots=True)
class Run:
    """What a fuzzing run did: games played (and steered), seconds, coverage, per arm (games, new items),
    the failure found."""

    games: int = 0
    steered: int = 0
    seconds: float = 0.0
    coverage: Coverage = field(default_factory=Coverage)
    arms: dict[str, list[int]] = field(default_factory=dict)
    found: Found | None = None
    growth: list[tuple[int, int]] = field(default_factory=list)   # (games, rulings covered) as it grew


def arms(seats: tuple[int, int], agents: Sequence[str]) -> list[Arm]:
    """Every seat count of the game with each of its agents alone, and mixed when it has several."""
    kinds = [*agents, MIXED] if len(agents) > 1 else list(agents)
    return [Arm(n, kind) for n in range(seats[0], seats[1] + 1) for kind in kinds]


class Fuzzer:
    """A run over one rig (see the module). ``seed`` makes the run repeatable: the same seed, budget and
    game give the same games."""

    def __init__(self, rig: Rig, seats: tuple[int, int], agents: Sequence[str], seed: str,
                 coverage: bool = True) -> None:
        self.rig = rig
        self.seats = seats
        self.agents = list(agents)
        self.arms = arms(seats, self.agents)
        self.rng = random.Random(f"fuzz/{seed}")
        self.seed = seed
        self.tracer = Tracer(rig.rulings) if coverage else None
        self.corpus: list[tuple[Arm, Setup, list[int]]] = []
        self.run = Run(arms={str(arm): [0, 0] for arm in self.arms})

    def fuzz(self, games: int, seconds: float | None = None, shrink_budget: int = 4000,
             progress: Callable[[Run], None] | None = None) -> Run:
        start = time.perf_counter()
        run = self.run
        for index in range(games):
            if seconds is not None and time.perf_counter() - start > seconds:
                break
            played, setup = self._one(index)
            run.games += 1
            if progress is not None:
                progress(run)
            if played.failure is not None:
                run.found = Found(setup, index, played)
                break
        run.seconds = time.perf_counter() - start
        if run.found is not None:
            found = run.found
            assert found.played.failure is not None
            found.shrunk = shrink(self.rig, found.setup, found.played.choices, found.played.failure,
                                  low=self.seats[0], budget=shrink_budget)
        return run

    def _pick(self, index: int) -> Arm:
        stats = self.run.arms
        untried = [arm for arm in self.arms if stats[str(arm)][0] == 0]
        if untried:
            return untried[0]
        total = sum(games for games, _ in stats.values())

        def score(arm: Arm) -> float:
            games, new = stats[str(arm)]
            return new / games + math.sqrt(2 * math.log(total) / games)
        return max(self.arms, key=score)

    def _one(self, index: int) -> tuple[Played, Setup]:
        run, rng = self.run, self.rng
        steer = bool(self.corpus) and index >= len(self.arms) and rng.random() < 0.5
        if steer:
            arm, setup, values = self.corpus[rng.randrange(len(self.corpus))]
            prefix = values[: rng.randrange(len(values) + 1)]
            run.steered += 1
        else:
            arm = self._pick(index)
            setup = Setup(self._seats(arm), f"{self.seed}:{index}")
            prefix = []
        choices = Choices(prefix, random.Random(f"{setup.seed}/chance/{index}"))
        hooks_seen: set[str] = set()
        hooks = counting_hooks(self.rig.hooks, hooks_seen)
        seen: dict[str, set[str]] = {}
        if self.tracer is not None:
            seen = self.tracer.start()
        try:
            played = play(self.rig, setup, choices, hooks=hooks)
        finally:
            if self.tracer is not None:
                self.tracer.stop()
        seen["hooks"] = hooks_seen
        seen["decisions"] = {e["kind"] for e in played.game.events if e["e"] == "decision"}
        new = run.coverage.add(index, seen)
        stats = run.arms[str(arm)]
        stats[0] += 1
        stats[1] += new
        if new:
            run.growth.append((index + 1, len(run.coverage.first["rulings"])))
            self.corpus.append((arm, setup, played.choices))
            del self.corpus[:-CORPUS_CAP]
        played.seen = seen
        return played, setup

    def _seats(self, arm: Arm) -> tuple[str, ...]:
        if arm.agent != MIXED:
            return (arm.agent,) * arm.players
        return tuple(self.rng.choice(self.agents) for _ in range(arm.players))


def universe(rig: Rig, hooks: Sequence[str], context: Sequence[str]) -> dict[str, set[str]]:
    """What a run could hit, where it is known beforehand: the rulings the game's code paths cite, its hook
    points, the methods of its effect context."""
    return {"rulings": rig.rulings.traced, "hooks": set(hooks), "context": set(context)}


def summary(run: Run, known: dict[str, set[str]], rig: Rig) -> dict[str, Any]:
    """The run as plain data (``--json``, the report): per kind, what was hit and when first, what never."""
    out: dict[str, Any] = {"games": run.games, "steered": run.steered, "seconds": round(run.seconds, 3),
                           "games_per_second": round(run.games / run.seconds, 2) if run.seconds else None,
                           "arms": {arm: {"games": g, "new": n} for arm, (g, n) in run.arms.items()},
                           "growth": run.growth}
    coverage = {}
    for kind, first in run.coverage.first.items():
        everything = known.get(kind, set()) | set(first)
        never = sorted(everything - set(first), key=_natural)
        entry: dict[str, Any] = {
            "hit": {item: {"first_game": first[item], "games": run.coverage.games[kind][item]}
                    for item in sorted(first, key=_natural)},
            "never": never}
        if kind == "rulings":
            entry["no_code_path"] = sorted(rig.rulings.prose - rig.rulings.traced, key=_natural)
            entry["known"] = len(everything)
        coverage[kind] = entry
    out["coverage"] = coverage
    return out


def _natural(text: str) -> tuple[Any, ...]:
    """``T2`` before ``T10``."""
    head = text.rstrip("0123456789")
    tail = text[len(head):]
    return (head, int(tail) if tail else -1, text)
