"""How a game plays (issue 25 item 4): each measure of ``balance.quality`` on hand-made leads and records
with known answers, its interval in the report, the "How it plays" section of every game's sim report,
and the measures as sweep metrics and targets."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from types import SimpleNamespace

import pytest

from rulecraft.cli.main import main
from rulecraft.runtime.balance import quality, stats
from rulecraft.runtime.balance.quality import Lead
from rulecraft.runtime.balance.quality_report import QualityTotals, quality_section
from rulecraft.runtime.balance.sweep.metrics import Total, parse_metric

# A two-seat lead: seat 0 ahead, level, seat 1 ahead, seat 0 ahead again: two changes (the level sample
# is nobody's lead).
SWINGS = [(1, 0), (2, 2), (2, 3), (5, 3)]


def test_a_lead_change_is_the_lead_passing_to_another_seat_across_any_ties():
    assert quality.lead_changes(SWINGS) == 2
    assert quality.lead_changes([(1, 0), (1, 1), (2, 1)]) == 0        # back to the same leader: none
    assert quality.lead_changes([(0, 0), (0, 0)]) == 0                 # nobody ever led
    assert [quality.leader(s) for s in SWINGS] == [0, None, 1, 0]
    assert quality.leader((3, 5, 5)) is None                           # a shared top is no lead


def test_decisiveness_is_when_the_winner_took_the_lead_for_good():
    five_rounds = [(1, 2), (3, 3), (5, 4), (6, 4), (9, 5)]           # seat 0 leads from round 3 of 5 on
    assert quality.decided_at(five_rounds, 0) == 3 / 5
    assert quality.decided_at([(1, 0), (2, 0)], 0) == 1 / 2           # led all along: the first sample
    assert quality.decided_at([(1, 0), (2, 2)], 1) == 1               # level at the end: a tie-break decided
    assert quality.decided_at([(3, 0)], 1) == 1                       # never led: the lead foretold nothing


def test_a_comeback_is_a_winner_behind_at_the_halfway_sample():
    five_rounds = [(1, 2), (1, 3), (4, 3), (6, 4), (9, 5)]
    assert not quality.trailed_at_half(five_rounds, 0)                 # ahead at round 3 of 5
    assert quality.trailed_at_half(five_rounds[:4], 0)                 # behind at round 2 of 4
    assert not quality.trailed_at_half([(2, 2), (3, 2)], 0)            # level is not behind
    assert quality.margin((7, 9, 4)) == 2 and quality.margin((3, 3)) == 0


def _game(leads, decided=(3, 2), offered=(9, 4)):
    return SimpleNamespace(lead_samples=leads, seat_decisions=list(decided), seat_options=list(offered))


def _record(winners, players=2, first_seat=None, wins=None):
    wins = wins or [1.0 if s in winners else 0.0 for s in range(players)]
    return {"players": players, "winners": winners, "decisions": 5, "turns": 4, "first_seat": first_seat,
            "seats": [{"seat": s, "agent": "random", "win": wins[s]} for s in range(players)]}


def test_a_record_gets_the_measures_of_its_game():
    record = _record([0])
    quality.record_fields(record, _game(SWINGS), Lead(lambda g: (), frozenset(), "VP", close=1))
    assert [(s["decisions"], s["options"]) for s in record["seats"]] == [(3, 9), (2, 4)]
    assert record["lead"] == "VP" and record["lead_changes"] == 2 and record["margin"] == 2
    assert record["decided_at"] == 1.0                   # seat 0 retook the lead only at the last sample
    assert record["comeback"] is False and record["drawish"] is False   # level at the halfway point
    assert quality.branching(record) == [13 / 5]


def test_a_draw_has_no_winner_to_time_and_is_drawish():
    record = _record([0, 1], wins=[0.5, 0.5])
    quality.record_fields(record, _game([(1, 1)]), Lead(lambda g: (), frozenset(), "damage", close=None))
    assert record["decided_at"] is None and record["comeback"] is None and record["drawish"] is True
    assert quality.decisiveness(record) == [] and quality.drawishness(record) == [1]


def test_close_margins_are_the_leads_own():
    """TEM counts a win by at most 1 VP as close (its lead's ``close``); a lead with no close margin
    (Mecha Game's damage, which is not what decides) counts draws only."""
    one_vp = _game([(4, 3)])
    tem, mecha = _record([0]), _record([0])
    quality.record_fields(tem, one_vp, Lead(lambda g: (), frozenset(), "VP", close=1))
    quality.record_fields(mecha, one_vp, Lead(lambda g: (), frozenset(), "damage", close=None))
    assert tem["drawish"] is True and mecha["drawish"] is False


def test_a_game_without_a_lead_or_a_solo_game_gets_only_the_measures_that_need_none():
    record = _record([0])
    quality.record_fields(record, _game(SWINGS), None)
    assert "lead_changes" not in record and quality.drawishness(record) == [0]
    solo = _record([0], players=1)
    quality.record_fields(solo, _game([(5,)], (1,), (2,)), Lead(lambda g: (), frozenset(), "VP"))
    assert "lead" not in solo and quality.drawishness(solo) == [] and quality.first_move_advantage(solo) == []


def test_the_report_gives_every_measure_with_its_interval():
    totals = QualityTotals()
    records = []
    for index, (winner, changes, decided, comeback) in enumerate(
            [(0, 2, 0.6, True), (1, 0, 0.2, False), (0, 1, 1.0, False), (0, 3, 0.8, True)]):
        r = _record([winner], first_seat=index % 2)
        r["seats"][0].update(decisions=4, options=8)
        r["seats"][1].update(decisions=4, options=12)
        r.update(lead="VP", close=1, lead_changes=changes, decided_at=decided, comeback=comeback,
                 drawish=False)
        records.append(r)
        totals.add(r)
    out = totals.report()
    assert out["branching"]["value"] == 2.5 and out["branching"]["low"] == out["branching"]["high"] == 2.5
    want = stats.mean([2, 0, 1, 3])
    assert out["lead_changes"]["value"] == 1.5 and out["lead_changes"]["high"] == pytest.approx(want.high)
    assert out["lead_changes"]["low"] == 0                 # cut at 0: no game has fewer changes
    assert out["decisiveness"]["value"] == pytest.approx(0.65) and out["decisiveness"]["high"] == 1
    assert out["comeback"]["value"] == 0.5 and out["comeback"]["low"] == stats.wilson(2, 4).low
    first = out["first_move"]               # the first seats 0, 1, 0, 1 won games 0, 1 and 2, not 3
    assert first["first"]["wins"] == 3 and first["fair"] == 0.5
    assert first["advantage"]["value"] == 0.25
    assert first["advantage"]["low"] == pytest.approx(stats.wilson(3, 4).low - 0.5)
    section = quality_section(out)
    assert [row[0] for row in section.rows] == ["branching factor", "duration", "decisions", "lead changes",
                                                "decisiveness", "comeback rate", "drawishness",
                                                "first-move advantage"]
    assert all("[" in row[1] for row in section.rows)       # every value with its interval


@pytest.mark.parametrize(("args", "lead"), [
    (["content/tem-core", "--games", "2", "--agents", "heuristic,random"], "VP"),
    (["--game", "mecha", "--games", "4"], "damage dealt"),
    (["--game", "pig", "--games", "4"], "points"),
])
def test_every_games_sim_report_says_how_it_plays(args, lead, tmp_path, capsys):
    if "pig" in args:
        pytest.importorskip("rulecraft_pig")
    out = tmp_path / "report"
    assert main(["sim", *args, "--seed", "3", "--quiet", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "How it plays" in text and "decisiveness" in text and f"the lead in {lead}" in text
    measures = json.loads((out / "report.json").read_text())["how_it_plays"]
    assert measures["lead"] == lead
    for name in ("branching", "lead_changes", "decisiveness"):
        e = measures[name]
        assert e["n"] and e["low"] <= e["value"] <= e["high"], name
    assert measures["branching"]["value"] >= 1 and 0 < measures["decisiveness"]["value"] <= 1
    assert "How it plays" in (out / "report.html").read_text()


@pytest.mark.parametrize("args", [
    ["content/mecha-core", "--vary", "rules:rules.damage_limit=3,5"],
    ["content/tem-core", "--vary", "rules:rules.starting_credits=1,3"],
])
def test_a_sweep_reads_and_targets_the_measures(args, tmp_path, capsys):
    out = tmp_path / "sweep"
    assert main(["sweep", *args, "--metric", "decisiveness", "--metric", "lead-changes", "--metric",
                 "drawishness", "--target", "decisiveness=0.6", "--games", "3", "--workers", "1", "--quiet",
                 "--out", str(out)]) == 0
    assert "decisiveness = 0.6" in capsys.readouterr().out
    points = json.loads((out / "points.json").read_text())["points"]
    for point in points:
        assert point["games"] == 3 and 0 < point["metrics"]["decisiveness"]["value"] <= 1


def test_the_sweep_metrics_read_the_records_measures():
    record = _record([1], first_seat=1)
    quality.record_fields(record, _game(SWINGS), Lead(lambda g: (), frozenset(), "VP"))
    assert parse_metric("lead-changes", None).read(record) == Total.of([2])
    assert parse_metric("decisiveness", None).read(record) == Total.of([1.0])    # seat 1 lost its lead
    assert parse_metric("first-move-advantage", None).read(record) == Total.of([Fraction(1, 2)])
    assert parse_metric("duration", None).read(record) == Total.of([4])           # turns: no rounds
    assert parse_metric("comeback-rate", None).shape == "rate"
    assert math.isclose(float(parse_metric("branching", None).read(record).total), 13 / 5)
