"""Benchmark the CPU cost of a decision in every registered game, next to Tiny Epic Mechs' (issue 14 item 7).

Each game found in the ``rulecraft.games`` registry (Tiny Epic Mechs, Mecha Game, and any other installed,
such as the test-only Pig that ``make test`` installs) is loaded the way ``rulecraft sim`` loads it (its core
pack through ``rulecraft.plugins.wiring.load_table``) and plays seeded games with random agents on every
seat, 2 players where the game allows it, in two ways: with the full event log (the engine alone), and as
``rulecraft sim`` plays them (``batch.play_game``: summary mode when the game's metrics module names the
events its record reads, ``GameCore.keep_only``, and the record built). The figure is CPU microseconds per
decision, the best of ``REPEAT`` runs of ``GAMES`` games, and its ratio to TEM's, measured interleaved in
the same run, in pure Python and with the compiled build (``bench.sim_command.builds``), each run a process
of its own (``python -m bench.bench_decisions GAME...`` prints one run's figures). Mecha Game's goals: a
decision within 1.5x of TEM's with the full log (issue 13) and within 1.1x as ``sim`` plays it (issue 27),
in either build; Tiny Epic Quest's within 1.5x both ways (issue 23); other games are reported without a
goal.

Set RULECRAFT_BENCH_GAMES to change the games per run (default 200).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.goals import figure
from bench.sim_command import ROOT, builds, child_env, python_m
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.agents import make_agent
from rulecraft.runtime.balance.batch import Config, play_game, playing_gc
from rulecraft.runtime.games import get, registered

GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "200"))
REPEAT = 3
REFERENCE = "tem"
FULL, SIM = "full log", "as sim plays it"
# (game id, way of playing) -> (most times TEM's cost per decision, its source)
WITHIN = {("mecha", FULL): (1.5, "issue 13"), ("mecha", SIM): (1.1, "issue 27"),
          ("teq", FULL): (1.5, "issue 23"), ("teq", SIM): (1.5, "issue 23")}


def seats(game: str) -> int:
    definition = get(game)
    return 2 if definition.accepts(2) else definition.players[0]


def play(table: Any, players: int, seeds: range) -> int:
    """Play the seeded games with their full logs; the decisions they asked for."""
    decisions = 0
    for seed in seeds:
        agents = [make_agent("random", f"bench:{seed}/{s}", table.agents) for s in range(players)]
        game = table.engine(table.ruleset, agents, seed=f"bench:{seed}", hooks=table.hooks)
        game.play()
        decisions += sum(1 for event in game.events if event["e"] == "decision")
    return decisions


def play_as_sim(config: Config, seeds: range) -> int:
    """Play the seeded games as ``rulecraft sim`` does, each with its record (the same games as
    :func:`play`); the decisions they asked for."""
    return sum(play_game(config, "bench", seed)["decisions"] for seed in seeds)


def run_once(games: list[str]) -> dict[str, dict[str, tuple[float, int]]]:
    """way -> game -> (CPU seconds, decisions) of one run of GAMES seeded games each, in this process."""
    configs = {g: Config(load_table, game=g, players=seats(g)) for g in games}
    tables = {g: load_table(configs[g]) for g in games}
    found: dict[str, dict[str, tuple[float, int]]] = {FULL: {}, SIM: {}}
    for game in games:
        play_as_sim(configs[game], range(1))         # the batch's table, loaded once (as sim does)
        start = time.process_time()
        decisions = play(tables[game], seats(game), range(GAMES))
        found[FULL][game] = (time.process_time() - start, decisions)
        with playing_gc():                          # sim's collector settings
            start = time.process_time()
            decisions = play_as_sim(configs[game], range(GAMES))
            found[SIM][game] = (time.process_time() - start, decisions)
    return found


def measure(games: list[str], measured: dict[str, Path | None]) -> dict[str, dict[str, tuple[float, float]]]:
    """"build, way" -> game -> (CPU µs per decision, decisions per game), best of REPEAT runs, each a process
    of its own (``python -m bench.bench_decisions``), the builds and the games interleaved."""
    best: dict[str, dict[str, float]] = {}
    decisions: dict[str, dict[str, int]] = {}
    for _ in range(REPEAT):
        for name, folder in measured.items():
            done = subprocess.run([*python_m("bench.bench_decisions", folder), *games], cwd=ROOT,
                                  env=child_env(), capture_output=True, text=True, check=True)
            for way, found in json.loads(done.stdout).items():
                key = f"{name}, {way}"
                for game, (cpu, made) in found.items():
                    best.setdefault(key, {})[game] = min(best.get(key, {}).get(game, float("inf")), cpu)
                    decisions.setdefault(key, {})[game] = made
    return {k: {g: (1e6 * best[k][g] / decisions[k][g], decisions[k][g] / GAMES) for g in games}
            for k in best}


def run() -> list[str]:
    games = sorted(registered(), key=lambda g: (g != REFERENCE, g))
    measured, notes = builds()
    found = measure(games, measured)
    lines = [f"random agents, {GAMES} seeded games per run, CPU time, best of {REPEAT}, "
             f"{' and '.join(measured)} interleaved, each run a process of its own, with the full log and "
             "as sim plays them (summary mode and the record)", *notes]
    for key, costs in found.items():
        reference = costs[REFERENCE][0]
        lines.append(f"{key}:")
        for game in games:
            cost, per_game = costs[game]
            lines.append(f"   {game:<8} {seats(game)} players  {cost:6.1f} µs per decision  "
                         f"({per_game:.0f} decisions a game)  {cost / reference:.2f}x {REFERENCE}'s")
    for (game, way), (bound, source) in WITHIN.items():
        for name in measured:
            costs = found[f"{name}, {way}"]
            if game in costs:
                lines.append(figure(f"{game} / {REFERENCE} CPU per decision, {name}, {way}",
                                    costs[game][0] / costs[REFERENCE][0], "x", at_most=bound, source=source))
    return lines


if __name__ == "__main__":
    print(json.dumps(run_once(sys.argv[1:])))
