"""The calibration loop: how fast this machine runs bare Python doing what a game of rulecraft does, so a
figure measured on a busy machine can be read (issue 27: "figures that hold on a noisy machine").

A noisy machine (load 2-8 here) moves the same command by ±25% in CPU time, and moves a bare Python loop by
about as much. So each benchmark that states a speed goal also runs this loop in the same rounds,
interleaved, and states its figure as a ratio to it too: the ratio holds where the absolute figure does not.

The loop is the bare minimum of the same games: seeded Tiny Epic Mechs games with four random seats are
played once and recorded as what they did (each decision, with how many options it had; each event, with
its type); the loop then replays that record with no rules at all: one ``random()`` draw per decision over
its options (the random agent's own draw) and, per event, one count by its type (as summary mode counts).
A game's rules, decisions and bookkeeping cost rulecraft its ratio below 1.
"""

from __future__ import annotations

import functools
import random
import time
from typing import Any

GAMES = 200           # recorded games; the loop replays them as often as it needs for a steady figure
MIN_SECONDS = 0.3     # CPU seconds a measurement lasts at least

# per game, in order: > 0 a decision over that many options, < 0 an event (the code of its type)
Trace = tuple[tuple[int, ...], ...]


@functools.cache
def traces(games: int = GAMES) -> Trace:
    """What ``games`` seeded 4-random-seat Tiny Epic Mechs games did, in order (played once per process)."""
    from rulecraft.plugins.tem.build import load_ruleset
    from rulecraft.plugins.tem.engine import Game
    from rulecraft.runtime.decisions import Decision, RandomAgent

    class Recording(RandomAgent):
        """A random seat that notes how many options each of its decisions had (one draw, as ``sim``'s)."""

        def __init__(self, seed: str, into: list[int]) -> None:
            super().__init__(seed)
            self.into = into

        def pick_index(self, n: int) -> int:
            self.into.append(n)
            return super().pick_index(n)

        def decide(self, decision: Decision, view: Any) -> Any:
            self.into.append(len(decision.options))
            return super().decide(decision, view)

    ruleset = load_ruleset()
    codes: dict[str, int] = {}
    out = []
    for seed in range(games):
        trace: list[int] = []
        def event(e: dict[str, Any], trace: list[int] = trace) -> None:
            trace.append(-codes.setdefault(e["e"], len(codes) + 1))

        game = Game(ruleset, [Recording(f"calibration:{seed}/{s}", trace) for s in range(4)],
                    seed=f"calibration:{seed}", listeners=[event])
        game.play()
        out.append(tuple(trace))
    return tuple(out)


def replay(trace: Trace, rng: random.Random) -> int:
    """The bare loop over ``trace``: a draw per decision, a count per event; returns the draws' sum (so
    nothing is optimised away)."""
    total = 0
    for game in trace:
        counts: dict[int, int] = {}
        for step in game:
            if step > 0:
                total += int(rng.random() * step)
            else:
                counts[step] = counts.get(step, 0) + 1
    return total


def rate() -> float:
    """Recorded games per CPU second of the bare loop, replayed for at least ``MIN_SECONDS``."""
    trace = traces()
    rng = random.Random(0)
    rounds, start = 0, time.process_time()
    while True:
        replay(trace, rng)
        rounds += 1
        spent = time.process_time() - start
        if spent >= MIN_SECONDS:
            return rounds * len(trace) / spent


def best_rate(tries: int = 3) -> float:
    """The best of ``tries`` measurements (the least disturbed), as the benchmarks take theirs."""
    return max(rate() for _ in range(tries))
