"""Run one ``rulecraft sim`` as its own process and measure it as a user's shell would (``/usr/bin/time``):
the CPU time (user + sys) and the peak resident memory of the whole command, start-up included."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CORE = "content/tem-core"


class Measured(NamedTuple):
    cpu: float          # user + sys seconds of the whole command
    peak_mb: float      # peak resident set size, MB


def sim(games: int, agents: str = "random,random,random,random", seed: str = "1") -> Measured:
    """``rulecraft sim content/tem-core --games N --seed S --agents A --quiet``, its report discarded."""
    argv = [sys.executable, "-m", "rulecraft.cli", "sim", CORE, "--games", str(games), "--seed", seed,
            "--agents", agents, "--quiet"]
    child = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    error = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[2:])} exited {child.returncode}: {error}")
    return Measured(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def command(games: int) -> str:
    return f"rulecraft sim {CORE} --games {games} --seed 1 --agents random,random,random,random"
