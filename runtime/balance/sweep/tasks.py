"""Run: one task of a sweep, a batch of seeded games of one point, folded into metric totals.

What travels to a worker is small and plain (the configuration, the seed, the game indices and the
metric names) and what comes back is a few totals per metric and each game's (sum, count) of every
metric, two numbers a game (what pairs the points game by game), never the games' records.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulecraft.runtime.balance.batch import Config, play_game, table_for
from rulecraft.runtime.balance.sweep.metrics import GameValue, Total, fold_games, parse_metric


def play_totals(config: Config, seed: str, indices: Sequence[int], metric_names: Sequence[str]
                ) -> tuple[dict[str, Total], int, int, dict[str, list[GameValue]]]:
    """Games ``indices`` of ``config`` played with ``seed``: per metric its total, games played, aborted,
    and per metric each game's value (``metrics.fold_games``)."""
    metrics = [parse_metric(name, table_for(config).metrics) for name in metric_names]
    return fold_games((play_game(config, seed, i) for i in indices), metrics)


def batches(games: int, workers: int, start: int = 0) -> list[range]:
    """Consecutive ranges of the games ``start`` .. ``start + games - 1``: about 4 per worker and point so
    the bar moves, at most 25 games each."""
    size = max(1, min(25, -(-games // (workers * 4))))
    end = start + games
    return [range(first, min(end, first + size)) for first in range(start, end, size)]
