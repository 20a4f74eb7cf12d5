"""Run: one task of a sweep, a batch of seeded games of one point, folded into metric totals.

What travels to a worker is small and plain (the configuration, the seed, the game indices and the
metric names) and what comes back is a few totals per metric, never the games' records.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulecraft.runtime.balance.batch import Config, play_game, table_for
from rulecraft.runtime.balance.sweep.metrics import Total, fold, parse_metric


def play_totals(config: Config, seed: str, indices: Sequence[int],
                metric_names: Sequence[str]) -> tuple[dict[str, Total], int, int]:
    """Games ``indices`` of ``config`` played with ``seed``: per metric its total, games played, aborted."""
    metrics = [parse_metric(name, table_for(config).metrics) for name in metric_names]
    return fold((play_game(config, seed, i) for i in indices), metrics)


def batches(games: int, workers: int) -> list[range]:
    """Consecutive game ranges: about 4 per worker and point so the bar moves, at most 25 games each."""
    size = max(1, min(25, -(-games // (workers * 4))))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]
