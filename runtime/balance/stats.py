"""Report: the statistics of a balance report: Wilson score intervals for rates, Newcombe's interval for
a difference of two rates, Student-t intervals (and p-values) for means, paired differences and
differences of ratios, and Holm's adjustment for many comparisons at once.

Small and dependency-free on purpose (the standard library's ``statistics`` where it does the job);
every formula is pinned by tests against published values. A :class:`Histogram` holds many integer
observations in the room of their distinct values, for a run of any length.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any

Z95 = statistics.NormalDist().inv_cdf(0.975)   # 1.95996...: the 97.5th percentile of the standard normal


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95% interval, the number of observations and, for a difference, the
    two-sided p-value of "no difference" (None where no test applies)."""

    value: float
    low: float
    high: float
    n: int
    p: float | None = None

    @property
    def significant(self) -> bool:
        """For a difference: the interval excludes 0."""
        return self.low > 0 or self.high < 0


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval for a proportion; well-behaved at 0, 1 and small n (unlike the Wald interval).
    ``successes`` may be fractional (a shared victory counts 1/k)."""
    if n <= 0:
        return Estimate(math.nan, 0.0, 1.0, 0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)     # exact at the edges, no rounding dust
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


def newcombe(a_successes: float, a_n: int, b_successes: float, b_n: int) -> Estimate:
    """Difference of two independent proportions, a - b, with Newcombe's hybrid score interval (method 10,
    Newcombe 1998), built from the two Wilson intervals."""
    a, b = wilson(a_successes, a_n), wilson(b_successes, b_n)
    if not a.n or not b.n:
        return Estimate(math.nan, -1.0, 1.0, min(a.n, b.n))
    d = a.value - b.value
    low = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Estimate(d, max(-1.0, low), min(1.0, high), min(a.n, b.n),
                    two_proportion_p(a_successes, a_n, b_successes, b_n))


def two_proportion_p(a_successes: float, a_n: int, b_successes: float, b_n: int) -> float:
    """Two-sided p-value of the pooled two-proportion z test (the test that goes with Newcombe's interval
    when a p-value is needed, e.g. for Holm's adjustment)."""
    pooled = (a_successes + b_successes) / (a_n + b_n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a_n + 1 / b_n))
    d = a_successes / a_n - b_successes / b_n
    if se == 0:
        return 1.0 if d == 0 else 0.0
    return 2 * statistics.NormalDist().cdf(-abs(d) / se)


def t_quantile(df: int) -> float:
    """The 97.5th percentile of Student's t with ``df`` degrees of freedom (Cornish-Fisher expansion;
    within 0.004 of the tables for df >= 3, exact enough for a 95% interval)."""
    if df <= 0:
        return math.inf
    if df == 1:
        return 12.706204736
    if df == 2:
        return 4.302652730
    z = Z95
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom: I_x(df/2, 1/2), x = df / (df + t^2)."""
    if math.isinf(t):
        return 0.0
    return _beta_regularized(df / 2, 0.5, df / (df + t * t))


def _beta_regularized(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) by its continued fraction (Numerical Recipes
    6.4), evaluated on the side where it converges fast."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(log_front)
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """Lentz's evaluation of the incomplete beta continued fraction."""
    tiny = 1e-300

    def guard(v: float) -> float:
        return tiny if abs(v) < tiny else v

    c, d = 1.0, 1 / guard(1 - (a + b) * x / (a + 1))
    h = d
    for m in range(1, 500):
        even = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m))
        d = 1 / guard(1 + even * d)
        c = guard(1 + even / c)
        h *= d * c
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))
        d = 1 / guard(1 + odd * d)
        c = guard(1 + odd / c)
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def t_estimate(value: float, se: float, df: float, n: int) -> Estimate:
    """``value`` with its 95% t interval and the p-value of value = 0, from its standard error."""
    if df < 1:
        return Estimate(value, -math.inf, math.inf, n)
    if se == 0:       # no spread at all: the value is exact (a shift the same in every pair)
        return Estimate(value, value, value, n, 1.0 if value == 0 else 0.0)
    half = t_quantile(int(df)) * se
    return Estimate(value, value - half, value + half, n, t_two_sided_p(value / se, df))


