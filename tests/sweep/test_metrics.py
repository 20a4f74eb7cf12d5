"""Metric totals (issue 15 item 4): a game folds into exact totals where it is played, so totals added in
any grouping and order (any backend, any number of workers) give the same figures to the last digit."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.sweep.metrics import MetricError, Total, default_metrics, known, parse_metric
from rulecraft.runtime.games import get

TEM = get("tem").metrics.load()      # Tiny Epic Mechs' metrics module, as a sweep's table carries it
MECHA = get("mecha").metrics.load()
shares = st.lists(st.sampled_from([0, 1, Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)]), max_size=40)


@given(shares, st.randoms())
def test_totals_add_up_the_same_in_any_grouping(values, rnd):
    batches = [Total.of(values[i:i + 3]) for i in range(0, len(values), 3)]
    shuffled = list(batches)
    rnd.shuffle(shuffled)
    assert sum(batches, Total()) == sum(shuffled, Total()) == Total.of(values)


def test_a_rate_and_a_mean_from_totals_match_the_statistics_module():
    shares_of_wins = [1, 0, Fraction(1, 2), 0, 1]
    rate = parse_metric("seat-win-rate:0", TEM)
    assert rate.estimate(Total.of(shares_of_wins)) == stats.wilson(2.5, 5)
    rounds = parse_metric("rounds", TEM)
    values = [6, 6, 7, 5]
    got, want = rounds.estimate(Total.of(values)), stats.mean(values)
    assert (got.value, got.n) == (want.value, want.n)
    assert got.low == pytest.approx(want.low) and got.high == pytest.approx(want.high)
    assert math.isnan(rounds.estimate(Total()).value)


def test_readers_pick_the_right_seats():
    record = {"rounds": 6, "seats": [
        {"seat": 0, "win": 1.0, "owned": ["rail-gun"], "purchased": ["rail-gun"], "pilot": "vega",
         "vp": 9, "vp_by_source": {"ko": 3}},
        {"seat": 1, "win": 0.0, "owned": [], "purchased": [], "pilot": "rook", "vp": 4, "vp_by_source": {}}]}
    assert parse_metric("owner-win-rate:rail-gun", TEM).read(record) == Total.of([1])
    assert parse_metric("owner-win-rate:rook", TEM).read(record) == Total.of([0])
    assert parse_metric("purchase-rate:rail-gun", TEM).read(record) == Total.of([1, 0])
    assert parse_metric("vp:ko", TEM).read(record) == Total.of([3, 0])
    assert parse_metric("vp", TEM).read(record) == Total.of([9, 4])
    assert parse_metric("seat-win-rate:1", TEM).read(record) == Total.of([0])


@pytest.mark.parametrize(("text", "said"), [("win-rat", "did you mean 'vp'|unknown metric"),
                                            ("seat-win-rate", "needs an argument")])
def test_bad_metrics(text, said):
    with pytest.raises(MetricError, match=said):
        parse_metric(text, TEM)


def test_a_game_offers_its_own_metrics_through_its_definition():
    """The core reads what every game's record has; TEM's ``metrics`` module (its GameDefinition) adds
    what only its records say, and what to read about a varied weapon or pilot."""
    assert set(known(None)) == {"seat-win-rate", "target-rate", "decisions", "events",   # and how it plays:
                                "branching", "duration", "lead-changes", "decisiveness", "comeback-rate",
                                "drawishness", "first-move-advantage"}
    assert {"vp", "rounds"} <= set(known(TEM))
    assert {"card-win-rate", "ends-by", "turns"} <= set(known(MECHA))       # M20's ways to end a game
    assert {"owner-win-rate", "purchase-rate", "mech-control-rate"} <= set(known(TEM))
    with pytest.raises(MetricError, match="unknown metric 'owner-win-rate'"):
        parse_metric("owner-win-rate:rail-gun", None)
    assert default_metrics([("weapons", "rail-gun"), ("rules", "rules")], TEM) == [
        "owner-win-rate:rail-gun", "purchase-rate:rail-gun", "rounds"]
