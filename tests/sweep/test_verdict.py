"""The verdict on a target (issue 20 item 6): a crossing stated with its interval only when the games can
state it, "inconclusive" with about how many more games per point would settle it, "no crossing in range"
only when every point's interval lies on one side of the target; and the rounds a --precision sweep adds."""

from __future__ import annotations

import pytest

from rulecraft.runtime.balance.stats import Estimate
from rulecraft.runtime.balance.sweep.run import next_round
from rulecraft.runtime.balance.sweep.suggest import suggest
from rulecraft.runtime.balance.sweep.verdict import verdict


def line(xs, slope, intercept, half):
    return [Estimate(slope * x + intercept, slope * x + intercept - half, slope * x + intercept + half, 100)
            for x in xs]


def judged(xs, estimates, target, games=100, precision=None):
    return verdict(suggest(xs, estimates, target), xs, estimates, games, precision)


def test_a_closed_interval_is_a_crossing():
    xs = [0, 1, 2, 3, 4]
    v = judged(xs, line(xs, 0.1, 0.2, 0.05), 0.45)          # crossing 2.5, band 2 .. 3
    assert (v.kind, v.text, v.more) == ("crossing", "crossing at 2.5 [2, 3]", None) and v.decided


def test_wider_than_the_precision_asks_for_games_in_proportion_to_the_width_squared():
    xs = [0, 1, 2, 3, 4]
    v = judged(xs, line(xs, 0.1, 0.2, 0.05), 0.45, games=100, precision=0.5)    # width 1, asked 0.5
    assert v.kind == "inconclusive" and not v.decided
    assert v.more == 300                                    # 100 (1 / 0.5)^2 - 100
    assert v.text == ("inconclusive: about 300 more games per point needed (the interval 2 .. 3 is wider "
                      "than the precision 0.5)")
    assert judged(xs, line(xs, 0.1, 0.2, 0.05), 0.45, precision=1).kind == "crossing"


def test_an_interval_reaching_an_edge_is_inconclusive_with_the_width_the_slope_implies():
    xs = [0, 1, 2]
    v = judged(xs, line(xs, 0.1, 0.0, 0.3), 0.1)            # crossing 1, band +-0.3 over slope 0.1: width 6
    assert v.kind == "inconclusive" and "reaches the edge of the swept range" in v.text
    assert v.more == 100 * (6 / 2) ** 2 - 100               # to a width of 2, the range around the crossing


def test_a_crossing_at_the_edge_asks_for_a_wider_sweep():
    xs = [0, 1, 2]
    v = judged(xs, line(xs, 0.1, 0.0, 0.05), 0.0)
    assert v.kind == "inconclusive" and v.more is None and "sweep beyond it" in v.text


def test_no_crossing_while_intervals_hold_the_target_is_inconclusive():
    """Issue 20's own case: rates of 38/36/34/50/41% with bands of +-13 points never cross 0.3 by their
    values, but 0.3 lies inside four bands: the games cannot rule it out."""
    xs = [1, 2, 3, 4, 5]
    rates = [0.38, 0.36, 0.34, 0.50, 0.41]
    estimates = [Estimate(r, r - 0.13, r + 0.13, 100) for r in rates]
    v = judged(xs, estimates, 0.3)
    assert v.kind == "inconclusive" and "4 of 5 points' intervals hold it" in v.text
    assert v.more == pytest.approx(100 * (0.13 / 0.04) ** 2 - 100, abs=1)      # the nearest point, 0.34
    assert "about 960 more games per point needed" in v.text                    # 957, said to 2 figures


def test_no_crossing_is_said_only_when_every_interval_lies_on_one_side():
    xs = [0, 1, 2]
    v = judged(xs, line(xs, 0.1, 0.0, 0.01), 0.9)
    assert (v.kind, v.decided) == ("no-crossing", True)
    assert v.text == "no crossing in range: every point's interval lies below 0.9 (nearest point 2)"


def test_rounds_grow_by_the_estimate_within_bounds_and_the_cap():
    assert next_round(100, 300, 2000) == 300            # 360 with a fifth to spare, at most 3x those played
    assert next_round(100, 100, 2000) == 120
    assert next_round(100, 1, 2000) == 50                 # at least half those played
    assert next_round(1900, 5000, 2000) == 100            # the cap
    assert next_round(2000, 5000, 2000) == 0
    assert next_round(100, None, 2000) == 0               # the games cannot say
