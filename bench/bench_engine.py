"""Benchmark the engine: complete 4-player games with seeded random agents, on one core and with one
process per core; plus where the time goes (cProfile's top functions) for the record.

Set RULECRAFT_BENCH_GAMES to change the number of games per measurement (default 400).
"""

from __future__ import annotations

import cProfile
import io
import multiprocessing
import os
import pstats
import time

from bench.sim_command import installed_label
from rulecraft.plugins.tem.build import load_ruleset
from rulecraft.plugins.tem.engine import Game
from rulecraft.runtime.decisions import RandomAgent

GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "400"))
PLAYERS = 4
REPEAT = 3

_RULESET = None


def _ruleset():
    global _RULESET
    if _RULESET is None:
        _RULESET = load_ruleset()
    return _RULESET


def play(seeds: range) -> tuple[int, int, int]:
    """Play the games of ``seeds``; returns (games, events, decisions)."""
    ruleset = _ruleset()
    events = decisions = 0
    for seed in seeds:
        game = Game(ruleset, [RandomAgent(f"bench:{seed}/{i}") for i in range(PLAYERS)], seed=f"bench:{seed}")
        game.play()
        events += len(game.events)
        decisions += sum(1 for e in game.events if e["e"] == "decision")
    return len(seeds), events, decisions


def one_core() -> tuple[float, float, int, int]:
    """Games per wall-clock second and per CPU second (the latter is steadier on a shared machine)."""
    wall = cpu = float("inf")
    for _ in range(REPEAT):
        start, start_cpu = time.perf_counter(), time.process_time()
        _, events, decisions = play(range(GAMES))
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return GAMES / wall, GAMES / cpu, events // GAMES, decisions // GAMES


def all_cores(workers: int) -> float:
    chunks = [range(i, GAMES * workers, workers) for i in range(workers)]
    with multiprocessing.get_context("fork").Pool(workers, initializer=_ruleset) as pool:
        pool.map(play, [range(w, w + 1) for w in range(workers)])       # warm up every worker
        start = time.perf_counter()
        pool.map(play, chunks)
        elapsed = time.perf_counter() - start
    return GAMES * workers / elapsed


def profile(top: int = 8) -> list[str]:
    profiler = cProfile.Profile()
    profiler.enable()
    play(range(100))
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    lines = [line for line in out.getvalue().splitlines() if "/" in line or "ncalls" in line]
    return ["   " + line.strip() for line in lines[: top + 1]]


def run() -> list[str]:
    _ruleset()
    workers = os.cpu_count() or 1
    rate, cpu_rate, events, decisions = one_core()
    lines = [f"engine, {PLAYERS} random agents, {GAMES} games, best of {REPEAT}; as installed: "
             f"{installed_label()}",
             f"  one core:        {rate:8.0f} games/s wall, {cpu_rate:.0f} per CPU second "
             f"({events} events, {decisions} decisions per game; {cpu_rate * events:,.0f} events per CPU s)"]
    parallel = all_cores(workers)
    lines.append(f"  {workers} processes:   {parallel:8.0f} games/s  ({parallel / workers:.0f} per core, "
                 f"load average {os.getloadavg()[0]:.1f} at the end)")
    lines.append("  hot spots (cProfile, 100 games, by own time):")
    lines += profile()
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
