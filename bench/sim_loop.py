"""The game loop of ``rulecraft sim`` alone, in a process of its own: ``python -m bench.sim_loop GAMES
[AGENT]`` (4 seats of AGENT, default ``random``) prints its games per CPU second and how many of
rulecraft's modules it ran compiled (so a figure is never labelled with the wrong build). A process of its
own so that the compiled build can be measured too (it must be chosen before the game's modules are
imported: ``bench.sim_command.python_m``)."""

from __future__ import annotations

import json
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES


def loop_rate(games: int, agent: str = "random") -> float:
    """Games per CPU second of ``simulate`` alone (the ruleset loaded first), as ``sim`` plays them."""
    from rulecraft.plugins.tem.balance.metrics import Totals
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.balance.batch import Config, simulate, table_for

    config = Config(load_table, game="tem", agents=(agent,) * 4)
    table_for(config)
    totals = Totals()
    start = time.process_time()
    simulate(config, games, "1", on_record=totals.add)
    return games / (time.process_time() - start)


def compiled_modules() -> int:
    """How many of rulecraft's modules this process imported from an extension module."""
    return sum(1 for name, module in list(sys.modules.items()) if name.startswith("rulecraft.")
               and str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES)))


if __name__ == "__main__":
    rate = loop_rate(int(sys.argv[1]), *sys.argv[2:3])
    print(json.dumps([rate, compiled_modules()]))
