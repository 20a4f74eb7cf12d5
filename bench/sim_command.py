"""Run one ``rulecraft sim`` as its own process and measure it as a user's shell would (``/usr/bin/time``):
the CPU time (user + sys) and the peak resident memory of the whole command, start-up included."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CORE = "content/tem-core"


class Measured(NamedTuple):
    cpu: float          # user + sys seconds of the whole command
    peak_mb: float      # peak resident set size, MB


# A child forked from a big process starts with that process's peak RSS as its own (Linux keeps the high
# water mark across fork and exec), so the command is started by a small launcher whose wait4 sees only it.
LAUNCHER = """
import json, os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
error = child.stderr.read().decode()
_, status, usage = os.wait4(child.pid, 0)
cpu = usage.ru_utime + usage.ru_stime
print(json.dumps([os.waitstatus_to_exitcode(status), cpu, usage.ru_maxrss, error]))
"""


def sim(games: int, agents: str = "random,random,random,random", seed: str = "1") -> Measured:
    """``rulecraft sim content/tem-core --games N --seed S --agents A --quiet``, its report discarded."""
    argv = [sys.executable, "-m", "rulecraft.cli", "sim", CORE, "--games", str(games), "--seed", seed,
            "--agents", agents, "--quiet"]
    out = subprocess.run([sys.executable, "-c", LAUNCHER, *argv], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    returncode, cpu, maxrss_kb, error = json.loads(out)
    if returncode != 0:
        raise RuntimeError(f"{' '.join(argv[2:])} exited {returncode}: {error}")
    return Measured(cpu, maxrss_kb / 1024)


def command(games: int) -> str:
    return f"rulecraft sim {CORE} --games {games} --seed 1 --agents random,random,random,random"
