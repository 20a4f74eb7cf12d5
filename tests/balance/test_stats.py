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


@settings(max_examples=300)
@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_interval_is_a_proper_interval(successes, n):
    """Property: inside [0, 1], around the observed rate, and at most z / sqrt(n) wide."""
    successes = min(successes, n)
    e = stats.wilson(successes, n)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0
    assert e.high - e.low <= stats.Z95 / math.sqrt(n) + 1e-12


@settings(max_examples=200)
@given(st.integers(0, 200), st.integers(1, 200), st.integers(0, 200), st.integers(1, 200))
def test_newcombe_interval_holds_the_observed_difference(a, na, b, nb):
    a, b = min(a, na), min(b, nb)
    e = stats.newcombe(a, na, b, nb)
    assert -1.0 <= e.low <= e.value <= e.high <= 1.0


@settings(max_examples=200)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=60))
def test_mean_interval_holds_the_mean(values):
    e = stats.mean(values)
    assert e.low <= e.value + 1e-6 and e.value - 1e-6 <= e.high


@pytest.mark.parametrize(("t", "df", "p"), [(2.228138852, 10, 0.05), (12.7062047, 1, 0.05),
                                           (3.169272667, 10, 0.01), (1.959963985, 10 ** 9, 0.05),
                                           (0.0, 5, 1.0), (2.042272456, 30, 0.05)])
def test_two_sided_t_p_value_matches_the_tables(t, df, p):
    assert stats.t_two_sided_p(t, df) == pytest.approx(p, abs=1e-6)


def test_mean_carries_the_p_value_of_a_zero_mean():
    e = stats.paired_difference([3, 5, 4, 6, 7], [1, 2, 2, 3, 3])     # differences 2 3 2 3 4: t = 6.53
    assert e.p == pytest.approx(stats.t_two_sided_p(2.8 / (0.83666 / math.sqrt(5)), 4), rel=1e-4)
    assert e.p < 0.01


def test_holm_steps_down_and_keeps_the_order():
    # sorted 0.005, 0.01, 0.03, 0.04 of m = 4: x4, x3, x2 (running max), x1 (running max)
    adjusted = stats.holm([0.01, 0.04, 0.03, None, 0.005])
    assert adjusted[3] is None
    assert [adjusted[i] for i in (0, 1, 2, 4)] == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.holm([0.9, 0.8]) == [1.0, 1.0]     # never above 1
    assert stats.holm([0.04, 0.02]) == [0.04, 0.04]     # never below the adjusted p of a smaller p


def test_ratio_difference_with_unit_denominators_is_the_paired_t():
    a, b = [(1, 1), (0, 1), (1, 1), (0, 1)], [(0, 1), (0, 1), (1, 1), (0, 1)]
    assert stats.ratio_difference(a, b) == stats.paired_difference([1, 0, 1, 0], [0, 0, 1, 0])


def test_ratio_difference_weights_games_by_their_owners():
    """Win rate when owned: 3 owners winning 1 of 3 in game 1 count as 3 owners, not as one game."""
    a = [(1, 3), (1, 1), (0, 0), (1, 2)]       # 3 wins of 6 owners
    b = [(0, 3), (0, 1), (0, 0), (1, 2)]       # 1 win of 6 owners
    e = stats.ratio_difference(a, b)
    assert e.value == pytest.approx(2 / 6) and e.n == 4
    assert e.low < e.value < e.high
    nobody = stats.ratio_difference([(0, 0), (0, 0)], a[:2])
    assert math.isnan(nobody.value) and nobody.n == 0 and nobody.p is None


@settings(max_examples=200)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4)),
                min_size=2, max_size=40))
def test_ratio_difference_interval_holds_the_difference(games):
    """Property: the interval holds the observed difference and its p-value is a probability."""
    a = [(min(w, n), n) for w, n, _, _ in games]
    b = [(min(w, n), n) for _, _, w, n in games]
    e = stats.ratio_difference(a, b)
    if not math.isnan(e.value):
        assert e.low - 1e-9 <= e.value <= e.high + 1e-9 and 0.0 <= e.p <= 1.0
