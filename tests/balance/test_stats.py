"""The report's statistics against published values (Wilson 1927, Newcombe 1998, Student t tables)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.runtime.balance import stats


def test_wilson_50_of_100():
    e = stats.wilson(50, 100)
    assert e.value == 0.5 and e.n == 100
    assert e.low == pytest.approx(0.40383, abs=1e-5)
    assert e.high == pytest.approx(0.59617, abs=1e-5)


def test_wilson_stays_inside_0_1_at_the_edges():
    # 0 of 10: the Wald interval collapses to [0, 0]; Wilson's upper bound is 0.2775
    zero = stats.wilson(0, 10)
    assert zero.low == 0.0 and zero.high == pytest.approx(0.27753, abs=1e-5)
    full = stats.wilson(10, 10)
    assert full.high == 1.0 and full.low == pytest.approx(0.72247, abs=1e-5)


def test_wilson_of_nothing_is_undefined():
    e = stats.wilson(0, 0)
    assert math.isnan(e.value) and (e.low, e.high, e.n) == (0.0, 1.0, 0)


def test_newcombe_hybrid_score_interval_matches_the_paper():
    # Newcombe (1998), Statistics in Medicine 17:873, Table II example (b): 56/70 - 48/80
    e = stats.newcombe(56, 70, 48, 80)
    assert e.value == pytest.approx(0.2)
    assert e.low == pytest.approx(0.0524, abs=1e-4)
    assert e.high == pytest.approx(0.3339, abs=1e-4)
    assert e.significant


@pytest.mark.parametrize(("df", "table"), [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571), (10, 2.228),
                                           (30, 2.042), (120, 1.980), (100000, 1.960)])
def test_t_quantile_matches_the_tables(df, table):
    assert stats.t_quantile(df) == pytest.approx(table, abs=0.004)


def test_mean_with_t_interval():
    e = stats.mean([1, 2, 3, 4, 5])          # sd 1.5811, t(4) = 2.7764
    assert e.value == 3
    assert e.low == pytest.approx(3 - 2.7764 * 1.5811 / math.sqrt(5), abs=2e-3)
    assert e.high == pytest.approx(3 + 2.7764 * 1.5811 / math.sqrt(5), abs=2e-3)


def test_paired_difference_removes_the_shared_variation():
    a = [10, 20, 30, 40, 50]
    b = [9, 19, 29, 39, 49]
    paired = stats.paired_difference(a, b)
    assert paired.value == 1 and paired.low == paired.high == 1 and paired.significant
    welch = stats.welch_difference(a, b)      # the same difference is lost in the spread when unpaired
    assert welch.value == 1 and not welch.significant


def test_paired_difference_needs_pairs():
    with pytest.raises(ValueError, match="differ in size"):
        stats.paired_difference([1, 2], [1])


def test_a_zero_difference_is_not_significant():
    assert not stats.paired_difference([3, 4, 5], [3, 4, 5]).significant


def test_quantiles_interpolate_like_numpy():
    assert stats.quantiles([1, 2, 3, 4]) == [1.75, 2.5, 3.25]
    assert stats.quantiles([7]) == [7, 7, 7]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_interval_is_a_proper_interval(successes, n):
    """Property: inside [0, 1], around the observed rate, and at most z / sqrt(n) wide."""
    successes = min(successes, n)
    e = stats.wilson(successes, n)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0
    assert e.high - e.low <= stats.Z95 / math.sqrt(n) + 1e-12


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 200), st.integers(1, 200), st.integers(0, 200), st.integers(1, 200))
def test_newcombe_interval_holds_the_observed_difference(a, na, b, nb):
    a, b = min(a, na), min(b, nb)
    e = stats.newcombe(a, na, b, nb)
    assert -1.0 <= e.low <= e.value <= e.high <= 1.0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=60))
def test_mean_interval_holds_the_mean(values):
    e = stats.mean(values)
    assert e.low <= e.value + 1e-6 and e.value - 1e-6 <= e.high
