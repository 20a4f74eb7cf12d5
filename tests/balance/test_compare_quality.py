"""``sim --compare`` sets how the game plays side by side (issue 25): each measure of ``balance.quality`` for
base A and variant B with its 95% interval, and B - A with its paired interval where the difference means
something (both sides observed it, in the same unit), in the terminal, compare.json, compare.csv and the
HTML page."""

from __future__ import annotations

import csv
import json
import math

import pytest

from rulecraft.cli.main import main
from rulecraft.runtime.balance.quality_report import compare_quality, compare_section


def _record(seed: str, winners: list[int], turns: int, options: tuple[int, int], lead: bool = True,
            decided: float = 0.5) -> dict:
    """A finished two-seat game's record with the fields the measures read (``quality.record_fields``)."""
    record = {"seed": seed, "aborted": None, "players": 2, "winners": winners, "decisions": 10,
              "turns": turns, "first_seat": 0,
              "seats": [{"seat": s, "agent": "random", "win": 1.0 if s in winners else 0.0, "decisions": 5,
                         "options": options[s]} for s in range(2)]}
    if lead:
        record.update(lead="points", close=0, lead_changes=turns // 2, margin=3,
                      decided_at=decided if len(winners) == 1 else None,
                      comeback=None if len(winners) != 1 else turns > 5, drawish=len(winners) != 1)
    return record


def test_each_measure_side_by_side_with_its_paired_difference():
    base = [_record(f"s:{i}", [i % 2], 4 + i, (10, 10), decided=0.5) for i in range(6)]
    variant = [_record(f"s:{i}", [0], 6 + i, (15, 15), decided=0.25) for i in range(6)]
    found = compare_quality(base, variant)
    rows = {r["key"]: r for r in found["rows"]}
    assert found["paired"] and found["games"] == 6 and found["unit"] == "turns"
    assert list(rows) == ["branching", "duration", "decisions", "lead_changes", "decisiveness", "comeback",
                          "drawishness", "first_move"]
    duration = rows["duration"]                       # every game 2 turns longer: exactly +2, no spread
    assert duration["a_estimate"]["value"] == pytest.approx(6.5) and duration["b_estimate"]["value"] == 8.5
    assert duration["value"] == pytest.approx(2) and duration["low"] == pytest.approx(2)
    assert rows["branching"]["value"] == pytest.approx(1)        # 2 options per decision to 3
    assert rows["decisiveness"]["value"] == pytest.approx(-0.25)
    first = rows["first_move"]                         # seat 0 wins half of A, all of B: +50 points
    assert first["value"] == pytest.approx(0.5) and first["a_estimate"]["value"] == pytest.approx(0)
    assert first["a_estimate"]["low"] < 0 < first["a_estimate"]["high"]      # A's own interval, less 1/2
    assert rows["decisions"]["value"] == 0 and rows["decisions"]["status"] == ""
    assert all(r["p_holm"] is None or r["p_holm"] >= r["p"] for r in found["rows"])
    section = compare_section(found)
    assert section.title == "How it plays: B - A"
    cells = {row[0]: row for row in section.rows}
    assert cells["duration (turns)"][1:4] == ("6.50 [4.54, 8.46]", "8.50 [6.54, 10.46]",
                                              "+2.000 [+2.000, +2.000]")
    assert cells["first-move advantage"][3].startswith("+50.0 [")


def test_a_difference_that_means_nothing_is_not_read():
    """No single winner in A (every game shared): no decisiveness or comeback there to compare; a game with
    no lead has no lead measures at all."""
    base = [_record(f"s:{i}", [0, 1], 5, (10, 10)) for i in range(4)]
    variant = [_record(f"s:{i}", [1], 5, (10, 10)) for i in range(4)]
    rows = {r["key"]: r for r in compare_quality(base, variant)["rows"]}
    for key in ("decisiveness", "comeback"):
        assert rows[key]["status"] == "none in A" and rows[key]["value"] is None, key
    assert rows["drawishness"]["value"] == pytest.approx(-1)       # every game shared in A, none in B
    plain = compare_quality([_record(f"s:{i}", [0], 5, (10, 10), lead=False) for i in range(3)],
                            [_record(f"s:{i}", [1], 5, (10, 10), lead=False) for i in range(3)])
    assert {r["key"] for r in plain["rows"]}.isdisjoint({"lead_changes", "decisiveness", "comeback"})


def test_sim_compare_shows_how_it_plays_in_the_terminal_json_and_html(tmp_path, capsys):
    """Big Pig throws three dice a turn and asks for each scoring die: many more decisions per game."""
    pytest.importorskip("rulecraft_pig")
    out = tmp_path / "cmp"
    assert main(["sim", "--game", "pig", "--players", "2", "--compare", "pig-core", "pig-big", "--games", "6",
                 "--seed", "3", "--quiet", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "How it plays: B - A" in text and "duration (decisions)" in text
    found = json.loads((out / "compare.json").read_text())["how_it_plays"]
    rows = {r["key"]: r for r in found["rows"]}
    assert {"branching", "duration", "lead_changes", "decisiveness", "drawishness", "first_move"} <= set(rows)
    duration = rows["duration"]
    assert duration["significant"] and duration["low"] > 0
    means = duration["b_estimate"]["value"] - duration["a_estimate"]["value"]
    assert duration["value"] == pytest.approx(means)
    for row in found["rows"]:
        for side in ("a_estimate", "b_estimate"):
            e = row[side]
            assert e["n"] and (e["low"] <= e["value"] <= e["high"] or math.isclose(e["low"], e["high"])), row
    page = (out / "report.html").read_text()
    assert "How it plays: B - A" in page and "duration (decisions)" in page
    with (out / "compare.csv").open(encoding="utf-8") as f:
        played = {r["measure"]: r for r in csv.DictReader(f) if r["group"] == "how it plays"}
    assert float(played["duration"]["value"]) == pytest.approx(duration["value"])
