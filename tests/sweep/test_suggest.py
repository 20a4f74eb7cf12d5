"""`--target` (issue 15 item 2): the crossing of the target, interpolated between points, with the stretch
where the target lies inside the interpolated interval band as its interval."""

from __future__ import annotations

import math

import pytest

from rulecraft.runtime.balance.stats import Estimate
from rulecraft.runtime.balance.sweep.suggest import refined_values, suggest


def line(xs, slope, intercept, half):
    return [Estimate(slope * x + intercept, slope * x + intercept - half, slope * x + intercept + half, 100)
            for x in xs]


def test_a_line_is_crossed_where_it_meets_the_target():
    xs = [0, 1, 2, 3, 4]
    s = suggest(xs, line(xs, 0.1, 0.2, 0.05), 0.45)     # 0.1 x + 0.2 = 0.45 at x = 2.5
    assert s.value == pytest.approx(2.5)
    assert (s.low, s.high) == (pytest.approx(2.0), pytest.approx(3.0))     # band +-0.05 over slope 0.1
    assert not (s.open_low or s.open_high)


def test_falling_metric_and_unsorted_points():
    xs = [4, 0, 2]
    s = suggest(xs, line(xs, -0.2, 1.0, 0.1), 0.5)      # 1 - 0.2 x = 0.5 at x = 2.5
    assert (s.value, s.low, s.high) == (pytest.approx(2.5), pytest.approx(2.0), pytest.approx(3.0))


def test_an_interval_reaching_the_edge_is_open():
    xs = [0, 1, 2]
    s = suggest(xs, line(xs, 0.1, 0.0, 0.3), 0.1)
    assert s.value == pytest.approx(1.0) and s.open_low and s.open_high
    assert "<= 0" in s.text and ">= 2" in s.text


def test_no_crossing_names_the_nearest_point():
    xs = [0, 1, 2]
    s = suggest(xs, line(xs, 0.1, 0.0, 0.01), 0.9)
    assert s.value is None and s.nearest == 2 and math.isnan(s.low)
    assert refined_values(s, xs, 3, True) == []


def test_refined_values_fall_inside_the_interval_and_are_new():
    xs = [0, 4, 8]
    s = suggest(xs, line(xs, 0.1, 0.0, 0.15), 0.4)     # crossing 4, band 2.5 .. 5.5
    assert refined_values(s, xs, 2, True) == [3, 5]         # the whole numbers nearest 4, 4 itself swept
    assert refined_values(s, xs, 3, False) == [3.25, 4.75]       # evenly spread; 4.0 is swept already
