"""A Histogram gives the report's statistics exactly as the list of its observations does (issue 14: a long
run keeps counts per value, not every game's numbers)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.stats import Histogram

VALUES = st.lists(st.integers(-50, 5000), max_size=200)


@given(VALUES)
def test_mean_sd_and_quantiles_are_those_of_the_list(values):
    histogram = Histogram(values)
    assert len(histogram) == len(values)
    assert list(histogram) == sorted(values)
    if values:
        assert stats.quantiles(histogram) == stats.quantiles(values)
        assert stats.mean(histogram) == stats.mean(values)
        assert stats.sd(histogram) == stats.sd(values)
        assert (min(histogram), max(histogram)) == (min(values), max(values))


@given(VALUES, st.integers(-250, 250))
def test_indexing_is_that_of_the_sorted_list(values, index):
    ordered = sorted(values)
    histogram = Histogram(values)
    if -len(ordered) <= index < len(ordered):
        assert histogram[index] == ordered[index]
    else:
        with pytest.raises(IndexError):
            histogram[index]
    assert histogram[1:4] == ordered[1:4]
