"""Benchmark the calibration loop alone (``bench.calibration``): recorded Tiny Epic Mechs games per CPU
second of bare Python making the same decisions and counting the same events, and what rulecraft's own
game loop reaches of it, measured interleaved in one run (issue 27)."""

from __future__ import annotations

import os

from bench import calibration
from bench.bench_sim import loop_rate
from bench.sim_command import builds

REPEAT = 3
LOOP_GAMES = 1000


def run() -> list[str]:
    measured, notes = builds()
    bare = 0.0
    loop = dict.fromkeys(measured, 0.0)
    for _ in range(REPEAT):
        bare = max(bare, calibration.rate())
        for name, folder in measured.items():
            loop[name] = max(loop[name], loop_rate(LOOP_GAMES, folder))
    lines = [f"calibration loop ({calibration.GAMES} recorded games, best of {REPEAT}, interleaved with "
             f"{' and '.join(measured)}; load average {os.getloadavg()[0]:.1f}): {bare:,.0f} games per CPU s",
             *notes]
    lines += [f"  the game loop alone, {name}: {loop[name]:,.0f} games per CPU s = {loop[name] / bare:.3f} "
              f"of the calibration loop" for name in measured]
    return lines
