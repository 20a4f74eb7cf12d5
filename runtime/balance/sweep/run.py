"""Run: a sweep's points on a backend, each point's games folded into totals, then the suggestion.

Every point plays the same seeds (game ``i`` uses ``SEED:i`` at every point, common random numbers), so
the points differ by the varied values, not by luck of the draw. Tasks are (point, batch of games); the
backend plays them anywhere, and the totals are added per point in whatever order they return.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulecraft.runtime.balance.batch import Config
from rulecraft.runtime.balance.stats import Estimate
from rulecraft.runtime.balance.sweep.grid import Point, Variation, with_value
from rulecraft.runtime.balance.sweep.metrics import Metric, Total
from rulecraft.runtime.balance.sweep.suggest import Suggestion, refined_values, suggest
from rulecraft.runtime.balance.sweep.tasks import batches, play_totals


@dataclass
class PointResult:
    point: Point
    totals: dict[str, Total]
    games: int = 0
    aborted: int = 0
    refined: bool = False

    def estimate(self, metric: Metric) -> Estimate:
        return metric.estimate(self.totals[metric.name])

    def value_of(self, field_name: str) -> Any:
        return next(a.value for a in self.point if a.field == field_name)


@dataclass
class Sweep:
    """What to sweep, and once run, every point's result and the suggestion."""

    base: Config
    variations: Sequence[Variation]
    points: Sequence[Point]
    metrics: Sequence[Metric]
    games: int
    seed: str
    target: tuple[Metric, float] | None = None
    refine: int = 0
    results: list[PointResult] = field(default_factory=list)
    suggestion: Suggestion | None = None
    seconds: float = 0.0
    workers: int = 1
    backend: str = "local"


def play_points(sweep: Sweep, points: Sequence[Point], backend: Any,
                progress: Callable[[int], None] | None = None) -> list[PointResult]:
    """Every game of every point on ``backend``; ``progress(n)`` as n more games finish."""
    names = [m.name for m in sweep.metrics]
    tasks, owner = [], []
    for number, point in enumerate(points):
        config = replace(sweep.base, point=point)
        for indices in batches(sweep.games, backend.workers):
            tasks.append((config, sweep.seed, indices, names))
            owner.append(number)
    results = [PointResult(point, {n: Total() for n in names}) for point in points]
    for index, (totals, played, aborted) in backend.run(play_totals, tasks):
        result = results[owner[index]]
        result.totals = {n: result.totals[n] + totals[n] for n in names}
        result.games += played
        result.aborted += aborted
        if progress is not None:
            progress(played)
    return results


def run_sweep(sweep: Sweep, backend: Any, progress: Callable[..., None] | None = None) -> Sweep:
    """Play the grid, suggest, and with ``refine`` play points inside the suggestion's interval too;
    ``progress(n)`` as n more games finish, ``progress(0, total)`` when refining changes the total."""
    start = time.perf_counter()
    sweep.backend, sweep.workers = backend.name, backend.workers
    sweep.results = play_points(sweep, sweep.points, backend, progress)
    sweep.suggestion = suggestion_of(sweep)
    if sweep.refine and sweep.suggestion is not None and sweep.suggestion.value is not None:
        variation = sweep.variations[0]
        xs = [float(r.value_of(variation.field)) for r in sweep.results]
        integral = all(isinstance(v, int) for v in variation.values)
        new = [with_value(sweep.points[0], variation.field, v)
               for v in refined_values(sweep.suggestion, xs, sweep.refine, integral)]
        if progress is not None:
            progress(0, games_in(sweep, len(new)))
        for result in play_points(sweep, new, backend, progress):
            result.refined = True
            sweep.results.append(result)
        sweep.results.sort(key=lambda r: float(r.value_of(variation.field)))
        sweep.suggestion = suggestion_of(sweep)
    sweep.seconds = time.perf_counter() - start
    return sweep


def suggestion_of(sweep: Sweep) -> Suggestion | None:
    if sweep.target is None:
        return None
    metric, value = sweep.target
    field_name = sweep.variations[0].field
    xs = [float(r.value_of(field_name)) for r in sweep.results]
    return suggest(xs, [r.estimate(metric) for r in sweep.results], value)


def games_in(sweep: Sweep, extra_points: int = 0) -> int:
    return (len(sweep.points) + extra_points) * sweep.games