def mean(values: Sequence[float]) -> Estimate:
    """The mean with its t interval (the interval is undefined, infinite, for fewer than 2 values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = statistics.fmean(values)
    if n == 1:
        return Estimate(m, -math.inf, math.inf, 1)
    return t_estimate(m, statistics.stdev(values) / math.sqrt(n), n - 1, n)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """Mean of a - b over paired observations (the same seeds on two configurations)."""
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in size: {len(a)} and {len(b)}")
    return mean([x - y for x, y in zip(a, b, strict=True)])


def welch_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """Mean of a minus mean of b for independent samples (Welch's t interval)."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        return Estimate(math.nan, -math.inf, math.inf, min(na, nb))
    se, df = _welch(a, b)
    return t_estimate(statistics.fmean(a) - statistics.fmean(b), se, df, min(na, nb))


def _welch(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The standard error of a difference of two independent means and its Welch-Satterthwaite df."""
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    if va + vb == 0:
        return 0.0, len(a) + len(b) - 2
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    return math.sqrt(va + vb), max(1.0, df)


Ratio = tuple[float, float]     # one game's (numerator, denominator), e.g. (wins of the owners, owners)


def ratio_difference(a: Sequence[Ratio], b: Sequence[Ratio], paired: bool = True) -> Estimate:
    """R(a) - R(b) for ratio estimates R = sum(numerators) / sum(denominators) over games, e.g. the win
    rate of a card's owners, where each game contributes its owners' wins and its number of owners.

    The interval is a t interval on each game's linearised value (the delta method for a ratio, treating
    a game as the sampling unit, so seats of one game are not counted as independent):
    ``(num - R * den) / mean(den)``. Paired (the same seeds on both sides): a paired t on the per-game
    differences of these values. Unpaired: Welch. With every denominator 1 this is exactly the paired
    (or Welch) t interval of a difference of means.
    """
    if paired and len(a) != len(b):
        raise ValueError(f"paired samples differ in size: {len(a)} and {len(b)}")
    ra, la = _linearised(a)
    rb, lb = _linearised(b)
    n = min(len(a), len(b))
    if la is None or lb is None or n < 2:
        return Estimate(math.nan, -math.inf, math.inf, n if la is not None and lb is not None else 0)
    se: float
    df: float
    if paired:
        se, df = statistics.stdev([x - y for x, y in zip(la, lb, strict=True)]) / math.sqrt(n), n - 1
    else:
        se, df = _welch(la, lb)
    return t_estimate(ra - rb, se, df, n)


def _linearised(games: Sequence[Ratio]) -> tuple[float, list[float] | None]:
    """The ratio and each game's linearised value (its influence on the ratio); None with no denominator."""
    total = sum(den for _, den in games)
    if not games or total == 0:
        return math.nan, None
    ratio = sum(num for num, _ in games) / total
    den_mean = total / len(games)
    return ratio, [(num - ratio * den) / den_mean for num, den in games]


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values (None stays None): an adjusted p below 0.05 keeps the chance of
    any false flag among all the tested rows at 5%, whatever their dependence, like Bonferroni, but
    rejects at least as much."""
    tested = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m = len(tested)
    adjusted: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted


def quantiles(values: Sequence[float], qs: Sequence[float] = (0.25, 0.5, 0.75)) -> list[float]:
    """Linear-interpolation quantiles (numpy's default method)."""
    data = sorted(values)
    if not data:
        return [math.nan for _ in qs]
    out = []
    for q in qs:
        pos = q * (len(data) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(data) - 1)
        out.append(data[lo] + (data[hi] - data[lo]) * (pos - lo))
    return out


def sd(values: Sequence[float]) -> float:
    return statistics.stdev(values) if len(values) >= 2 else 0.0


class Histogram(Sequence[int]):
    """Integer observations kept as a count per value, so that a long run's totals do not grow with it.
    As a sequence it is the observations in ascending order: ``mean``, ``sd`` and ``quantiles`` give
    exactly what they give on the list in any order (the standard library's sums are exact and
    ``quantiles`` sorts)."""

    __slots__ = ("_counts", "_n")

    def __init__(self, values: Iterable[int] = ()) -> None:
        self._counts: dict[int, int] = {}
        self._n = 0
        for value in values:
            self.add(value)

    def add(self, value: int) -> None:
        self._counts[value] = self._counts.get(value, 0) + 1
        self._n += 1

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[int]:
        for value in sorted(self._counts):
            yield from repeat(value, self._counts[value])

    def __getitem__(self, index: Any) -> Any:   # an int or a slice, as on the list of the values
        if isinstance(index, slice):
            return list(self)[index]
        position = index + self._n if index < 0 else index
        if 0 <= position < self._n:
            for value in sorted(self._counts):
                position -= self._counts[value]
                if position < 0:
                    return value
        raise IndexError(f"histogram index {index} out of range")
