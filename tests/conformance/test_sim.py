"""Conformance: `rulecraft sim` builds its report for every registered game, through the game's ``metrics``
member or the runtime's report skeleton alone: the seats' win rates with their intervals in the terminal,
report.json, records.json and report.html under ``--out``, and ``--log`` logs that replay; a game with a
solo mode (one seat) reports its target rate instead, and a missed target is a loss in every file."""

from __future__ import annotations

import csv
import json

import pytest
from conformance_harness import definition, pack_folder, solo_agent

from rulecraft.cli.main import main

GAMES = 6


def test_sim_builds_a_report_with_intervals(game, tmp_path, capsys):
    out, logs = tmp_path / "report", tmp_path / "logs"
    players = max(2, definition(game).players[0])
    assert main(["sim", str(pack_folder(game)), "--games", str(GAMES), "--players", str(players), "--quiet",
                 "--out", str(out), "--log", str(logs)]) == 0
    text = capsys.readouterr().out
    assert "Win rate by seat" in text and "win rate [95% CI]" in text
    report = json.loads((out / "report.json").read_text("utf-8"))
    assert report["games"] == GAMES and report["run"]["players"] == players
    seats = report["win_rate"]["seat"]
    assert len(seats) == players and all(0 <= s["low"] <= s["value"] <= s["high"] <= 1 for s in seats)
    assert sum(s["wins"] for s in seats) == GAMES          # every game has its winners' shares: 1 a game
    records = json.loads((out / "records.json").read_text("utf-8"))
    assert [r["index"] for r in records] == list(range(GAMES))
    page = (out / "report.html").read_text("utf-8")
    assert "Win rate by seat" in page and "data:image/png;base64," in page
    assert main(["replay", str(logs / "game-000005.jsonl")]) == 0


def test_a_solo_sim_reports_its_target_rate_and_a_missed_target_is_a_loss(game, tmp_path, capsys):
    """A game that seats one (its solo mode) is won at a target: the report shows the target rate with its
    interval (terminal, report.json, report.html), never a win rate of 100%, and a game whose target was
    missed is a loss in records.json and records.csv."""
    if definition(game).players[0] > 1:
        pytest.skip(f"{game} has no solo mode")
    out = tmp_path / "report"
    assert main(["sim", str(pack_folder(game)), "--games", "40", "--players", "1", "--quiet",
                 "--seed", "solo", "--agents", solo_agent(game), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Target rate by seat" in text and "target rate [95% CI]" in text and "Win rate by seat" not in text
    records = json.loads((out / "records.json").read_text("utf-8"))
    missed = [r for r in records if not r["seats"][0]["reached"]]
    reached = [r for r in records if r["seats"][0]["reached"]]
    assert missed and reached, "40 solo games that all end alike cannot tell a win from a loss"
    for r in missed:
        assert r["winners"] == [] and r["seats"][0]["win"] == 0 and r["seats"][0]["result"] == "loss"
    assert all(r["seats"][0]["result"] == "win" and r["seats"][0]["win"] == 1 for r in reached)
    target = json.loads((out / "report.json").read_text("utf-8"))["target"]
    assert target["solo"] and target["all"]["n"] == 40 and target["all"]["wins"] == len(reached)
    assert 0 < target["all"]["low"] < target["all"]["value"] < target["all"]["high"] < 1
    rows = list(csv.DictReader((out / "records.csv").open(encoding="utf-8")))
    assert {row["index"] for row in rows if row["result"] == "loss"} == {str(r["index"]) for r in missed}
    assert "Target rate by seat" in (out / "report.html").read_text("utf-8")
