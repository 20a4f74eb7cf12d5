"""`rulecraft sweep` end to end (issue 15 items 2 and 5, issue 20 item 6): the known-answer pack's
suggestion, --refine, the verdict and --precision, paired differences for every game, and the report's
files (HTML with plots, JSON, CSV) in an output folder rulecraft claims."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from rulecraft.cli.main import main

KNOWN = str(Path(__file__).parents[1] / "packs" / "sweep-known-answer")
COIL = "weapons:lightning-coil.cost.energy"


def test_the_known_answer_lies_in_the_suggested_interval(tmp_path, capsys):
    """Twin A and Twin B are one card under two names (tests/packs/sweep-known-answer): at Twin A's health
    3, Twin B's, swapping the names changes nothing, so Twin A's owner wins exactly half the games in
    expectation. The sweep must put 3 inside the closed interval it suggests."""
    out = tmp_path / "known"
    assert main(["sweep", KNOWN, "--players", "2", "--vary", "pilots:twin-a.health=1,2,4,6",
                 "--target", "owner-win-rate:twin-a=0.5", "--refine", "2", "--games", "200", "--seed", "1",
                 "--workers", "2", "--out", str(out), "--quiet"]) == 0
    data = json.loads((out / "points.json").read_text())
    suggestion = data["suggestion"]
    assert suggestion["low"] <= 3 <= suggestion["high"]
    assert not (suggestion["open_low"] or suggestion["open_high"])
    healths = [p["values"]["pilots:twin-a.health"] for p in data["points"]]
    assert healths == [1, 2, 3, 4, 5, 6]      # --refine added the whole numbers inside the first interval
    assert [p["refined"] for p in data["points"]] == [False, False, True, False, True, False]
    assert "suggested pilots:twin-a.health" in capsys.readouterr().out


def test_report_files(tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["sweep", "--vary", f"{COIL}=1,3", "--vary", "rules:rules.rounds=6,7", "--games", "4",
                 "--metric", "seat-win-rate:0", "--metric", "vp:weapons", "--out", str(out), "--quiet"]) == 0
    html = (out / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 2 and "<h2>Configuration</h2>" in html
    data = json.loads((out / "points.json").read_text())
    assert data["configuration"]["backend"] == "local" and len(data["points"]) == 4
    rows = list(csv.DictReader((out / "points.csv").open()))
    grid = [(r[COIL], r["rules:rules.rounds"]) for r in rows]
    assert grid == [("1", "6"), ("1", "7"), ("3", "6"), ("3", "7")]
    assert all(int(r["games"]) == 4 for r in rows)
    table = capsys.readouterr().out
    assert "seat-win-rate:0" in table and "vp:weapons" in table


def test_a_point_the_stack_refuses_is_named(capsys):
    assert main(["sweep", "--vary", "rules:rules.rounds=5", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert "scoring round 6 is after the last round (5)" in err
    assert "with the sweep point rules:rules.rounds=5" in err


def test_an_output_folder_rulecraft_did_not_write_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["sweep", "--vary", f"{COIL}=1", "--games", "1", "--out", str(tmp_path)]) == 2
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_no_crossing_is_reported_in_strict_json(tmp_path):
    out = tmp_path / "none"
    assert main(["sweep", "--vary", f"{COIL}=1,3", "--games", "3", "--target", "rounds=50", "--out", str(out),
                 "--quiet"]) == 0
    suggestion = json.loads((out / "points.json").read_text())["suggestion"]
    assert suggestion["value"] is None and suggestion["low"] is None and "no crossing" in suggestion["text"]


def test_a_sweep_without_packs_names_its_games_core_pack(tmp_path, capsys):
    """The report names the stack it ran: with no pack, the core pack of ``--game`` (its definition's
    ``default_pack``), whatever the game."""
    out = tmp_path / "mecha"
    assert main(["sweep", "--game", "mecha", "--vary", "rules:rules.damage_limit=5,6", "--games", "2",
                 "--out", str(out), "--quiet"]) == 0
    assert json.loads((out / "points.json").read_text())["configuration"]["packs"] == ["mecha-core"]


def test_the_known_answer_is_inconclusive_at_30_games_and_found_at_the_precision_asked(tmp_path, capsys):
    """Issue 20 item 6: at 30 games a point the bands are too wide to state a crossing, and the sweep says
    so with about how many games would settle it; with --precision it plays more games at every point (the
    same seeds at each) until the interval is closed and that narrow, and Twin B's health is inside."""
    args = ["sweep", KNOWN, "--players", "2", "--vary", "pilots:twin-a.health=1..5", "--target",
            "owner-win-rate:twin-a=0.5", "--games", "30", "--seed", "1", "--workers", "2", "--quiet"]
    assert main(args) == 0
    table = capsys.readouterr().out
    assert "verdict: inconclusive: about " in table and " more games per point needed (" in table
    assert "paired by seed: B - A from the point before" in table and "4 - 3" in table
    out = tmp_path / "precise"
    assert main([*args, "--precision", "1.5", "--out", str(out)]) == 0
    data = json.loads((out / "points.json").read_text())
    suggestion, verdict = data["suggestion"], data["verdict"]
    assert verdict["kind"] == "crossing" and verdict["text"].startswith("crossing at ")
    assert suggestion["low"] <= 3 <= suggestion["high"] and suggestion["high"] - suggestion["low"] <= 1.5
    rounds = data["configuration"]["games_per_point_by_round"]
    assert rounds[0] == 30 and rounds == sorted(set(rounds)) and 30 < rounds[-1] <= 2000
    assert all(p["games"] == rounds[-1] for p in data["points"])
    assert "--precision 1.5: games per point 30 -> " in capsys.readouterr().out
    rows = list(csv.DictReader((out / "points.csv").open()))
    previous = [r["owner-win-rate:twin-a - previous"] for r in rows]
    assert previous[0] == "" and all(float(r["owner-win-rate:twin-a - previous low"]) <=
                                     float(r["owner-win-rate:twin-a - previous"]) for r in rows[1:])
    html = (out / "report.html").read_text()
    assert "Paired by seed: B - A from the baseline pilots:twin-a.health=1" in html
    assert "verdict: crossing" in html


