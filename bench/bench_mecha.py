"""Benchmark Mecha Game: seeded random games on mecha-core (games and decisions per CPU second, CPU µs
per decision) next to Tiny Epic Mechs' 2-player random games measured the same way in the same run, and
the heuristic agent's CPU time per decision (mean and slowest; it must decide within 5 ms).

Run with ``python -m bench mecha``. Set RULECRAFT_BENCH_GAMES to change the games per measurement
(default 300). CPU time, best of 3, the two games' runs interleaved: a shared machine's load moves
wall-clock figures, not these.
"""

from __future__ import annotations

import os
import time
from typing import Any

from rulecraft.plugins.mecha.agents import HeuristicAgent
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.runtime import games
from rulecraft.runtime.decisions import Decision, RandomAgent
from rulecraft.runtime.games import Ref

GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "300"))
REPEAT = 3


def _decisions(events: list[dict]) -> int:
    return sum(1 for e in events if e["e"] == "decision")


def _mecha(seed: int) -> int:
    game = MechaGame(core_ruleset(), [RandomAgent(f"b:{seed}/0"), RandomAgent(f"b:{seed}/1")],
                     seed=f"b:{seed}")
    game.play()
    return _decisions(game.events)


_TEM: list = []


def _tem_game():
    """TEM's engine and core ruleset, found through its game definition (wherever the host keeps them):
    the ruleset loader sits beside TEM's builder."""
    tem = games.get("tem")
    load_ruleset = Ref(tem.builder.target.partition(":")[0] + ":load_ruleset").load()
    return tem.engine.load(), load_ruleset()


def _tem(seed: int) -> int:
    if not _TEM:
        _TEM.extend(_tem_game())
    engine, ruleset = _TEM
    game = engine(ruleset, [RandomAgent(f"b:{seed}/{i}") for i in range(2)], seed=f"b:{seed}")
    game.play()
    return _decisions(game.events)


def _once(play) -> tuple[float, int]:
    """CPU seconds and decisions of one run of GAMES seeded games."""
    start = time.process_time()
    decisions = sum(play(seed) for seed in range(GAMES))
    return time.process_time() - start, decisions


def measure(*plays) -> list[tuple[float, float]]:
    """(games per CPU second, CPU µs per decision) of each of ``plays``, best of REPEAT runs taken in turn
    (interleaved: a change in the machine's load falls on every game alike)."""
    best = [float("inf")] * len(plays)
    decisions = [0] * len(plays)
    for _ in range(REPEAT):
        for i, play in enumerate(plays):
            seconds, decisions[i] = _once(play)
            best[i] = min(best[i], seconds)
    return [(GAMES / b, 1e6 * b / d) for b, d in zip(best, decisions, strict=True)]


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


def heuristic_timing(games: int) -> Timed:
    """The heuristic agent's decision times over ``games`` games against random, seats swapped each game."""
    timed = Timed(HeuristicAgent("bench:heuristic"))
    for i in range(games):
        other = RandomAgent(f"bench:random:{i}")
        seats = [timed, other] if i % 2 == 0 else [other, timed]
        MechaGame(core_ruleset(), seats, seed=f"bench:{i}").play()
    return timed


def run() -> list[str]:
    core_ruleset()
    _tem(0)
    (mecha_rate, mecha_us), (tem_rate, tem_us) = measure(_mecha, _tem)
    heuristic = heuristic_timing(GAMES)
    return [
        f"random 2-player games, {GAMES} per run, CPU time, best of {REPEAT}:",
        f"   mecha-core  {mecha_rate:7.1f} games/s  {mecha_us:6.1f} µs per decision",
        f"   tem-core    {tem_rate:7.1f} games/s  {tem_us:6.1f} µs per decision",
        f"   mecha / tem per decision: {mecha_us / tem_us:.2f}x (target: within 1.5x)",
        f"heuristic agent: {1e6 * heuristic.seconds / max(heuristic.decisions, 1):.1f} µs CPU per decision, "
        f"slowest {1e3 * heuristic.slowest:.2f} ms over {heuristic.decisions} decisions (limit 5 ms)",
    ]
