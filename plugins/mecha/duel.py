"""Report: seeded Mecha Game matches between two agents, with 95% intervals.

``python -m rulecraft.plugins.mecha.duel --games 1000 --agents heuristic,random`` plays the starter decks
of ``mecha-core``; the agents swap seats every game and the first player comes from each game's seeded
RNG (M4), so neither a seat nor a deck favours one agent. It prints each agent's win rate, the seat and
first-player win rates, how games ended and their length (``mecha.metrics``), and each agent's mean and
slowest CPU time per decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from rulecraft.plugins.mecha.agents import AGENTS
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.metrics import record, summarize
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.runtime.decisions import Decision


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
    """Play ``games`` seeded games; the summary (``mecha.metrics``) plus each agent's decision times."""
    ruleset = core_ruleset()
    timers = [Timed(AGENTS[n](f"{seed}:{n}:{i}")) for i, n in enumerate(names)]
    labels = [f"{n}#{i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]
    records = []
    for i in range(games):
        seats = (0, 1) if i % 2 == 0 else (1, 0)
        game = MechaGame(ruleset, [timers[s] for s in seats], seed=f"{seed}:{i}")
        game.play()
        records.append(record(game, [labels[s] for s in seats]))
    summary = summarize(records)
    summary["decisions"] = {label: {"us_mean": 1e6 * t.seconds / max(t.decisions, 1),
                                    "ms_slowest": 1e3 * t.slowest, "count": t.decisions}
                            for label, t in zip(labels, timers, strict=True)}
    return summary


def _rate(e: dict[str, Any]) -> str:
    return f"{e['value']:.3f} ({e['low']:.3f}-{e['high']:.3f})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulecraft.plugins.mecha.duel", description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--agents", default="heuristic,random")
    parser.add_argument("--seed", default="duel")
    args = parser.parse_args(argv)
    names = args.agents.split(",")
    if len(names) != 2 or any(n not in AGENTS for n in names):
        parser.error(f"--agents needs two of {', '.join(sorted(AGENTS))}")
    s = duel(names, args.games, args.seed)
    print(f"{s['games']} games, rates with 95% Wilson intervals (a draw counts half)")
    for agent, e in s["agent_win"].items():
        print(f"  {agent} wins {_rate(e)}")
    print(f"  seat a wins {_rate(s['seat_win']['a'])}; first player wins {_rate(s['first_player_win'])}")
    print("  ends: " + ", ".join(f"{reason} {_rate(e)}" for reason, e in s["ends"].items()))
    length = s["length"]
    print(f"  length {length['value']:.1f} turns ({length['low']:.1f}-{length['high']:.1f})")
    for agent, d in s["decisions"].items():
        print(f"  {agent}: {d['us_mean']:.1f} µs CPU per decision, slowest {d['ms_slowest']:.2f} ms, "
              f"{d['count']} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
