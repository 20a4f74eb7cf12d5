"""Report: the value that brings a metric to its target, read off the swept points, with an interval.

Between neighbouring points the metric and the two ends of its 95% interval are interpolated linearly.
The suggested value is where the metric's line crosses the target; its interval is the stretch of
values around it where the target lies inside the interpolated interval band (where the points cannot
tell the metric from the target). An interval that reaches the end of the swept range is open there:
sweep further to close it. With no crossing, the nearest point is named and no value is suggested.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from rulecraft.runtime.balance.stats import Estimate


@dataclass(frozen=True)
class Suggestion:
    target: float
    value: float | None        # None: the metric does not cross the target in the swept range
    low: float
    high: float
    open_low: bool = False     # the interval reaches the lowest swept value
    open_high: bool = False
    nearest: float | None = None

    @property
    def text(self) -> str:
        if self.value is None:
            return f"no crossing of {self.target:g} in the swept range; nearest point {self.nearest:g}"
        low = f"<= {self.low:.3g}" if self.open_low else f"{self.low:.3g}"
        high = f">= {self.high:.3g}" if self.open_high else f"{self.high:.3g}"
        return f"{self.value:.3g} (95% interval {low} .. {high})"

    def to_dict(self) -> dict:
        def finite(x: float | None) -> float | None:
            return x if x is not None and math.isfinite(x) else None

        return {"target": self.target, "value": self.value, "low": finite(self.low),
                "high": finite(self.high), "open_low": self.open_low, "open_high": self.open_high,
                "nearest": self.nearest, "text": self.text}


def suggest(xs: Sequence[float], estimates: Sequence[Estimate], target: float) -> Suggestion:
    """The crossing of ``target`` by the metric measured at values ``xs`` (any order)."""
    points = sorted((x, e) for x, e in zip(xs, estimates, strict=True) if not math.isnan(e.value))
    if not points:
        return Suggestion(target, None, math.nan, math.nan)
    nearest = min(points, key=lambda p: abs(p[1].value - target))[0]
    value = _crossing(points, target)
    if value is None:
        return Suggestion(target, None, math.nan, math.nan, nearest=nearest)
    low, high = _band(points, target, value)
    return Suggestion(target, value, low, high, low <= points[0][0], high >= points[-1][0], nearest)


def _crossing(points: list[tuple[float, Estimate]], target: float) -> float | None:
    for (x0, e0), (x1, e1) in itertools.pairwise(points):
        d0, d1 = e0.value - target, e1.value - target
        if d0 == 0:
            return x0
        if d0 * d1 < 0:
            return x0 + (x1 - x0) * d0 / (d0 - d1)
    last_x, last = points[-1]
    return last_x if last.value == target else None


def _inside(x0: float, x1: float, lo: tuple[float, float], hi: tuple[float, float],
            target: float) -> tuple[float, float] | None:
    """The part of [x0, x1] where the interpolated low end is <= target <= the interpolated high end."""
    left, right = x0, x1
    for (a, b), below in ((lo, True), (hi, False)):     # the line from (x0, a) to (x1, b)
        if a == b:
            if (a > target) if below else (a < target):
                return None
            continue
        at = x0 + (x1 - x0) * (target - a) / (b - a)      # where the line meets the target
        rising = b > a
        if below == rising:        # the condition holds left of `at`
            right = min(right, at)
        else:
            left = max(left, at)
    return (left, right) if left <= right else None


def _band(points: list[tuple[float, Estimate]], target: float, value: float) -> tuple[float, float]:
    """The stretch around ``value`` where the interval band holds the target, segment by segment."""
    pieces = []
    for (x0, e0), (x1, e1) in itertools.pairwise(points):
        found = _inside(x0, x1, (e0.low, e1.low), (e0.high, e1.high), target)
        if found is not None:
            pieces.append(found)
    if len(points) == 1:
        return value, value
    low = high = value
    for left, right in sorted(pieces):           # grow right from the crossing over touching pieces
        if left <= high + 1e-12 and right > high:
            high = right
    for left, right in sorted(pieces, reverse=True):
        if right >= low - 1e-12 and left < low:
            low = left
    return low, high


def refined_values(suggestion: Suggestion, xs: Sequence[float], count: int, integral: bool) -> list[float]:
    """Up to ``count`` values not swept yet inside the suggestion's interval (clipped to the swept range):
    for a field of whole numbers the ones nearest the suggested value, otherwise evenly spread."""
    value = suggestion.value
    if value is None or count < 1:
        return []
    low, high = max(suggestion.low, min(xs)), min(suggestion.high, max(xs))
    if integral:
        candidates = set(range(math.floor(low), math.ceil(high) + 1)) - {int(x) for x in xs}
        return sorted(sorted(candidates, key=lambda v: (abs(v - value), v))[:count])
    step = (high - low) / (count + 1)
    return sorted({round(low + step * (i + 1), 10) for i in range(count)} - set(xs))