def test_precision_options_are_checked_before_any_game(capsys):
    vary = ["sweep", "--vary", f"{COIL}=1,3", "--games", "10"]
    assert main([*vary, "--precision", "1"]) == 2
    assert "--precision needs --target" in capsys.readouterr().err
    assert main([*vary, "--max-games", "100"]) == 2
    assert "--max-games needs --precision" in capsys.readouterr().err
    assert main([*vary, "--target", "rounds=6", "--precision", "0"]) == 2
    assert main([*vary, "--target", "rounds=6", "--precision", "1", "--max-games", "5"]) == 2
    assert "--max-games 5 is fewer than --games 10" in capsys.readouterr().err
    assert main([*vary, "--baseline", "2"]) == 2
    assert "--baseline '2': not a value of --vary" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "vary", "target", "players"), [
    ("tem", f"{COIL}=1,3", "rounds=6.5", "2"),
    ("mecha", "rules:rules.damage_limit=5,6", "turns=30", "2"),
    ("teq", "rules:rules.solo_target_vp=6,18", "target-rate=0.5", "1"),
])
def test_every_game_gets_paired_differences_and_a_verdict(tmp_path, game, vary, target, players):
    out = tmp_path / game
    assert main(["sweep", "--game", game, "--players", players, "--vary", vary, "--target", target,
                 "--games", "6", "--out", str(out), "--quiet"]) == 0
    data = json.loads((out / "points.json").read_text())
    assert data["verdict"]["kind"] in ("crossing", "inconclusive", "no-crossing")
    name = target.partition("=")[0]
    first, second = (p["paired"][name] for p in data["points"])
    assert first["previous"] is None and second["previous"]["from"] == second["baseline"]["from"]
    assert second["previous"]["n"] == 6
