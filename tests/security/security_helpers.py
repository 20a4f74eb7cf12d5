"""Helpers of the security tests: a pack folder written at run time, and the real CLI as a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

MANIFEST = """id: {id}
name: A stranger's pack
version: 1.0.0
depends:
  - {{id: tem-core, version: ">=1.0,<2"}}
plugins: {plugins}
files: {files}
"""


def write_pack(folder: Path, plugins: str = "[]", files: str = "[]", pack_id: str = "stranger") -> Path:
    """A pack folder holding only a manifest (the test adds what else it needs)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(id=pack_id, plugins=plugins, files=files),
                                      encoding="utf-8")
    return folder


def cli(*args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """``python -m rulecraft.cli ARGS`` in ``cwd``, as a user runs it (stdin closed)."""
    return subprocess.run([sys.executable, "-m", "rulecraft.cli", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
