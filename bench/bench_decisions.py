"""Benchmark the CPU cost of a decision in every registered game, next to Tiny Epic Mechs' (issue 14 item 7).

Each game found in the ``rulecraft.games`` registry (Tiny Epic Mechs, Mecha Game, and any other installed,
such as the test-only Pig that ``make test`` installs) is loaded the way ``rulecraft sim`` loads it (its core
pack through ``rulecraft.plugins.wiring.load_table``) and plays seeded games with random agents on every
seat, 2 players where the game allows it. The figure is CPU microseconds per decision, the best of
``REPEAT`` runs of ``GAMES`` games, and its ratio to TEM's, measured interleaved in the same run. Mecha
Game's goal is a decision within 1.5x of TEM's (issue 13); other games are reported without a goal.

Set RULECRAFT_BENCH_GAMES to change the games per run (default 200).
"""

from __future__ import annotations

import os
import time
from typing import Any

from bench.goals import figure
from bench.sim_command import installed_label
from rulecraft.plugins.games import get, registered
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.agents import make_agent
from rulecraft.runtime.balance.batch import Config

GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "200"))
REPEAT = 3
REFERENCE = "tem"
WITHIN = {"mecha": (1.5, "issue 13")}      # game id -> (most times TEM's cost per decision, its source)


def seats(game: str) -> int:
    definition = get(game)
    return 2 if definition.accepts(2) else definition.players[0]


def play(table: Any, players: int, seeds: range) -> int:
    """Play the seeded games; the decisions they asked for."""
    decisions = 0
    for seed in seeds:
        agents = [make_agent("random", f"bench:{seed}/{s}", table.agents) for s in range(players)]
        game = table.engine(table.ruleset, agents, seed=f"bench:{seed}", hooks=table.hooks)
        game.play()
        decisions += sum(1 for event in game.events if event["e"] == "decision")
    return decisions


def measure(games: list[str]) -> dict[str, tuple[float, float]]:
    """game -> (CPU µs per decision, decisions per game), best of REPEAT, the games interleaved."""
    tables = {g: load_table(Config(load_table, game=g)) for g in games}
    best = dict.fromkeys(games, float("inf"))
    decisions = dict.fromkeys(games, 0)
    for _ in range(REPEAT):
        for game in games:
            start = time.process_time()
            decisions[game] = play(tables[game], seats(game), range(GAMES))
            best[game] = min(best[game], time.process_time() - start)
    return {g: (1e6 * best[g] / decisions[g], decisions[g] / GAMES) for g in games}


def run() -> list[str]:
    games = sorted(registered(), key=lambda g: (g != REFERENCE, g))
    found = measure(games)
    reference = found[REFERENCE][0]
    lines = [f"random agents, {GAMES} seeded games per run, CPU time, best of {REPEAT}, interleaved; "
             f"as installed: {installed_label()}"]
    for game in games:
        cost, per_game = found[game]
        lines.append(f"   {game:<8} {seats(game)} players  {cost:6.1f} µs per decision  "
                     f"({per_game:.0f} decisions a game)  {cost / reference:.2f}x {REFERENCE}'s")
    for game, (bound, source) in WITHIN.items():
        if game in found:
            lines.append(figure(f"{game} / {REFERENCE} CPU per decision", found[game][0] / reference, "x",
                                at_most=bound, source=source))
    return lines
