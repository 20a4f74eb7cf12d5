"""Run: shrink a failing game to a small one that fails the same way.

A fuzzed game is its setup (the seats) and its choice stream (:mod:`rulecraft.runtime.fuzz.choices`); any
stream is a legal game, so shrinking is Hypothesis's over a sequence of integers: fewer seats, then whole
chunks of the stream cut (8, 4, 2, 1 values at a time, from the end), then each value lowered (to 0, else
by halves), round after round (fewer seats tried again on each smaller stream, and once the rest is stuck
with one chunk cut too: the turns of a seat that goes) until nothing shrinks or the budget is spent. A
candidate is kept when its replay fails with the same :attr:`~rulecraft.runtime.fuzz.games.Failure.key`
(the same ruling broken the same way), as the part of the stream its game read: a stream only shrinks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from rulecraft.runtime.fuzz.games import Failure, Played, Rig, Setup, replay


@dataclass(frozen=True, slots=True)
class Shrunk:
    """The smallest failing game found: its setup and stream, its failure, and what shrinking cost."""

    setup: Setup
    values: tuple[int, ...]
    failure: Failure
    replays: int
    seconds: float
    before: tuple[int, int]      # (players, stream length) of the game as first found


def shrink(rig: Rig, setup: Setup, values: list[int], failure: Failure, *, low: int = 1,
           budget: int = 4000) -> Shrunk:
    """Shrink a failing game (``low``: the fewest seats the game takes)."""
    start = time.perf_counter()
    key = failure.key
    spent = 0
    best_setup, best = setup, list(values)
    best_failure = failure

    def fails(candidate_setup: Setup, candidate: list[int]) -> Played | None:
        nonlocal spent
        spent += 1
        played = replay(rig, candidate_setup, candidate)
        return played if played.failure is not None and played.failure.key == key else None

    def take(played: Played, candidate_setup: Setup) -> None:
        nonlocal best_setup, best, best_failure
        best_setup, best = candidate_setup, list(played.choices)
        assert played.failure is not None
        best_failure = played.failure

    first = fails(setup, best)
    if first is None:       # the replay does not fail as the game did: nothing to shrink from
        return Shrunk(setup, tuple(values), failure, spent, time.perf_counter() - start,
                      (setup.players, len(values)))
    take(first, setup)

    def seats(cutting: bool) -> bool:
        """Fewer seats on the same stream (``cutting``: with one chunk cut too, a seat's turns gone)."""
        for players in range(low, best_setup.players):
            smaller = Setup(best_setup.agents[:players], best_setup.seed)
            candidates = [best] + [best[:i] + best[i + size:] for size in (8, 4, 2, 1) if cutting
                                   for i in range(len(best) - size, -1, -1)]
            for candidate in candidates:
                if spent >= budget:
                    return False
                found = fails(smaller, candidate)
                if found is not None:
                    take(found, smaller)
                    return True
        return False

    changed = True
    while changed and spent < budget:
        changed = seats(cutting=False)
        changed = _cut(fails, take, best_setup, lambda: best, budget, lambda: spent) or changed
        changed = _lower(fails, take, best_setup, lambda: best, budget, lambda: spent) or changed
        changed = changed or seats(cutting=True)     # the costly move, only once the others are stuck
    return Shrunk(best_setup, tuple(best), best_failure, spent, time.perf_counter() - start,
                  (setup.players, len(values)))


Fails = Callable[[Setup, list[int]], Played | None]
Take = Callable[[Played, Setup], None]


def _cut(fails: Fails, take: Take, setup: Setup, best: Callable[[], list[int]], budget: int,
         spent: Callable[[], int]) -> bool:
    changed = False
    for size in (8, 4, 2, 1):
        i = len(best()) - size
        while i >= 0 and spent() < budget:
            values = best()
            found = fails(setup, values[:i] + values[i + size:])
            if found is not None:
                take(found, setup)
                changed = True
            i = min(i - 1, len(best()) - size)
    return changed


def _lower(fails: Fails, take: Take, setup: Setup, best: Callable[[], list[int]], budget: int,
           spent: Callable[[], int]) -> bool:
    changed = False
    i = 0
    while i < len(best()) and spent() < budget:
        values = best()
        value = values[i]
        for lower in (0, *sorted({value // 2, value - 1} - {0, value})):
            if lower >= value:
                continue
            found = fails(setup, [*values[:i], lower, *values[i + 1:]])
            if found is not None:
                take(found, setup)
                changed = True
                break
        i += 1
    return changed
