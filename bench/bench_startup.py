"""Benchmark start-up (issue 14): whole commands as a user runs them, each a fresh process.

- ``rulecraft check content/tem-core`` with warm caches (goal: at most 150 ms), and cold for reference;
- ``rulecraft sim content/tem-core --games 1 --agents random,random,random,random`` (goal: at most 250 ms
  of CPU), warm;
- where a warm check's imports go (``python -X importtime``, own time summed per top-level package);
- the effect parser: built from the grammar, against loaded from the user's signed tables.

CPU time is the child's user + system time (``getrusage(RUSAGE_CHILDREN)``), the median of ``RUNS``; wall
time is shown beside it, with the load average, since other work on the machine stretches it. The caches
(compiled effects, parser tables, validation records) live in a temporary ``XDG_CACHE_HOME``, warmed by a
first run, so the user's own cache neither helps nor suffers. Children run with bytecode caching on, as
an installed rulecraft does (``PYTHONDONTWRITEBYTECODE`` would recompile every module in every process).
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.goals import figure
from bench.sim_command import child_env

RUNS = int(os.environ.get("RULECRAFT_BENCH_RUNS", "7"))
CORE = str(Path(__file__).resolve().parents[1] / "content" / "tem-core")
CHECK = ["check", CORE]
SIM = ["sim", CORE, "--games", "1", "--agents", "random,random,random,random", "--quiet"]


def _command() -> list[str]:
    """The installed ``rulecraft`` script beside this interpreter (what a user runs), else ``-m``."""
    script = Path(sys.executable).with_name("rulecraft")
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulecraft.cli"]


def _env(cache: str) -> dict[str, str]:
    return child_env(XDG_CACHE_HOME=cache)


def timed(argv: list[str], cache: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``rulecraft ARGV``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*_command(), *argv], env=_env(cache), check=True, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def medians(argv: list[str], cache: str) -> tuple[float, float]:
    runs = [timed(argv, cache) for _ in range(RUNS)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def import_profile(argv: list[str], cache: str, top: int = 6) -> tuple[float, list[tuple[str, float]]]:
    """Total own import time (ms) of a run and the ``top`` packages by it (``-X importtime``)."""
    code = f"from rulecraft.cli.main import main; main({argv!r})"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], env=_env(cache),
                          capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL)
    own: Counter[str] = Counter()
    for match in re.finditer(r"import time:\s+(\d+) \|\s+\d+ \| +(\S+)", done.stderr):
        name = match.group(2)
        package = ".".join(name.split(".")[:2]) if name.startswith("rulecraft.") else name.split(".")[0]
        own[package] += int(match.group(1)) / 1000
    return sum(own.values()), own.most_common(top)


def parser_build_and_load(cache: str) -> tuple[float, float]:
    """CPU ms to build the effect parser from the grammar, and to load it from the signed tables."""
    code = ("import os, sys, time\n"
            "from rulecraft.compiler.effects.parse import PARSER_OPTIONS, grammar\n"
            "from rulecraft.compiler.effects.parser_cache import cached_parser\n"
            "text = grammar()\n"
            "start = time.process_time(); cached_parser(text, **PARSER_OPTIONS)\n"
            "print(1000 * (time.process_time() - start))\n")
    first = subprocess.run([sys.executable, "-c", code], env=_env(cache), capture_output=True, text=True,
                           check=True)
    again = subprocess.run([sys.executable, "-c", code], env=_env(cache), capture_output=True, text=True,
                           check=True)
    return float(first.stdout), float(again.stdout)


def run() -> list[str]:
    lines = [f"whole commands, fresh process each, median of {RUNS}; load average "
             f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"]
    with tempfile.TemporaryDirectory() as cold_root, tempfile.TemporaryDirectory() as cache:
        cold = [timed(CHECK, os.path.join(cold_root, str(i))) for i in range(3)]
        timed(CHECK, cache)                                   # warms every cache
        check_cpu, check_wall = medians(CHECK, cache)
        timed(SIM, cache)
        sim_cpu, sim_wall = medians(SIM, cache)
        total, packages = import_profile(CHECK, cache)
        build, load = parser_build_and_load(os.path.join(cold_root, "parser"))
    cold_cpu, cold_wall = statistics.median(c[0] for c in cold), statistics.median(c[1] for c in cold)
    lines += [
        figure("check tem-core, warm caches: CPU", 1000 * check_cpu, "ms", at_most=150, source="issue 14"),
        figure("check tem-core, warm caches: wall", 1000 * check_wall, "ms", at_most=150, source="issue 14"),
        f"check tem-core, cold caches: {1000 * cold_cpu:.0f} ms CPU, {1000 * cold_wall:.0f} ms wall",
        figure("sim --games 1, 4 random agents, warm: CPU", 1000 * sim_cpu, "ms", at_most=250,
               source="issue 14"),
        f"sim --games 1, 4 random agents, warm: {1000 * sim_wall:.0f} ms wall",
        f"warm check imports (python -X importtime, own time): {total:.0f} ms; most: "
        + ", ".join(f"{name} {ms:.0f}" for name, ms in packages),
        f"effect parser: built from the grammar {build:.0f} ms CPU, from the signed tables {load:.1f} ms",
    ]
    return lines
