"""Seeded random games of one game played as ``rulecraft sim`` plays them, for counting their instructions
(issue 27): ``python -m bench.sim_instructions GAME GAMES [FOLDER]`` loads GAME's core pack, plays one game
to warm the caches, then GAMES games of ``bench.bench_decisions`` (2 seats where the game allows, random
agents, summary mode and the record, under ``batch.playing_gc``) inside one call of ``functools.reduce``,
and prints the decisions they asked for; with FOLDER (a ``python -m rulecraft.cli.compiled build --into``
folder) on the compiled build. Under ``PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no
--toggle-collect=functools_reduce`` only those games' instructions are counted: over the decisions, what a
decision costs."""

from __future__ import annotations

import functools
import sys
from pathlib import Path


def main(game: str, games: int) -> int:
    from bench.bench_decisions import play_as_sim, seats
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.balance.batch import Config, playing_gc

    config = Config(load_table, game=game, players=seats(game))
    play_as_sim(config, range(1))
    with playing_gc():
        return functools.reduce(lambda made, seed: made + play_as_sim(config, range(seed, seed + 1)),
                                range(games), 0)


if __name__ == "__main__":
    if len(sys.argv) > 3:
        from rulecraft.runtime.native import use

        use(Path(sys.argv[3]))
    print(main(sys.argv[1], int(sys.argv[2])))
