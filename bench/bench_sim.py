"""Benchmark ``rulecraft sim`` end to end (issue 14): games per CPU second of the whole command (user + sys,
start-up included, as ``/usr/bin/time -f '%U %S'`` counts it), goal 1,000; and the game loop alone in this
process, to tell the loop from the start-up.

Set RULECRAFT_BENCH_SIM_GAMES to change the number of games (default 2,000, the issue's figure).
"""

from __future__ import annotations

import os
import time

from bench.goals import figure
from bench.sim_command import command, sim

GAMES = int(os.environ.get("RULECRAFT_BENCH_SIM_GAMES", "2000"))
GOAL = 1000
REPEAT = 3


def loop_rate(games: int) -> float:
    """Games per CPU second of ``simulate`` alone (the ruleset loaded first), as ``sim`` plays them."""
    from rulecraft.plugins.tem.balance.metrics import Totals
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.balance.batch import Config, simulate, table_for

    config = Config(load_table, game="tem", agents=("random",) * 4)
    table_for(config)
    totals = Totals()
    start = time.process_time()
    simulate(config, games, "1", on_record=totals.add)
    return games / (time.process_time() - start)


def run() -> list[str]:
    best = min(sim(GAMES).cpu for _ in range(REPEAT))
    start_up = min(sim(1).cpu for _ in range(REPEAT))
    rate = GAMES / best
    loop = max(loop_rate(GAMES // 2) for _ in range(REPEAT))
    return [f"{command(GAMES)}, best of {REPEAT}:",
            figure(f"sim --games {GAMES}, 4 random agents: games/CPU s", rate, "games/CPU s", at_least=GOAL,
                   source="issue 14") + f" ({best:.2f} CPU s, start-up included)",
            f"  start-up (--games 1): {start_up:.2f} CPU s; the game loop alone: {loop:,.0f} games per CPU s"]
