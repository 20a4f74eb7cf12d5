"""Benchmark the peak memory of a long ``rulecraft sim`` (issue 14): the peak resident set of the whole
command at N and N/10 games, goal under 80 MB at 100,000 games and flat in the number of games (records
are folded into running totals, the shared caches are bounded); and the compiled build's at N/10 games
(``bench.sim_command.builds``, built once per run for every benchmark), when it can be built; and Mecha
Game's (two random seats) at N games, goal at most 45 MB (issue 27: its summary mode), with the compiled
build when there is one (it plays the same games in about half the CPU).

Set RULECRAFT_BENCH_SIM_MEMORY_GAMES to change N (default 100,000: about three CPU minutes).
"""

from __future__ import annotations

import os

from bench.goals import figure
from bench.sim_command import builds, command, sim

GAMES = int(os.environ.get("RULECRAFT_BENCH_SIM_MEMORY_GAMES", "100000"))
GOAL_MB = 80
MECHA, MECHA_AGENTS, MECHA_GOAL_MB = "content/mecha-core", "random,random", 45


def run() -> list[str]:
    measured, notes = builds()
    installed, *others = measured
    lines = list(notes)
    for games in (GAMES // 10, GAMES):
        peak = sim(games)
        lines.append(f"{installed}, {command(games)}: peak {peak.peak_mb:.1f} MB, {peak.cpu:.0f} CPU s")
    lines.append(figure(f"sim --games {GAMES}, peak memory", peak.peak_mb, "MB", at_most=GOAL_MB,
                        source="issue 14"))
    for name in others:
        peak = sim(GAMES // 10, build=measured[name])
        lines.append(f"{name}, {command(GAMES // 10)}: peak {peak.peak_mb:.1f} MB, {peak.cpu:.0f} CPU s")
    mecha = others[-1] if others else installed
    peak = sim(GAMES, MECHA_AGENTS, build=measured[mecha], pack=MECHA)
    lines.append(f"{mecha}, {command(GAMES, MECHA, MECHA_AGENTS)}: peak {peak.peak_mb:.1f} MB, "
                 f"{peak.cpu:.0f} CPU s")
    lines.append(figure(f"Mecha Game, sim --games {GAMES}, peak memory", peak.peak_mb, "MB",
                        at_most=MECHA_GOAL_MB, source="issue 27"))
    return lines
