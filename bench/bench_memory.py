"""Benchmark the loader's memory over a long-running process (``docs --serve``, an editor server): 1,000
checks of the core pack in one process, traced with tracemalloc. The growth must stay under a few MB
(issue 9: the loader keeps no scalars between files; it grew 35 -> 82 MB over 600 checks before)."""

from __future__ import annotations

import gc
import time
import tracemalloc

from rulecraft.plugins.tem.build import core_pack_path
from rulecraft.plugins.wiring import check_packs

CHECKS = 1000


def run() -> list[str]:
    pack = core_pack_path()
    check_packs([pack])                       # warm the caches that are meant to stay (schemas, grammar)
    gc.collect()
    tracemalloc.start()
    start, begun = tracemalloc.get_traced_memory()[0], time.perf_counter()
    lines = []
    for index in range(1, CHECKS + 1):
        assert check_packs([pack]).ok
        if index in (10, 100, CHECKS):
            gc.collect()
            grown = (tracemalloc.get_traced_memory()[0] - start) / 1e6
            lines.append(f"after {index:5d} checks: {grown:6.2f} MB more traced memory "
                         f"({time.perf_counter() - begun:.0f} s)")
    tracemalloc.stop()
    return lines
