"""Report: seeded Mecha Game matches between two agents, with a 95% interval on the win rate.

``python -m rulecraft.plugins.mecha.duel --games 1000 --agents heuristic,random`` plays the starter decks
of ``mecha-core``; the agents swap seats every game and the first player comes from each game's seeded
RNG (M4), so neither a seat nor a deck favours one agent. It prints wins, draws, the win rate of the first
agent with its Wilson interval, how games ended, wins by seat and by turn order, the mean length, and each
agent's mean and slowest CPU time per decision.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rulecraft.plugins.mecha.agents import AGENTS
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.runtime.decisions import Decision


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a draw counts half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """Wraps an agent and adds up the CPU time it takes per decision (CPU time: a loaded machine's
    scheduling does not count against the agent)."""

    def __init__(self, agent: Any) -> None:
        self.agent, self.seconds, self.decisions, self.slowest = agent, 0.0, 0, 0.0
        self.needs_state = getattr(agent, "needs_state", True)

    def decide(self, decision: Decision, view: Any) -> Any:
        start = time.thread_time()
        answer = self.agent.decide(decision, view)
        took = time.thread_time() - start
        self.seconds += took
        self.slowest = max(self.slowest, took)
        self.decisions += 1
        return answer


def duel(names: Sequence[str], games: int, seed: str = "duel") -> dict[str, Any]:
    ruleset = core_ruleset()
    timers = [Timed(AGENTS[n](f"{seed}:{n}:{i}")) for i, n in enumerate(names)]
    wins, ends, seats, turns = Counter(), Counter(), Counter(), 0
    start = time.perf_counter()
    for i in range(games):
        order = timers if i % 2 == 0 else timers[::-1]
        game = MechaGame(ruleset, order, seed=f"{seed}:{i}")
        winner = game.play()
        turns += game.turn
        if winner is not None:
            seats["seat A" if winner == 0 else "seat B"] += 1
            seats["first player" if winner == game.first else "second player"] += 1
        ends[game.reason if winner is not None else "draw"] += 1
        if winner is None:
            wins["draw"] += 1
        else:
            wins[names[0] if (winner == 0) == (i % 2 == 0) else names[1]] += 1
    seconds = time.perf_counter() - start
    decisions = sum(t.decisions for t in timers)
    score = wins[names[0]] + wins["draw"] / 2
    return {"games": games, "wins": dict(wins), "rate": score / games, "interval": wilson(score, games),
            "ends": dict(ends), "seats": dict(seats), "mean_turns": turns / games,
            "us_per_decision_total": 1e6 * seconds / max(decisions, 1),
            "us_per_decision": {n: 1e6 * t.seconds / max(t.decisions, 1)
                                for n, t in zip(names, timers, strict=True)},
            "decisions": {n: t.decisions for n, t in zip(names, timers, strict=True)},
            "slowest_ms": {n: 1e3 * t.slowest for n, t in zip(names, timers, strict=True)}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulecraft.plugins.mecha.duel", description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--agents", default="heuristic,random")
    parser.add_argument("--seed", default="duel")
    args = parser.parse_args(argv)
    names = args.agents.split(",")
    unknown = [n for n in names if n not in AGENTS]
    if len(names) != 2 or unknown:
        parser.error(f"--agents needs two of {', '.join(sorted(AGENTS))}")
    r = duel(names, args.games, args.seed)
    low, high = r["interval"]
    print(f"{names[0]} vs {names[1]}, {r['games']} games: {r['wins']}")
    print(f"{names[0]} win rate {r['rate']:.3f} "
          f"(95% Wilson interval {low:.3f}-{high:.3f}; a draw counts half)")
    print(f"ends: {r['ends']}; wins by seat and turn order: {r['seats']}; "
          f"mean length {r['mean_turns']:.1f} turns")
    print(f"engine and agents: {r['us_per_decision_total']:.1f} µs per decision (wall time / decisions)")
    for n, us in r["us_per_decision"].items():
        print(f"{n}: {us:.1f} µs per decision over {r['decisions'][n]} decisions, "
              f"slowest {r['slowest_ms'][n]:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
