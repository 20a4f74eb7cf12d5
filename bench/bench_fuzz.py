"""Benchmark ``rulecraft fuzz``: per game, games per CPU second of a plain seeded game (what ``sim`` plays),
of a fuzzed game recorded on its choice stream without coverage, and with coverage (the ``sys.settrace``
tracer), interleaved in one run; the rulings covered after 10, 30 and GAMES games; and the time the
shrinker takes on the planted bug of Pig's ``pig-planted`` variant (``tests/fuzz/pig-planted``).

Run with ``python -m bench fuzz``. Set RULECRAFT_BENCH_GAMES for the games per measurement (default 60).
Pig is a test-only game: this benchmark registers it for its own process as the test session does
(``tests/conftest.py``), from the checkout's ``tests/games/pig``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "60"))
PLANTED = ROOT / "tests" / "fuzz" / "pig-planted"


def _register_pig() -> None:
    """Pig's distribution metadata in a temporary folder on ``sys.path``, its sources beside it."""
    pig = ROOT / "tests" / "games" / "pig"
    project = tomllib.loads((pig / "pyproject.toml").read_text("utf-8"))["project"]
    site = Path(tempfile.mkdtemp(prefix="bench-fuzz-"))
    dist = site / "rulecraft_pig-0.1.0.dist-info"
    dist.mkdir()
    head = f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: 0.1.0\n"
    (dist / "METADATA").write_text(head, "utf-8")
    points = project["entry-points"]["rulecraft.games"]
    (dist / "entry_points.txt").write_text("[rulecraft.games]\n" + "".join(
        f"{k} = {v}\n" for k, v in points.items()), "utf-8")
    sys.path[:0] = [str(pig), str(site)]


def _rig(game: str, packs: tuple[str, ...] = ()) -> Any:
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.balance.batch import Config, table_for
    from rulecraft.runtime.fuzz.games import Rig

    table = table_for(Config(load_table, packs=packs, agents=("random",), game=game))
    return table, Rig.of(table)


def _plain(table: Any, n: int) -> float:
    from rulecraft.runtime.decisions import RandomAgent

    start = time.process_time()
    for i in range(n):
        game = table.engine(table.ruleset, [RandomAgent(f"p:{i}/{s}") for s in range(2)], seed=f"p:{i}",
                            hooks=table.hooks)
        game.play()
    return time.process_time() - start


def _fuzzed(rig: Any, n: int, traced: bool) -> float:
    from rulecraft.runtime.fuzz.coverage import Tracer
    from rulecraft.runtime.fuzz.run import Fuzzer

    fuzzer = Fuzzer(rig, (2, 2), ["random"], "bench", coverage=traced)
    if traced:   # a fresh tracer: nothing retired yet, as at the start of a run
        fuzzer.tracer = Tracer(rig.rulings)
    start = time.process_time()
    fuzzer.fuzz(n)
    return time.process_time() - start


def _growth(rig: Any, seats: tuple[int, int]) -> list[str]:
    from rulecraft.runtime.fuzz.run import Fuzzer

    run = Fuzzer(rig, seats, ["random"], "bench").fuzz(GAMES)
    known = len(rig.rulings.traced)
    marks = [m for m in (10, 30, GAMES) if m <= GAMES]
    covered = [sum(1 for _, first in run.coverage.first["rulings"].items() if first < m) for m in marks]
    return [f"{n} games: {c}/{known}" for n, c in zip(marks, covered, strict=True)]


def run() -> list[str]:
    _register_pig()
    from rulecraft.runtime.fuzz.run import Fuzzer
    from rulecraft.runtime.games import get

    lines = [f"{GAMES} two-seat random games per measurement, CPU seconds, interleaved; rulings covered "
             "by a fuzzing run of random seats at every seat count"]
    for game in ("pig", "mecha", "tem", "teq"):
        table, rig = _rig(game)
        plain = _plain(table, GAMES)
        bare = _fuzzed(rig, GAMES, traced=False)
        traced = _fuzzed(rig, GAMES, traced=True)
        seats = get(game).players
        lines.append(f"  {game:6} plain {GAMES / plain:7.1f} games/s, fuzzed {GAMES / bare:7.1f}, with "
                     f"coverage {GAMES / traced:7.1f} ({traced / plain:.2f}x plain); rulings after "
                     + ", ".join(_growth(rig, seats)))
    _, planted = _rig("pig", (str(PLANTED),))
    times, sizes = [], []
    for seed in range(5):
        run = Fuzzer(planted, (1, 4), ["random"], str(seed)).fuzz(2000)
        assert run.found is not None and run.found.shrunk is not None, "the planted bug was not found"
        shrunk = run.found.shrunk
        times.append(shrunk.seconds)
        sizes.append(f"{shrunk.before[1]}->{len(shrunk.values)}")
    lines.append(f"  planted bug (pig-planted, P3): found and shrunk in 5 of 5 runs; shrink "
                 f"{min(times) * 1000:.0f}-{max(times) * 1000:.0f} ms wall; choices {', '.join(sizes)}")
    return lines
