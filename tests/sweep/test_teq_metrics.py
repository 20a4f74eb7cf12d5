"""Tiny Epic Quest's sweep metrics (its ``metrics`` module's ``SWEEP_METRICS``): what each reads of a
record, and a sweep of the solo target (Q31) through the command line."""

from __future__ import annotations

import json

import pytest

from rulecraft.cli.main import main
from rulecraft.runtime.balance.sweep.metrics import MetricError, Total, default_metrics, known, parse_metric
from rulecraft.runtime.games import get

TEQ = get("teq").metrics.load()


def _seat(seat: int, win: float, **values: float) -> dict:
    base = {"vp": 0, "vp_spells": 0, "vp_quests": 0, "vp_goblins": 0, "vp_legendary": 0, "quests": 0,
            "goblins": 0, "spell": 0, "legendary": 0, "exhaustions": 0, "rolls_per_night": 0.0, "rests": 0}
    return {"seat": seat, "win": win, **base, **values}


RECORD = {"first_seat": 1, "rounds": 5, "seats": [
    _seat(0, 0.0, vp=7, vp_quests=3, vp_spells=4, quests=2, spell=3, exhaustions=1, rolls_per_night=0.8),
    _seat(1, 1.0, vp=12, vp_quests=6, vp_legendary=4, quests=4, legendary=1, goblins=2, rests=5)]}


def test_the_readers_pick_each_seats_figure():
    assert {"vp", "quests", "goblins", "spell-level", "legendary-items", "exhaustions", "rolls-per-night",
            "rests", "first-player-win-rate"} <= set(known(TEQ))
    reads = {"vp": [7, 12], "vp:quests": [3, 6], "vp:spells": [4, 0], "vp:legendary": [0, 4],
             "vp:goblins": [0, 0], "quests": [2, 4], "goblins": [0, 2], "spell-level": [3, 0],
             "legendary-items": [0, 1], "exhaustions": [1, 0], "rolls-per-night": [0.8, 0.0], "rests": [0, 5],
             "first-player-win-rate": [1.0]}
    for name, values in reads.items():
        assert parse_metric(name, TEQ).read(RECORD) == Total.of(values), name
    solo = {"first_seat": None, "rounds": 5, "seats": [_seat(0, 1.0)]}
    assert parse_metric("first-player-win-rate", TEQ).read(solo) == Total()      # no first player (Q31)
    assert default_metrics([("rules", "rules")], TEQ) == ["vp"]


def test_a_vp_category_it_does_not_know_is_a_usage_error():
    with pytest.raises(MetricError, match="reads spells, quests, goblins, legendary, not 'spell'; did you "
                                          "mean vp:spells"):
        parse_metric("vp:spell", TEQ)


def test_a_sweep_of_the_solo_target_moves_the_target_rate_only(tmp_path):
    """Q31: solo wins by reaching ``solo_target_vp``. Random play does not read the target, so the same seeds
    score the same VP at every point, and a low target is reached far more often than a high one."""
    out = tmp_path / "solo"
    assert main(["sweep", "content/teq-core", "--players", "1", "--vary", "rules:rules.solo_target_vp=3,30",
                 "--metric", "target-rate", "--metric", "vp", "--metric", "quests", "--games", "60",
                 "--seed", "1", "--quiet", "--out", str(out)]) == 0
    low, high = (p["metrics"] for p in json.loads((out / "points.json").read_text("utf-8"))["points"])
    assert low["vp"] == high["vp"] and low["quests"] == high["quests"] and low["vp"]["n"] == 60
    assert low["target-rate"]["low"] > high["target-rate"]["high"]


def test_a_sweep_reads_the_games_own_metrics_at_two_players(tmp_path, capsys):
    assert main(["sweep", "content/teq-core", "--vary", "rules:rules.start_health=2,10", "--metric",
                 "exhaustions", "--metric", "rolls-per-night", "--metric", "first-player-win-rate",
                 "--metric", "vp:goblins", "--games", "4", "--seed", "1", "--quiet"]) == 0
    table = capsys.readouterr().out
    assert all(name in table for name in ("exhaustions", "rolls-per-night", "first-player-win-rate"))
