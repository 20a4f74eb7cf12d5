"""K new sweep points' tables built in one process, for counting a point's instructions (issue 27):
``python -m bench.sweep_points K GAME`` loads GAME's core pack and two points, then K points not built
before (TEM: the Lightning Coil's energy cost; mecha: the Lancer's power; teq: its solo target VP). Under
``PYTHONHASHSEED=0 valgrind --tool=callgrind``, the instructions of K = 7 minus those of K = 1, over 6,
are what a point costs; start-up and the first loads cancel."""

from __future__ import annotations

import sys
from dataclasses import replace

from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, table_for
from rulecraft.runtime.balance.sweep.grid import grid, parse_variation

VARY = {"tem": "weapons:lightning-coil.cost.energy=", "mecha": "mechas:lancer.power=",
        "teq": "rules:rules.solo_target_vp="}


def main(count: int, game: str) -> None:
    base = Config(load_table, game=game)
    table_for(base)
    points = grid([parse_variation(VARY[game] + ",".join(map(str, range(1, 12))))], 30)
    for point in points[:2 + count]:
        table_for(replace(base, point=point))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "tem")
