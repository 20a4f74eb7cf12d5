"""Benchmark `rulecraft sweep`: games per second per worker on the local and Dask backends, one and two
workers, and what starting a Dask LocalCluster costs (paid once per sweep, not per game).

The sweep is the issue's own: tem-core with the Lightning Coil at energy 1 and 3, GAMES games a point,
random and heuristic agents. Seconds are wall-clock for the games only; the figures are checked to be
the same on every backend. And what a point costs beyond its games (issue 27: at most 0.05 s): CPU time of
sweeps of the same number of random games spread over few and over many points (the Lightning Coil's
energy cost, each value not played before in the process: a new ruleset to check and build), interleaved,
best of 3; the difference over the difference in points. Run with ``python -m bench sweep``.
"""

from __future__ import annotations

import os
import time

from bench.goals import figure
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


# Per-point overhead: OVERHEAD_GAMES random games over FEW points, and over MANY, in this process.
OVERHEAD_GAMES, FEW, MANY, ROUNDS = 120, 2, 8, 2     # 1 + ROUNDS * (FEW + MANY) <= 21 costs


def _spread(values: list[int]) -> float:
    """CPU seconds of a sweep of OVERHEAD_GAMES random games spread evenly over the energy costs
    ``values``."""
    variations = [parse_variation("weapons:lightning-coil.cost.energy=" + ",".join(map(str, values)))]
    sweep = Sweep(Config(load_table, agents=("random",), game="tem"), variations, grid(variations, 20),
                  [parse_metric("rounds", get("tem").metrics.load())], OVERHEAD_GAMES // len(values), "bench")
    start = time.process_time()
    with LocalBackend(1) as local:
        run_sweep(sweep, local)
    return time.process_time() - start


def point_overhead() -> tuple[float, float]:
    """(CPU seconds a point costs beyond its games, CPU seconds per game), best of ROUNDS interleaved."""
    fresh = iter(range(21))          # the energy costs the schema allows (0-20), each played once
    _spread([next(fresh)])           # warm: what a process loads once
    few = many = float("inf")
    for _ in range(ROUNDS):
        few = min(few, _spread([next(fresh) for _ in range(FEW)]))
        many = min(many, _spread([next(fresh) for _ in range(MANY)]))
    per_point = (many - few) / (MANY - FEW)
    return per_point, (few - FEW * per_point) / OVERHEAD_GAMES


def run() -> list[str]:
    per_point, per_game = point_overhead()
    lines = [f"sweep overhead: {OVERHEAD_GAMES} random games over {FEW} and over {MANY} new points, CPU, "
             f"best of {ROUNDS} interleaved, load average {os.getloadavg()[0]:.1f}: {1000 * per_game:.2f} ms "
             "a game",
             figure("sweep: CPU a point costs beyond its games", per_point, "s", at_most=0.05,
                    source="issue 27")]
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
