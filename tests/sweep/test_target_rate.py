"""A sweep of a solo game reads its target rate (``target-rate``, a core metric): every missed target is a 0,
so a seeded solo loss is a loss in the sweep's figures as in the records; through the CLI the rate rises
with the turns Pig's solo game allows."""

from __future__ import annotations

import json

from rulecraft.cli.main import main
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, simulate, table_for
from rulecraft.runtime.balance.sweep.metrics import fold, parse_metric


def test_the_target_rate_counts_every_missed_target_as_a_loss():
    config = Config(load_table, game="pig", players=1)
    run = simulate(config, 30, seed="target")
    losses = [r for r in run.records if r["seats"][0]["result"] == "loss"]
    assert losses and len(losses) < 30
    assert all(r["seats"][0]["reached"] is False and r["seats"][0]["win"] == 0 for r in losses)
    metric = parse_metric("target-rate", table_for(config).metrics)
    totals, played, aborted = fold(run.records, [metric])
    assert (played, aborted) == (30, 0)
    assert totals["target-rate"].n == 30 and totals["target-rate"].total == 30 - len(losses)
    seat = parse_metric("target-rate:0", table_for(config).metrics)
    assert fold(run.records, [seat])[0]["target-rate:0"] == totals["target-rate"]
    win = parse_metric("seat-win-rate:0", table_for(config).metrics)     # a solo win is the target reached
    assert fold(run.records, [win])[0]["seat-win-rate:0"].total == 30 - len(losses)


def test_a_sweep_of_pigs_solo_turns_reads_the_target_rate(tmp_path):
    out = tmp_path / "sweep"
    assert main(["sweep", "--game", "pig", "--players", "1",
                 "--vary", "pig-rules:pig-rules.solo-turns=2,8", "--metric", "target-rate",
                 "--games", "60", "--seed", "1", "--quiet", "--out", str(out)]) == 0
    points = json.loads((out / "points.json").read_text("utf-8"))["points"]
    few, many = (p["metrics"]["target-rate"] for p in points)
    assert few["n"] == many["n"] == 60 and few["high"] < many["low"]    # more turns, more targets reached
