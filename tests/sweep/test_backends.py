"""Backends (issue 15 items 3-4): a real Dask LocalCluster of two worker processes, bound to 127.0.0.1,
gives the same figures as local processes for the same seeds; a killed worker's batches are re-run;
``sim --backend dask`` plays the same records. Kept small: a few dozen fast random games."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

pytest.importorskip("distributed")

from rulecraft.cli.main import main
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config
from rulecraft.runtime.balance.sweep.backends import BackendError, DaskBackend, LocalBackend
from rulecraft.runtime.balance.sweep.grid import grid, parse_variation
from rulecraft.runtime.balance.sweep.metrics import parse_metric
from rulecraft.runtime.balance.sweep.run import Sweep, run_sweep
from rulecraft.runtime.games import get

COIL = "weapons:lightning-coil.cost.energy"
METRICS = ["owner-win-rate:lightning-coil", "purchase-rate:lightning-coil", "vp:weapons", "rounds"]


def sweep_of(games: int = 16) -> Sweep:
    variations = [parse_variation(f"{COIL}=1,3")]
    metrics = [parse_metric(m, get("tem").metrics.load()) for m in METRICS]
    return Sweep(Config(load_table, game="tem"), variations, grid(variations, 10), metrics, games, "7")


def figures(sweep: Sweep) -> list:
    """Each point's totals and each game's values (what pairs the points): the same on every backend."""
    return [(r.games, r.totals, {name: v.games() for name, v in r.values.items()}) for r in sweep.results]


@pytest.fixture(scope="module")
def cluster():
    with DaskBackend(workers=2, processes=True) as backend:
        yield backend


def test_dask_and_local_give_identical_totals(cluster):
    assert cluster.workers == 2
    addresses = cluster.client.scheduler_info()["address"]
    assert addresses.startswith("tcp://127.0.0.1:")          # loopback only
    on_dask = run_sweep(sweep_of(), cluster)
    with LocalBackend(1) as one, LocalBackend(2) as two:
        assert figures(run_sweep(sweep_of(), one)) == figures(on_dask) == figures(run_sweep(sweep_of(), two))
    assert all(r.games == 16 for r in on_dask.results)


def test_a_killed_workers_batches_are_run_again():
    """On a cluster of its own: the nanny's replacement worker joins while the sweep runs, and a cluster
    that lost a worker is not handed to the next test (once, the module's shared cluster left the next
    test waiting on tasks no worker ran)."""
    with DaskBackend(workers=2, processes=True) as cluster:
        killed_and_rerun(cluster)


def killed_and_rerun(cluster: DaskBackend) -> None:
    pids = cluster.client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed = []

    def kill_once(_games: int) -> None:
        if not killed:
            killed.append(victim)
            os.kill(victim, signal.SIGKILL)

    survived = run_sweep(sweep_of(40), cluster, progress=kill_once)
    with LocalBackend(1) as local:
        assert figures(survived) == figures(run_sweep(sweep_of(40), local))
    assert killed and victim not in cluster.client.run(os.getpid).values()


def test_sim_backend_dask_plays_the_same_records(tmp_path):
    args = ["sim", "--games", "6", "--seed", "3", "--quiet"]
    assert main([*args, "--jobs", "2", "--out", str(tmp_path / "local")]) == 0
    assert main([*args, "--jobs", "1", "--backend", "dask", "--out", str(tmp_path / "dask")]) == 0
    local, dask = (json.loads((tmp_path / side / "records.json").read_text()) for side in ("local", "dask"))
    assert local == dask


def test_scheduler_needs_dask_and_an_address_that_answers(capsys):
    assert main(["sim", "--games", "1", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "--scheduler needs --backend dask" in capsys.readouterr().err
    with pytest.raises(BackendError, match=r"no Dask cluster at tcp://127\.0\.0\.1:1"):
        DaskBackend(scheduler="tcp://127.0.0.1:1", connect_timeout=0.5).__enter__()


def test_ctrl_c_cancels_every_task(cluster):
    def interrupt(_games: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(sweep_of(40), cluster, progress=interrupt)
    deadline = time.monotonic() + 10
    while any(cluster.client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(cluster.client.processing().values())      # nothing left running on the cluster
    assert all(r.games == 16 for r in run_sweep(sweep_of(), cluster).results)    # and it is still usable


def test_sweep_cli_on_dask_matches_local(tmp_path, cluster):
    """A new LocalCluster, and the running one at --scheduler, give the local backend's figures."""
    args = ["sweep", "--vary", f"{COIL}=1,3", "--games", "6", "--seed", "2", "--workers", "2", "--quiet"]
    address = cluster.client.scheduler_info()["address"]
    assert main([*args, "--out", str(tmp_path / "local")]) == 0
    assert main([*args, "--backend", "dask", "--out", str(tmp_path / "dask")]) == 0
    assert main([*args, "--backend", "dask", "--scheduler", address, "--out", str(tmp_path / "running")]) == 0
    local, dask, running = (json.loads((tmp_path / side / "points.json").read_text())
                            for side in ("local", "dask", "running"))
    assert local["points"] == dask["points"] == running["points"]
    assert dask["configuration"]["backend"] == running["configuration"]["backend"] == "dask"
    assert "data:image/png;base64," in (tmp_path / "dask" / "report.html").read_text()
    assert cluster.workers == 2         # the running cluster outlives the sweep that used it


def test_workers_leave_ctrl_c_to_the_command(cluster):
    """Ctrl-C reaches the whole process group; the command cancels and closes, so a worker ignores it
    rather than printing a traceback."""
    pids = cluster.client.run(os.getpid)
    for pid in pids.values():
        os.kill(pid, signal.SIGINT)
    time.sleep(0.3)
    assert cluster.client.run(os.getpid) == pids
