"""Benchmark `rulecraft sweep`: games per second per worker on the local and Dask backends, one and two
workers, and what starting a Dask LocalCluster costs (paid once per sweep, not per game).

The sweep is the issue's own: tem-core with the Lightning Coil at energy 1 and 3, GAMES games a point,
random and heuristic agents. Seconds are wall-clock for the games only; the figures are checked to be
the same on every backend. Run with ``python -m bench sweep``.
"""

from __future__ import annotations

import time

from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config
from rulecraft.runtime.balance.sweep.backends import DaskBackend, LocalBackend
from rulecraft.runtime.balance.sweep.grid import grid, parse_variation
from rulecraft.runtime.balance.sweep.metrics import parse_metric
from rulecraft.runtime.balance.sweep.run import Sweep, run_sweep
from rulecraft.runtime.games import get

GAMES = {"random": 400, "heuristic": 100}
METRICS = ("owner-win-rate:lightning-coil", "purchase-rate:lightning-coil", "rounds")


def _sweep(agents: str) -> Sweep:
    variations = [parse_variation("weapons:lightning-coil.cost.energy=1,3")]
    return Sweep(Config(load_table, agents=(agents,), game="tem"), variations, grid(variations, 10),
                 [parse_metric(m, get("tem").metrics.load()) for m in METRICS], GAMES[agents], "bench")


def _timed(backend, agents: str) -> tuple[float, list]:
    run_sweep(_sweep(agents), backend)        # warm: each worker loads the ruleset of each point once
    sweep = _sweep(agents)
    start = time.perf_counter()
    run_sweep(sweep, backend)
    return time.perf_counter() - start, [r.totals for r in sweep.results]


def run() -> list[str]:
    lines = []
    for workers in (1, 2):
        start = time.perf_counter()
        with DaskBackend(workers) as dask:
            startup = time.perf_counter() - start
            lines.append(f"Dask LocalCluster of {workers} worker process(es): {startup:.1f} s to start")
            for agents, games in GAMES.items():
                total = 2 * games
                with LocalBackend(workers) as local:
                    local_s, local_figures = _timed(local, agents)
                dask_s, dask_figures = _timed(dask, agents)
                same = "identical" if local_figures == dask_figures else "DIFFERENT"
                local_rate, dask_rate = total / local_s / workers, total / dask_s / workers
                lines.append(f"  {agents:9} {total} games, {workers} worker(s): local {local_rate:6.1f} "
                             f"games/s/worker, dask {dask_rate:6.1f} games/s/worker ({same} figures)")
    return lines
