"""Benchmark the peak memory of a long ``rulecraft sim`` (issue 14): the peak resident set of the whole
command at N and N/10 games, goal under 80 MB at 100,000 games and flat in the number of games (records
are folded into running totals, the shared caches are bounded); the same at ``--jobs 2`` (within 10% of
``--jobs 1``, issue 28) and for Mecha Game at 1 and 2 jobs (two random seats, goal at most 45 MB at N
games: issue 27, its summary mode); and the compiled build's at N/10 games (``bench.sim_command.builds``,
built once per run for every benchmark), when it can be built, Mecha Game's at N games with it.

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
    one = peak.peak_mb
    # issue 28: as flat at --jobs 2 (each process's peak: the parent folds, the workers play), and for
    # Mecha Game (its report on running totals too), within 10% of --jobs 1
    for games in (GAMES // 10, GAMES):
        peak = sim(games, jobs=2)
        lines.append(f"{installed}, {command(games, 2)}: peak {peak.peak_mb:.1f} MB, {peak.cpu:.0f} CPU s")
    lines.append(figure(f"sim --games {GAMES} --jobs 2, peak memory", peak.peak_mb, "MB",
                        at_most=round(one * 1.1, 1), source="issue 28"))
    for jobs in (1, 2):
        for games in (GAMES // 10, GAMES):
            peak = sim(games, agents=MECHA_AGENTS, jobs=jobs, pack=MECHA)
            said = command(games, jobs, MECHA, MECHA_AGENTS)
            lines.append(f"{installed}, {said}: peak {peak.peak_mb:.1f} MB, {peak.cpu:.0f} CPU s")
    for name in others:
        peak = sim(GAMES // 10, build=measured[name])
        lines.append(f"{name}, {command(GAMES // 10)}: peak {peak.peak_mb:.1f} MB, {peak.cpu:.0f} CPU s")
    mecha = others[-1] if others else installed
    peak = sim(GAMES, MECHA_AGENTS, build=measured[mecha], pack=MECHA)
    lines.append(f"{mecha}, {command(GAMES, pack=MECHA, agents=MECHA_AGENTS)}: peak {peak.peak_mb:.1f} MB, "
                 f"{peak.cpu:.0f} CPU s")
    lines.append(figure(f"Mecha Game, sim --games {GAMES}, peak memory", peak.peak_mb, "MB",
                        at_most=MECHA_GOAL_MB, source="issue 27"))
    return lines
