"""One sweep in a process of its own, for ``bench sweep``'s backend costs: ``python -m bench.sweep_child
BACKEND WORKERS GAMES`` plays the bench's sweep (tem-core, the Lightning Coil's energy cost at 1 and 3,
random agents, GAMES a point) as ``rulecraft sweep`` does (every point's table built here first, then the
games on the backend, the cluster closed) and prints, as JSON, this process's peak resident memory and
the worker processes' (Dask: each asked before the cluster closes; local: the forked workers share this
process's pages until they write them, so theirs is not asked). The parent measures the CPU of the whole
process tree (this process and the workers it reaps)."""

from __future__ import annotations

import json
import resource
import sys
from dataclasses import replace

from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, table_for
from rulecraft.runtime.balance.sweep.backends import DaskBackend, LocalBackend
from rulecraft.runtime.balance.sweep.grid import grid, parse_variation
from rulecraft.runtime.balance.sweep.metrics import parse_metric
from rulecraft.runtime.balance.sweep.run import Sweep, run_sweep
from rulecraft.runtime.games import get

METRICS = ("owner-win-rate:lightning-coil", "purchase-rate:lightning-coil", "rounds")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(backend_name: str, workers: int, games: int) -> dict:
    variations = [parse_variation("weapons:lightning-coil.cost.energy=1,3")]
    base = Config(load_table, game="tem")
    points = grid(variations, 10)
    for point in points:          # the command checks every point here before any game
        table_for(replace(base, point=point))
    sweep = Sweep(base, variations, points, [parse_metric(m, get("tem").metrics.load()) for m in METRICS],
                  games, "bench")
    worker_mb: list[float] = []
    if backend_name == "dask":
        with DaskBackend(workers) as dask:
            run_sweep(sweep, dask)
            worker_mb = sorted(dask.client.run(_peak_mb).values())
    else:
        with LocalBackend(workers) as local:
            run_sweep(sweep, local)
    totals = [sorted((name, t.n, str(t.total)) for name, t in r.totals.items()) for r in sweep.results]
    return {"parent_mb": _peak_mb(), "worker_mb": worker_mb, "totals": totals}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
