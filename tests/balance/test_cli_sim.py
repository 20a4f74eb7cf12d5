"""`rulecraft sim`: the terminal report, --out's files, --compare, and usage errors (exit 2, no traceback)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from rulecraft.cli.main import main

VARIANT = str(Path(__file__).parents[1] / "packs" / "variant-double-damage-vp")
ONE_PILOT = str(Path(__file__).parents[1] / "packs" / "variant-one-pilot")


def refuse(constant: str):
    raise AssertionError(f"{constant} is not JSON")


def test_report_and_files(tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["sim", "--games", "3", "--seed", "2", "--agents", "heuristic,random", "--jobs", "2",
                 "--out", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    for heading in ("Final VP", "Win rate by seat", "Win rate by agent", "Win rate by pilot", "VP by source",
                    "Weapons", "Mighty Mech controlled at the end", "Combats per game", "First player"):
        assert heading in text, heading
    records = json.loads((out / "records.json").read_text())
    assert [r["index"] for r in records] == [0, 1, 2]
    with (out / "records.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3 * 4 and {r["agent"] for r in rows} == {"heuristic", "random"}
    report = json.loads((out / "report.json").read_text(), parse_constant=refuse)     # strict JSON: no NaN
    assert report["games"] == 3
    assert len(report["win_rate"]["pilot"]) == 8        # every pilot of tem-core, kept in 3 games or not
    assert any(row["n"] == 0 for row in report["win_rate"]["pilot"]) and "never kept" in text
    never = [w for w in report["weapons"] if not w["win_when_owned"]["n"]]
    assert never and never[0]["win_when_owned"]["value"] is None       # no owner: no rate, written as null
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 6 and "http" not in page.split("<body>")[1]


def test_compare_reports_the_variant(tmp_path, capsys):
    out = tmp_path / "cmp"
    assert main(["sim", "--compare", "content/tem-core", VARIANT, "--games", "12", "--quiet",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "B - A" in text and "VP from damage" in text
    rows = {r["metric"]: r for r in json.loads((out / "compare.json").read_text())["rows"]}
    assert rows["VP from damage (per player)"]["significant"]
    assert (out / "report.html").exists() and (out / "report-b.html").exists()


def test_compare_shows_the_changed_pilot_in_the_terminal_the_html_and_the_files(tmp_path, capsys):
    """tests/packs/variant-one-pilot changes Diamond only: her win-rate change, with its paired interval
    and the Holm flag, is in the terminal table, the HTML report (table and forest plot), compare.json
    and compare.csv; the notes say which interval, why sample sizes are choices, and what 1/k wins are."""
    out = tmp_path / "cmp"
    assert main(["sim", "--compare", "content/tem-core", ONE_PILOT, "--games", "120", "--seed", "1",
                 "--quiet", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    comparison = json.loads((out / "compare.json").read_text())
    diamond = next(r for r in comparison["rows"] if r["metric"] == "pilot diamond: win rate when kept")
    assert diamond["value"] > 0.2 and diamond["low"] > 0 and diamond["holm"]
    interval = f"{100 * diamond['value']:+.1f} [{100 * diamond['low']:+.1f}, {100 * diamond['high']:+.1f}]"
    compared = text.split("B - A: ")[1]                   # after both runs' own reports
    line = next(line for line in compared.splitlines() if "│ diamond " in line)
    assert interval in line and "**" in line, line
    for note in ("paired t interval", "Holm's adjustment", "shared victory", "agents' choices",
                 "A, random seats: kept when dealt:"):
        assert note in " ".join(text.split()), note
    page = (out / "report.html").read_text(encoding="utf-8")
    section = page.split("<h2>B - A")[1].split("<h2>Final VP")[0]
    assert section.count("data:image/png;base64,") >= 3          # pilots, weapons, seats forest plots
    assert f"<td>diamond</td><td>{diamond['a_n']}/{diamond['b_n']}</td>" in section
    assert interval in section and "Holm" in section
    with (out / "compare.csv").open() as f:
        rows = {(r["group"], r["subject"], r["measure"]): r for r in csv.DictReader(f)}
    assert float(rows["pilot", "diamond", "win rate when kept"]["low"]) == pytest.approx(diamond["low"])


def test_unknown_agent_is_a_usage_error(capsys):
    assert main(["sim", "--games", "1", "--agents", "heuristic,clever"]) == 2
    err = capsys.readouterr().err
    assert "unknown agent 'clever'" in err and "heuristic" in err and "Traceback" not in err


def test_bad_counts_and_missing_packs_are_usage_errors(capsys):
    assert main(["sim", "--games", "0"]) == 2
    assert main(["sim", "--jobs", "0"]) == 2
    assert main(["sim", "--compare", "content/tem-core", "no/such/pack", "--games", "1"]) == 2
    assert "no such pack: no/such/pack" in capsys.readouterr().err


def test_logged_games_replay_identically(tmp_path, capsys):
    """--log writes one JSONL log per game (absolute pack paths, the seat agents); replay verifies it."""
    logs = tmp_path / "logs"
    assert main(["sim", "content/tem-core", "--games", "2", "--agents", "heuristic,random", "--jobs", "2",
                 "--quiet", "--log", str(logs)]) == 0
    assert sorted(p.name for p in logs.iterdir()) == [".rulecraft-output",      # the folder is marked as ours
                                                      "game-000000.jsonl", "game-000001.jsonl"]
    head = json.loads((logs / "game-000001.jsonl").read_text().splitlines()[0])
    assert head["agents"] == ["random", "heuristic", "random", "heuristic"]
    assert Path(head["packs"][0]).is_absolute()
    assert main(["replay", str(logs / "game-000001.jsonl")]) == 0


def test_player_count_comes_from_the_pack_stack(tmp_path, capsys):
    """--players is checked against the stack's rules (min_players, max_players), not a fixed 2-4."""
    pack = tmp_path / "three-at-most"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: three-at-most\nname: At most three\nversion: 0.1.0\nrulecraft: '>=0.1,<1'\n"
        "depends: [{id: tem-core}]\nfiles: [rules.yaml]\n", encoding="utf-8")
    (pack / "rules.yaml").write_text("kind: rules\npatch:\n  - id: rules\n    max_players: 3\n",
                                     encoding="utf-8")
    assert main(["sim", str(pack), "--players", "4", "--games", "1", "--quiet"]) == 2
    assert "--players must be 2-3" in capsys.readouterr().err
    assert main(["sim", str(pack), "--players", "3", "--games", "1", "--quiet"]) == 0
