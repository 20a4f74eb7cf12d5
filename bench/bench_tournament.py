"""Benchmark `rulecraft tournament` against `rulecraft sim` on the same seatings: games per CPU-second.

A tournament is an ordinary run of the balance machinery (``batch.simulate`` with ``Config.lineups``), so
it should play as fast as ``sim``. Both play Mecha Game, heuristic against random, the two seatings in
turn (sim rotates its agents one seat a game: the same seatings, on seeds of their own), in one process,
interleaved round by round so that the machine's load falls on both alike; each side's CPU time includes
its summary (the tournament's ratings and head-to-head table; sim's report).

Run with ``python -m bench tournament``.
"""

from __future__ import annotations

import statistics
import time

from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance import tournament
from rulecraft.runtime.balance.batch import Config, simulate, table_for

GAMES = 400
ROUNDS = 5
AGENTS = ("heuristic", "random")


def _cpu(fn, seed: str) -> float:
    start = time.process_time()
    fn(seed)
    return time.process_time() - start


def run() -> list[str]:
    sim = Config(load_table, game="mecha", agents=AGENTS)
    table = table_for(sim)
    seatings = tournament.lineups(AGENTS, sim.seated(table))
    match = Config(load_table, game="mecha", agents=AGENTS, lineups=seatings)

    def play_sim(seed: str) -> None:
        table.report.summarize(simulate(sim, GAMES, seed).records, table.ruleset)

    def play_tournament(seed: str) -> None:
        tournament.summarize(simulate(match, GAMES, seed).records, AGENTS)

    play_sim("warm"), play_tournament("warm")
    sims, matches = [], []
    for r in range(ROUNDS):
        sims.append(_cpu(play_sim, f"b{r}"))
        matches.append(_cpu(play_tournament, f"b{r}"))
    s, m = statistics.median(sims), statistics.median(matches)
    return [f"mecha, {GAMES} games x {ROUNDS} interleaved rounds, heuristic vs random, 1 process:",
            f"  sim:        {GAMES / s:.0f} games per CPU-second (median round {s:.2f} s)",
            f"  tournament: {GAMES / m:.0f} games per CPU-second (median round {m:.2f} s)",
            f"  tournament / sim CPU time: {m / s:.3f} (per round: "
            f"{', '.join(f'{b / a:.3f}' for a, b in zip(sims, matches, strict=True))})"]
