"""Benchmark the peak memory of a long ``rulecraft sim`` (issue 14): the peak resident set of the whole
command at N and N/10 games, goal under 80 MB at 100,000 games and flat in the number of games (records
are folded into running totals, the shared caches are bounded); and the compiled build's at N/10 games
(``bench.sim_command.compiled_build``, shared with ``bench sim`` in one run), when it can be built.

Set RULECRAFT_BENCH_SIM_MEMORY_GAMES to change N (default 100,000: about three CPU minutes).
"""

from __future__ import annotations

import os

from bench.goals import figure
from bench.sim_command import command, compiled_build, installed_label, sim

GAMES = int(os.environ.get("RULECRAFT_BENCH_SIM_MEMORY_GAMES", "100000"))
GOAL_MB = 80


def run() -> list[str]:
    lines = [f"as installed: {installed_label()}"]
    for games in (GAMES // 10, GAMES):
        measured = sim(games)
        lines.append(f"{command(games)}: peak {measured.peak_mb:.1f} MB, {measured.cpu:.0f} CPU s")
    lines.append(figure(f"sim --games {GAMES}, peak memory", measured.peak_mb, "MB", at_most=GOAL_MB,
                        source="issue 14"))
    build = compiled_build()
    if build.folder is None:
        lines.append(build.note)
    else:
        compiled = sim(GAMES // 10, build=build.folder)
        lines.append(f"compiled build, {command(GAMES // 10)}: peak {compiled.peak_mb:.1f} MB, "
                     f"{compiled.cpu:.0f} CPU s")
    return lines
