"""Report: a sweep's verdict on its ``--target``: a crossing it can state, one it cannot state yet (and about
how many more games per point would settle it), or none in the swept range (issue 20 item 6).

- **crossing at X [a, b]**: the suggestion's interval is closed (both ends inside the swept range) and, with
  ``--precision W``, no wider than W.
- **no crossing in range**: no point's value crosses the target and every point's interval lies on the same
  side of it; the games rule the target out everywhere swept.
- **inconclusive**: anything else: the interval reaches an edge of the range or is wider than asked, or no
  value crosses the target while some intervals still hold it (100 games a point of a rate carry bands of
  about +-10 points: a verdict of "no crossing" there said more than the games did).

An interval's width shrinks as 1/sqrt(n) in the games per point n, so the games that bring a width w to W
are about n (w / W)^2, and those that take a point's interval off the target are about n (h / g)^2 for a
half-width h at a distance g. Where the interval is clipped by the range, w is estimated from the band's
half-widths at the crossing over the metric's slope there. Only an estimate: the spread is measured, not
known, so a ``--precision`` sweep measures again after each round of games.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from rulecraft.runtime.balance.stats import Estimate
from rulecraft.runtime.balance.sweep.suggest import Suggestion


@dataclass(frozen=True)
class Verdict:
    kind: str                # "crossing", "inconclusive" or "no-crossing"
    text: str
    more: int | None = None  # inconclusive: about this many more games per point (None: games cannot say)

    @property
    def decided(self) -> bool:
        return self.kind != "inconclusive"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text, "more_games_per_point": self.more}


def verdict(suggestion: Suggestion, xs: Sequence[float], estimates: Sequence[Estimate], games: int,
            precision: float | None = None) -> Verdict:
    """The verdict on ``suggestion`` from the points (``xs``, their ``estimates``) of ``games`` games each."""
    points = sorted((x, e) for x, e in zip(xs, estimates, strict=True) if not math.isnan(e.value))
    target = suggestion.target
    if not points:
        return Verdict("inconclusive", "inconclusive: no point has a value of the metric (nothing it reads "
                                       "happened in any game)")
    if suggestion.value is None:
        return _no_crossing(points, target, games)
    value, low, high = suggestion.value, suggestion.low, suggestion.high
    closed = not (suggestion.open_low or suggestion.open_high)
    if closed and (precision is None or high - low <= precision):
        return Verdict("crossing", f"crossing at {value:.3g} [{low:.3g}, {high:.3g}]")
    shown = (f"{'<= ' if suggestion.open_low else ''}{low:.3g} .. "
             f"{'>= ' if suggestion.open_high else ''}{high:.3g}")
    room = 2 * min(value - points[0][0], points[-1][0] - value)     # the widest interval the range closes
    if closed:        # and wider than asked
        reason = f"the interval {shown} is wider than the precision {precision:g}"
        width, wanted = high - low, float(precision or 0)
    else:
        reason = f"the interval {shown} reaches the edge of the swept range"
        width, wanted = max(high - low, _width_at(points, value)), min(room, precision or room)
    if wanted <= 0:
        return Verdict("inconclusive", f"inconclusive: {reason}, and the crossing {value:.3g} is at that "
                                       "edge: sweep beyond it")
    return _more(games, games * (width / wanted) ** 2, reason)


def _no_crossing(points: list[tuple[float, Estimate]], target: float, games: int) -> Verdict:
    holding = [(x, e) for x, e in points if e.low <= target <= e.high]
    if not holding:
        side = "above" if points[0][1].low > target else "below"
        nearest = min(points, key=lambda p: abs(p[1].value - target))[0]
        return Verdict("no-crossing", f"no crossing in range: every point's interval lies {side} {target:g} "
                                      f"(nearest point {nearest:g})")
    needed = 0.0
    for _, e in holding:       # the games that take this point's interval off the target
        half = e.value - e.low if e.value > target else e.high - e.value
        needed = max(needed, games * (half / abs(e.value - target)) ** 2)
    reason = (f"no point's value crosses {target:g}, but {len(holding)} of {len(points)} points' intervals "
              "hold it")
    return _more(games, needed, reason)


def _more(games: int, needed: float, reason: str) -> Verdict:
    if not math.isfinite(needed):
        return Verdict("inconclusive", f"inconclusive: {reason}; the games so far cannot say how many more "
                                       "would settle it")
    more = max(1, math.ceil(round(needed, 6)) - games)       # no float dust: 900.0000001 is 900
    return Verdict("inconclusive", f"inconclusive: about {_round_up(more):,} more games per point needed "
                                   f"({reason})", more)


def _round_up(n: int) -> int:
    """``n`` rounded up to two significant figures: an estimate says no more than it knows."""
    scale = 10 ** max(0, len(str(n)) - 2)
    return -(-n // scale) * scale


def _width_at(points: list[tuple[float, Estimate]], value: float) -> float:
    """The width of the crossing's interval the band implies where the range does not clip it: the band's
    two half-widths at ``value``, interpolated, over the slope of the metric's line there."""
    for (x0, e0), (x1, e1) in itertools.pairwise(points):
        if x0 <= value <= x1 and x1 > x0:
            slope = (e1.value - e0.value) / (x1 - x0)
            if slope == 0:
                return math.inf
            share = (value - x0) / (x1 - x0)
            below = (1 - share) * (e0.value - e0.low) + share * (e1.value - e1.low)
            above = (1 - share) * (e0.high - e0.value) + share * (e1.high - e1.value)
            return (below + above) / abs(slope)
    return math.inf
