"""Benchmark `rulecraft sweep`: games per second per worker on the local and Dask backends, one and two
workers, and what starting a Dask LocalCluster costs (paid once per sweep, not per game).

The sweep is the issue's own: tem-core with the Lightning Coil at energy 1 and 3, GAMES games a point,
random and heuristic agents. Seconds are wall-clock for the games only; the figures are checked to be
the same on every backend. And what a point costs beyond its games (issue 27: at most 0.05 s): CPU time of
sweeps of the same number of random games spread over few and over many points (the Lightning Coil's
energy cost, each value not played before in the process: a new ruleset to check and build), interleaved,
best of 3; the difference over the difference in points. And what Dask costs beside local processes: CPU
of the whole process tree and peak memory of the same sweep in a process of its own on each backend
(``bench/sweep_child.py``). Run with ``python -m bench sweep``.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

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


# Backend costs: the whole sweep (start-up, every point's table, the games, the cluster closed) in a process
# of its own, ``bench/sweep_child.py``; CPU of the process and every worker it reaps, best of BACKEND_ROUNDS
# interleaved; peak resident memory of the process and of each worker. (workers, games a point) each; the
# two sizes with one worker split a backend's CPU into what a sweep pays once and what a game costs.
BACKEND_SIZES, BACKEND_ROUNDS = ((1, 50), (1, 400), (2, 400)), 2
ROOT = Path(__file__).resolve().parents[1]


def _child(backend: str, workers: int, games: int) -> tuple[float, dict]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "bench.sweep_child", backend, str(workers), str(games)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, json.loads(done.stdout)


def backend_costs() -> list[str]:
    """CPU and memory of the same sweep on local processes and on a Dask LocalCluster."""
    configs = [(backend, *size) for size in BACKEND_SIZES for backend in ("local", "dask")]
    best: dict[tuple[str, int, int], tuple[float, dict]] = {}
    for _ in range(BACKEND_ROUNDS):
        for config in configs:
            cpu, found = _child(*config)
            if config not in best or cpu < best[config][0]:
                best[config] = (cpu, found)
    lines = [f"sweep backends: 2 points of random games, whole process tree, CPU best of {BACKEND_ROUNDS} "
             f"interleaved, load average {os.getloadavg()[0]:.1f}"]
    for workers, games in BACKEND_SIZES:
        (local_cpu, local), (dask_cpu, dask) = best[("local", workers, games)], best[("dask", workers, games)]
        same = "identical" if local["totals"] == dask["totals"] else "DIFFERENT"
        shown = ", ".join(f"{mb:.0f}" for mb in dask["worker_mb"])
        lines.append(f"  {2 * games} games, {workers} worker(s): local {local_cpu:.2f} s CPU, peak "
                     f"{local['parent_mb']:.0f} MB; dask {dask_cpu:.2f} s ({dask_cpu / local_cpu:.2f}x), "
                     f"peak {dask['parent_mb']:.0f} MB here and {shown} MB a worker ({same} figures)")
    few, many = [size for size in BACKEND_SIZES if size[0] == 1][:2]
    for backend in ("local", "dask"):
        low, high = best[(backend, *few)][0], best[(backend, *many)][0]
        per_game = (high - low) / (2 * (many[1] - few[1]))
        lines.append(f"  {backend}, 1 worker: {1000 * per_game:.2f} ms CPU a game, "
                     f"{low - 2 * few[1] * per_game:.2f} s once a sweep")
    return lines


def run() -> list[str]:
    per_point, per_game = point_overhead()
    lines = [f"sweep overhead: {OVERHEAD_GAMES} random games over {FEW} and over {MANY} new points, CPU, "
             f"best of {ROUNDS} interleaved, load average {os.getloadavg()[0]:.1f}: {1000 * per_game:.2f} ms "
             "a game",
             figure("sweep: CPU a point costs beyond its games", per_point, "s", at_most=0.05,
                    source="issue 27"), *backend_costs()]
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
