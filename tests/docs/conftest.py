"""One strict build of the core site per test run, shared by every docs test and every xdist worker (keeps
`make test` fast); this folder's helpers importable."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))   # this folder's helpers (rule_fingerprint) are importable

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CORE = ROOT / "content" / "tem-core"


@dataclass
class Built:
    out: Path
    log: str

    def page(self, name: str) -> str:
        return (self.out / name).read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def core_site(built_once) -> Built:
    """`mkdocs build --strict` of site/mkdocs.yml (the core pack) into a temp folder, once for the whole run
    (every xdist worker reads the same build); its log beside it. Only read: the build is shared."""

    def build(folder: Path) -> None:
        mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                  str(SITE / "mkdocs.yml"), "--site-dir", str(folder / "site")]
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        done = subprocess.run(mkdocs, capture_output=True, text=True, env=env, check=False)
        assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
        (folder / "mkdocs.log").write_text(done.stdout + done.stderr, encoding="utf-8")

    folder = built_once("core-site", build)
    return Built(folder / "site", (folder / "mkdocs.log").read_text(encoding="utf-8"))
