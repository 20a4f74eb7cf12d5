"""Run one ``rulecraft sim`` as its own process and measure it as a user's shell would (``/usr/bin/time``):
the CPU time (user + sys) and the peak resident memory of the whole command, start-up included; in pure
Python or with the optional compiled game loop (mypyc) built into a folder of its own for the run.

Children run with bytecode caching on, as an installed rulecraft does (``PYTHONDONTWRITEBYTECODE`` would
compile every module in every process, about +60 ms a start-up): :func:`child_env`.
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import NamedTuple

from rulecraft.runtime.native import PURE, installed_folder, unusable

ROOT = Path(__file__).resolve().parent.parent
CORE = "content/tem-core"


class Measured(NamedTuple):
    cpu: float          # user + sys seconds of the whole command
    peak_mb: float      # peak resident set size, MB


class Build(NamedTuple):
    folder: Path | None     # a ``build --into`` folder for ``rulecraft.runtime.native.use``; None: not built
    note: str               # how it was built, or why it could not be


def child_env(**extra: str) -> dict[str, str]:
    """This process's environment for a child measured as a user runs it: without PYTHONDONTWRITEBYTECODE."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **extra}


# A child forked from a big process starts with that process's peak RSS as its own (Linux keeps the high
# water mark across fork and exec), so the command is started by a small launcher whose wait4 sees only it.
# argv is WHERE COMMAND...: WHERE "pipe" reads the command's stderr from a pipe; "terminal" gives it a
# pseudo-terminal (100 x 30) for its stderr, where rulecraft draws its progress bar, and reads that.
LAUNCHER = """
import fcntl, json, os, struct, subprocess, sys, termios
where, argv = sys.argv[1], sys.argv[2:]
if where == "terminal":
    reading, writing = os.openpty()
    fcntl.ioctl(writing, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=writing)
    os.close(writing)
    drawn = []
    while True:
        try:
            chunk = os.read(reading, 65536)
        except OSError:           # EIO: the child closed the terminal
            break
        if not chunk:
            break
        drawn.append(chunk)
    error = b"".join(drawn)[-2000:].decode(errors="replace")
else:
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    error = child.stderr.read().decode()
_, status, usage = os.wait4(child.pid, 0)
cpu = usage.ru_utime + usage.ru_stime
print(json.dumps([os.waitstatus_to_exitcode(status), cpu, usage.ru_maxrss, error]))
"""

# ``python -m MODULE ARGS`` with the compiled modules of a ``build --into`` folder imported in place of
# their sources (``rulecraft.runtime.native.use`` before anything else): argv is FOLDER MODULE ARGS.
USING = """
import runpy, sys
from pathlib import Path
from rulecraft.runtime.native import use
use(Path(sys.argv[1]))
module = sys.argv[2]
sys.argv[1:] = sys.argv[3:]
runpy.run_module(module, run_name="__main__", alter_sys=True)
"""


def python_m(module: str, build: Path | None = None) -> list[str]:
    """argv of ``python -m module``: in pure Python (as installed), or with the compiled build ``build``."""
    if build is None:
        return [sys.executable, "-m", module]
    return [sys.executable, "-c", USING, str(build), module]


def sim(games: int, agents: str = "random,random,random,random", seed: str = "1",
        build: Path | None = None, terminal: bool = False, pack: str = CORE, jobs: int = 1,
        cli: list[str] | None = None, cwd: Path = ROOT) -> Measured:
    """``rulecraft sim PACK --games N --seed S --agents A --jobs J --quiet`` (PACK: tem-core unless given),
    its report discarded; with the compiled modules of ``build`` (a ``build --into`` folder) when given,
    else pure Python; with ``terminal``, on a pseudo-terminal without ``--quiet`` (so with its progress
    bar); ``cli``, run from ``cwd``, in place of this checkout's command line (another commit's tree,
    ``bench.sim_baseline``)."""
    command_line = python_m("rulecraft.cli", build) if cli is None else cli
    argv = [*command_line, "sim", pack, "--games", str(games), "--seed", seed,
            "--agents", agents, "--jobs", str(jobs), *(() if terminal else ("--quiet",))]
    pure = {PURE: "1"} if build is None else {}      # the command line would import the installed build
    out = subprocess.run([sys.executable, "-c", LAUNCHER, "terminal" if terminal else "pipe", *argv],
                         cwd=cwd, env=child_env(**pure), capture_output=True, text=True, check=True).stdout
    returncode, cpu, maxrss_kb, error = json.loads(out)
    if returncode != 0:
        raise RuntimeError(f"{command(games, jobs, pack, agents)} exited {returncode}: {error}")
    return Measured(cpu, maxrss_kb / 1024)


def command(games: int, jobs: int = 1, pack: str = CORE, agents: str = "random,random,random,random") -> str:
    return f"rulecraft sim {pack} --games {games} --seed 1 --agents {agents}" + (f" --jobs {jobs}" if jobs > 1
                                                                                   else "")


@functools.cache
def compiled_build() -> Build:
    """The compiled game loop: the one ``make compiled`` installed when it is current, else built once per
    run into a temporary folder (``python -m rulecraft.cli.compiled build --into``, 20 s to a few minutes
    by the load; the checkout is untouched), or why it cannot be."""
    from rulecraft.cli.compiled import modules

    installed = installed_folder()
    if unusable(installed, modules()) is None:
        return Build(installed, f"compiled build (mypyc): the one `make compiled` installed ({installed})")
    folder = Path(tempfile.mkdtemp(prefix="rulecraft-bench-compiled-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    start = time.perf_counter()
    done = subprocess.run([*python_m("rulecraft.cli.compiled"), "build", "--into", str(folder)], cwd=ROOT,
                          env=child_env(), capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]   # the error last
        why = lines[-1] if lines else f"exit status {done.returncode}"
        return Build(None, f"no compiled build (it needs mypyc and a C compiler): {why}")
    took = time.perf_counter() - start
    return Build(folder, "compiled build (mypyc): `python -m rulecraft.cli.compiled build --into` a "
                         f"temporary folder, {took:.0f} s once per run")


@functools.cache
def compiled_in_checkout() -> tuple[str, ...]:
    """The modules of the compiled game loop that this checkout imports from an extension beside their
    source (someone ran ``make compiled``): then a run "as installed" is not pure Python."""
    from rulecraft.cli.compiled import modules

    found = []
    for module in modules():
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin is not None and spec.origin.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(module)
    return tuple(found)


def installed_label() -> str:
    """What a run "as installed" (no ``use``) measures: pure Python, unless the checkout has been compiled."""
    compiled = compiled_in_checkout()
    if not compiled:
        return "pure Python"
    return (f"NOT pure Python: {len(compiled)} modules compiled beside their sources (make compiled; "
            "`make clean-compiled` to measure pure Python)")


def builds() -> tuple[dict[str, Path | None], list[str]]:
    """The builds a benchmark measures side by side, by label: the checkout as installed ("pure Python"
    unless it has been compiled) and, when it can be built, the compiled build's folder; and the lines
    saying what they are (how the compiled build was made or why not, and a compiled checkout)."""
    installed = installed_label()
    compiled = compiled_build()
    found: dict[str, Path | None] = {"pure Python" if installed == "pure Python" else "as installed": None}
    notes = [compiled.note]
    if installed != "pure Python":
        notes.append(f"as installed: {installed}")
    if compiled.folder is not None:
        found["compiled"] = compiled.folder
    return found, notes
