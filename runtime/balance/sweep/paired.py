"""Report: paired differences between a sweep's points (issue 20 item 6).

Game i has the seed ``SEED:i`` at every point, so two points are compared game by game: the difference of
a metric is a paired t interval on each game's linearised value (``stats.ratio_difference``; a rate of the
seats that held something is a ratio, wins over holders, per game), far narrower than the two points' own
intervals when the games go alike at both. Each point is compared with the point before it along the
first ``--vary`` (the other fields equal) and with its baseline: the point of the same other fields at the
first ``--vary``'s baseline value (``--baseline``, default its first value).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.sweep.metrics import Metric
from rulecraft.runtime.balance.sweep.run import PointResult, Sweep


@dataclass(frozen=True)
class Neighbours:
    """A point, the one before it along the first ``--vary`` and its baseline (None: it has none, or it
    is the baseline)."""

    result: PointResult
    previous: PointResult | None
    baseline: PointResult | None


def neighbours(sweep: Sweep) -> list[Neighbours]:
    """Every point's neighbours, in the order of ``sweep.results``."""
    first = sweep.variations[0]
    baseline = baseline_value(sweep)
    order = {value: i for i, value in enumerate(first.values)}

    def position(r: PointResult) -> Any:
        value = r.value_of(first.field)
        return float(value) if first.numeric else order.get(value, len(order))

    groups: dict[str, list[PointResult]] = {}
    for r in sweep.results:
        others = json.dumps([[a.field, a.value] for a in r.point if a.field != first.field])
        groups.setdefault(others, []).append(r)
    previous: dict[int, PointResult] = {}
    base: dict[int, PointResult] = {}
    for members in groups.values():
        members.sort(key=position)
        for a, b in itertools.pairwise(members):
            previous[id(b)] = a
        at_baseline = next((m for m in members if m.value_of(first.field) == baseline), None)
        for m in members:
            if at_baseline is not None and m is not at_baseline:
                base[id(m)] = at_baseline
    return [Neighbours(r, previous.get(id(r)), base.get(id(r))) for r in sweep.results]


def baseline_value(sweep: Sweep) -> Any:
    """The first ``--vary``'s value the points are compared with: ``--baseline``, else its first value."""
    return sweep.baseline if sweep.baseline is not None else sweep.variations[0].values[0]


def difference(a: PointResult, b: PointResult, metric: Metric) -> stats.Estimate:
    """``metric`` at B minus at A, paired game by game (the games both points played)."""
    games_a, games_b = a.values[metric.name].games(), b.values[metric.name].games()
    n = min(len(games_a), len(games_b))
    return stats.ratio_difference(games_b[:n], games_a[:n])
