"""Report: the skill gradient of a game: how often the search agent at budget 2B beats itself at budget B.

A game where thinking longer pays shows a score well above 1/2; a game of pure luck shows about 1/2 (issue
25, item 4). The two agents meet on paired seeds in every seating (``balance.tournament.lineups``: each
sits each seat equally often), scored as a tournament scores a meeting (``tournament.meetings``: a larger
share of the win, then the better rank; a tie half), with its Wilson interval.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulecraft.runtime.balance import stats, tournament
from rulecraft.runtime.balance.batch import Config, simulate, table_for


def budgets(budget: int, kind: str = "ismcts") -> tuple[str, str]:
    """The two agents' names: ``kind`` at twice ``budget`` iterations and at ``budget``."""
    if budget < 1:
        raise ValueError(f"a skill gradient's budget is a whole number of iterations from 1, not {budget}")
    return f"{kind}@{2 * budget}", f"{kind}@{budget}"


def skill_gradient(load: Callable[[Config], Any], game: str, budget: int, seeds: int, *,
                   seed: str = "gradient", packs: tuple[str, ...] = (), players: int | None = None,
                   jobs: int = 1, kind: str = "ismcts") -> stats.Estimate:
    """The score of ``kind@2B`` against ``kind@B`` over ``seeds`` seeds, each played once per seating
    (``load`` builds the table, as ``Config.load``: ``rulecraft.plugins.wiring.load_table``)."""
    strong, weak = budgets(budget, kind)
    base = Config(load, packs, game=game, agents=(strong, weak), players=players)
    seats = base.seated(table_for(base))
    seatings = tournament.lineups((strong, weak), seats)
    config = Config(load, packs, game=game, agents=(strong, weak), players=seats, lineups=seatings)
    played = simulate(config, seeds * len(seatings), seed, jobs)
    scores = [tournament.meetings(r)[strong, weak] for r in played.records if not r["aborted"]]
    return stats.wilson(sum(scores), len(scores))
