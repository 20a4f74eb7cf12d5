"""Report: the statistics of a balance report: Wilson score intervals for rates, Newcombe's interval for
a difference of two rates, Student-t intervals for means and for paired differences.

Small and dependency-free on purpose; every formula is pinned by tests against published values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054   # the 97.5th percentile of the standard normal


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95% interval and the number of observations."""

    value: float
    low: float
    high: float
    n: int

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
    return Estimate(d, max(-1.0, low), min(1.0, high), min(a.n, b.n))


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


def mean(values: Sequence[float]) -> Estimate:
    """The mean with its t interval (the interval is undefined, infinite, for fewer than 2 values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, -math.inf, math.inf, 1)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return Estimate(m, m - half, m + half, n)


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
    ma, mb = sum(a) / na, sum(b) / nb
    va = sum((x - ma) ** 2 for x in a) / (na - 1)
    vb = sum((x - mb) ** 2 for x in b) / (nb - 1)
    se2 = va / na + vb / nb
    if se2 == 0:
        return Estimate(ma - mb, ma - mb, ma - mb, min(na, nb))
    df = se2 ** 2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
    half = t_quantile(max(1, int(df))) * math.sqrt(se2)
    return Estimate(ma - mb, ma - mb - half, ma - mb + half, min(na, nb))


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
    n = len(values)
    if n < 2:
        return 0.0
    m = sum(values) / n
    return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
