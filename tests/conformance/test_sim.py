"""Conformance: `rulecraft sim` builds its report for every registered game, through the game's ``metrics``
member or the runtime's report skeleton alone: the seats' win rates with their intervals in the terminal,
report.json, records.json and report.html under ``--out``, and ``--log`` logs that replay."""

from __future__ import annotations

import json

from conformance_harness import definition, pack_folder

from rulecraft.cli.main import main

GAMES = 6


def test_sim_builds_a_report_with_intervals(game, tmp_path, capsys):
    out, logs = tmp_path / "report", tmp_path / "logs"
    players = definition(game).players[0]
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
