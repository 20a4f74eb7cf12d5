"""Run the benchmarks: ``python -m bench [NAME...]`` (``make bench``).

Every module ``bench/bench_<name>.py`` is a benchmark: it exposes ``run() -> list[str]``, the lines
of its report. This runner finds them, runs them in name order (or only the NAMEs given), prints their
reports, and ends with every figure that has a goal next to its goal (``bench/goals.py``). Benchmarks
measure; they never fail a build (timed tests would be flaky).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import bench
from bench import goals


def modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_"))


def main(argv: list[str]) -> int:
    wanted = set(argv)
    names = [n for n in modules() if not wanted or n.removeprefix("bench_") in wanted or n in wanted]
    if wanted and not names:
        print(f"no benchmark {', '.join(sorted(wanted))}; have: {', '.join(modules())}", file=sys.stderr)
        return 2
    for name in names:
        start = time.perf_counter()
        print(f"== {name}")
        for line in importlib.import_module(f"bench.{name}").run():
            print(line, flush=True)
        print(f"   ({time.perf_counter() - start:.1f} s)")
    lines = goals.summary()
    if lines:
        print("== goals")
        for line in lines:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
