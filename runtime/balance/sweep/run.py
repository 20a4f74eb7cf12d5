"""Run: a sweep's points on a backend, each point's games folded into totals, then the suggestion and its
verdict.

Every point plays the same seeds (game ``i`` uses ``SEED:i`` at every point, common random numbers), so
the points differ by the varied values, not by luck of the draw. Tasks are (point, batch of games); the
backend plays them anywhere, and the totals are added per point in whatever order they return.

With ``precision`` (``--precision W``) a sweep that cannot yet state its crossing to W plays more games at
every point, games ``n``, ``n + 1``, ... (the seeds a longer sweep would have played, so the figures are
those of ``--games`` that many), in rounds sized by the verdict's estimate, until it can or every point has
played ``max_games``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulecraft.runtime.balance.batch import Config
from rulecraft.runtime.balance.stats import Estimate
from rulecraft.runtime.balance.sweep.grid import Point, Variation, with_value
from rulecraft.runtime.balance.sweep.metrics import GameValues, Metric, Total
from rulecraft.runtime.balance.sweep.suggest import Suggestion, refined_values, suggest
from rulecraft.runtime.balance.sweep.tasks import batches, play_totals
from rulecraft.runtime.balance.sweep.verdict import Verdict, verdict


@dataclass
class PointResult:
    point: Point
    totals: dict[str, Total]
    values: dict[str, GameValues] = field(default_factory=dict)     # each game's, for paired differences
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
    precision: float | None = None       # with a target: play more games until its interval is this narrow
    max_games: int = 0                   # ... or every point has played this many (0: ``games``)
    baseline: Any = None                 # the first variation's value paired differences start from
    results: list[PointResult] = field(default_factory=list)
    suggestion: Suggestion | None = None
    verdict: Verdict | None = None
    rounds: list[int] = field(default_factory=list)     # games per point after each round played
    seconds: float = 0.0
    workers: int = 1
    backend: str = "local"


def play_points(sweep: Sweep, points: Sequence[Point], backend: Any, games: range,
                progress: Callable[..., None] | None = None,
                results: list[PointResult] | None = None) -> list[PointResult]:
    """Games ``games`` of every point on ``backend``, added to ``results`` (new ones if None);
    ``progress(n)`` as n more games finish."""
    names = [m.name for m in sweep.metrics]
    tasks, owner = [], []
    for number, point in enumerate(points):
        config = replace(sweep.base, point=point)
        for indices in batches(len(games), backend.workers, games.start):
            tasks.append((config, sweep.seed, indices, names))
            owner.append(number)
    if results is None:
        results = [PointResult(point, {n: Total() for n in names}, {n: GameValues() for n in names})
                   for point in points]
    for index, (totals, played, aborted, values) in backend.run(play_totals, tasks):
        result = results[owner[index]]
        result.totals = {n: result.totals[n] + totals[n] for n in names}
        for n in names:
            result.values[n].put(tasks[index][2][0], values[n])
        result.games += played
        result.aborted += aborted
        if progress is not None:
            progress(played)
    return results


def run_sweep(sweep: Sweep, backend: Any, progress: Callable[..., None] | None = None) -> Sweep:
    """Play the grid, suggest, with ``refine`` play points inside the suggestion's interval too, and with
    ``precision`` more games at every point until the verdict is decided or ``max_games`` is reached;
    ``progress(n)`` as n more games finish, ``progress(0, total)`` when the total changes."""
    start = time.perf_counter()
    sweep.backend, sweep.workers = backend.name, backend.workers
    sweep.results = play_points(sweep, sweep.points, backend, range(sweep.games), progress)
    sweep.rounds = [sweep.games]
    sweep.suggestion = suggestion_of(sweep)
    if sweep.refine and sweep.suggestion is not None and sweep.suggestion.value is not None:
        variation = sweep.variations[0]
        xs = [float(r.value_of(variation.field)) for r in sweep.results]
        integral = all(isinstance(v, int) for v in variation.values)
        new = [with_value(sweep.points[0], variation.field, v)
               for v in refined_values(sweep.suggestion, xs, sweep.refine, integral)]
        if progress is not None:
            progress(0, games_in(sweep, len(new)))
        for result in play_points(sweep, new, backend, range(sweep.games), progress):
            result.refined = True
            sweep.results.append(result)
        sweep.results.sort(key=lambda r: float(r.value_of(variation.field)))
        sweep.suggestion = suggestion_of(sweep)
    sweep.verdict = verdict_of(sweep)
    while sweep.precision is not None and sweep.verdict is not None and not sweep.verdict.decided:
        played = sweep.rounds[-1]
        more = next_round(played, sweep.verdict.more, sweep.max_games or sweep.games)
        if not more:
            break
        if progress is not None:
            progress(0, len(sweep.results) * (played + more))
        points = [r.point for r in sweep.results]
        play_points(sweep, points, backend, range(played, played + more), progress, sweep.results)
        sweep.rounds.append(played + more)
        sweep.suggestion = suggestion_of(sweep)
        sweep.verdict = verdict_of(sweep)
    sweep.seconds = time.perf_counter() - start
    return sweep


def next_round(played: int, more: int | None, cap: int) -> int:
    """The games to add to every point: the verdict's estimate with a fifth to spare, at least half of
    those played (no crawl of tiny rounds), at most three times them (an estimate from few games is rough),
    within ``cap``; 0 when the games cannot say or the cap is reached."""
    if more is None or played >= cap:
        return 0
    wanted = max(-(-more * 6 // 5), -(-played // 2))
    return min(wanted, 3 * played, cap - played)


def suggestion_of(sweep: Sweep) -> Suggestion | None:
    if sweep.target is None:
        return None
    metric, value = sweep.target
    field_name = sweep.variations[0].field
    xs = [float(r.value_of(field_name)) for r in sweep.results]
    return suggest(xs, [r.estimate(metric) for r in sweep.results], value)


def verdict_of(sweep: Sweep) -> Verdict | None:
    if sweep.target is None or sweep.suggestion is None:
        return None
    metric = sweep.target[0]
    field_name = sweep.variations[0].field
    xs = [float(r.value_of(field_name)) for r in sweep.results]
    return verdict(sweep.suggestion, xs, [r.estimate(metric) for r in sweep.results], sweep.rounds[-1],
                   sweep.precision)


def games_in(sweep: Sweep, extra_points: int = 0) -> int:
    return (len(sweep.points) + extra_points) * sweep.games
