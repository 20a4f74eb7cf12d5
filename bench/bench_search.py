"""Benchmark the search agents' strength (issue 25): win rates with 95% Wilson intervals, CPU s per decision.

Each figure plays seeded games in two child processes (``bench/search_games.py``, the compiled game loop
when it is built, as ``make run`` gives users), every seed once per seating, so each agent sits each seat
equally often on the same seeds:

- Mecha Game: ``ismcts`` (100 iterations, heuristic rollouts) against the heuristic, seats swapped (goal:
  at least 65%, at no more than 1 s per decision);
- Tiny Epic Mechs: one ``ismcts@20`` seat against three heuristic seats, the search seat in each seat in
  turn (goal: clearly above the fair 25%; 20 iterations, as its heuristic rollouts cost about 40 ms each);
- Pig: ``ismcts`` against hold-at-20, seats swapped (goal: at least as good, 50% within the interval);
- the skill gradient (``runtime.agents.gradient``): ``ismcts@2B`` against ``ismcts@B``, in Pig and in
  Mecha Game.

``RULECRAFT_BENCH_SEARCH_SEEDS=K`` scales every figure's seeds by K (default 1);
``RULECRAFT_BENCH_SEARCH_GAMES=pig,mecha`` plays only the figures of those games. Run with
``python -m bench search``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench import goals
from rulecraft.runtime.balance import stats

ROOT = Path(__file__).resolve().parents[1]
SCALE = float(os.environ.get("RULECRAFT_BENCH_SEARCH_SEEDS", "1"))
ONLY = {g for g in os.environ.get("RULECRAFT_BENCH_SEARCH_GAMES", "").split(",") if g}
WORKERS = 2


# A figure's goal: (goal name, which end of the estimate it bounds, the bound) - issue 25's goals.
GOALS = {"mecha": [("Mecha Game: ismcts's win rate vs heuristic", "value", 0.65)],
         "tem": [("TEM: 1 ismcts vs 3 heuristic, interval's low end", "low", 0.25)],
         "pig": [("Pig: ismcts vs hold-at-20, interval's high end", "high", 0.5)]}


def _figures() -> list[tuple[str, str, str, list[list[str]], int, bool]]:
    """(label, game, the agent rated, seatings, seeds, pig?)."""
    tem = [["heuristic"] * 4 for _ in range(4)]
    for seat, seating in enumerate(tem):
        seating[seat] = "ismcts@20"     # 20 iterations: about 0.8 CPU s per decision (its heuristic rollouts)
    return [
        ("Mecha Game, ismcts vs heuristic", "mecha", "ismcts",
         [["ismcts", "heuristic"], ["heuristic", "ismcts"]], 12, False),
        ("Tiny Epic Mechs, 1 ismcts@20 vs 3 heuristic", "tem", "ismcts@20", tem, 3, False),
        ("Pig, ismcts vs hold-at-20", "pig", "ismcts", [["ismcts", "heuristic"], ["heuristic", "ismcts"]],
         100, True),
        ("skill gradient, Pig, ismcts@200 vs ismcts@100", "pig", "ismcts@200",
         [["ismcts@200", "ismcts@100"], ["ismcts@100", "ismcts@200"]], 100, True),
        ("skill gradient, Mecha Game, ismcts@40 vs ismcts@20", "mecha", "ismcts@40",
         [["ismcts@40", "ismcts@20"], ["ismcts@20", "ismcts@40"]], 8, False),
    ]


def _play(game: str, seatings: list[list[str]], seeds: int, pig: bool) -> tuple[str, list[dict]]:
    """Every seed once per seating, the seeds dealt to the worker processes in turn."""
    names = [f"search:{n}" for n in range(seeds)]
    jobs = [{"game": game, "seatings": seatings, "seeds": names[w::WORKERS], "pig": pig}
            for w in range(WORKERS)]
    children = [subprocess.Popen([sys.executable, "-m", "bench.search_games", json.dumps(job)], cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True) for job in jobs if job["seeds"]]
    loop, games = "", []
    for child in children:
        out, _ = child.communicate()
        for line in out.splitlines():
            row = json.loads(line)
            if "loop" in row:
                loop = row["loop"]
            else:
                games.append(row)
    return loop, games


def run() -> list[str]:
    lines: list[str] = []
    for label, game, rated, seatings, seeds, pig in _figures():
        if ONLY and game not in ONLY:
            continue
        seeds = max(1, round(seeds * SCALE))
        loop, games = _play(game, seatings, seeds, pig)
        won = n = 0.0
        decisions, seconds = 0, 0.0
        for row in games:
            if row["aborted"]:
                continue
            for seat, name in enumerate(row["seating"]):
                if name == rated:
                    won, n = won + row["shares"][seat], n + 1
            for seat, (count, took) in row["searched"].items():
                if row["seating"][int(seat)] == rated:
                    decisions, seconds = decisions + count, seconds + took
        e = stats.wilson(won, int(n))
        aborted = sum(1 for row in games if row["aborted"])
        per = seconds / max(decisions, 1)
        left_out = f", {aborted} aborted" if aborted else ""
        lines.append(f"{label}: {e.value:.1%} [{e.low:.1%}, {e.high:.1%}] of {int(n)} games "
                     f"({seeds} seeds x {len(seatings)} seatings), {per:.3f} CPU s "
                     f"per searched decision ({decisions} decisions){left_out}")
        if not label.startswith("skill gradient"):
            for name, end, bound in GOALS[game]:
                lines.append("  " + goals.figure(name, getattr(e, end), "share", at_least=bound,
                                                 source="issue 25"))
            if game == "mecha":
                lines.append("  " + goals.figure("Mecha Game: ismcts's CPU s per decision", per, "s",
                                                 at_most=1.0, source="issue 25"))
    lines.append(f"  ({loop or 'no games'}; {WORKERS} processes)")
    return lines
