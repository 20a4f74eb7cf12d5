"""Probes for tests/test_hermetic.py, run only by it in a child pytest (the name keeps them out of the suite).

Each probe does what a non-hermetic test would do and hides the error the way careless code does.
"""

from __future__ import annotations

import contextlib
import os
import pwd
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_probe_reads_a_file_beside_the_repository():
    """A sibling folder of the clone (a developer's other checkout, rule texts kept beside it): a user's
    clone has none, so a test reading one passes only on its author's machine."""
    with contextlib.suppress(Exception):     # the point: swallowing the error must not hide the read
        (ROOT.parent / "beside-the-clone" / "pack.yaml").read_text(encoding="utf-8")


def test_probe_lists_the_folder_beside_the_repository():
    with contextlib.suppress(Exception):
        os.listdir(ROOT.parent)


def test_probe_reads_a_file_in_home():
    """The user's real home (the suite points HOME at a temporary folder)."""
    with contextlib.suppress(Exception):
        (Path(pwd.getpwuid(os.getuid()).pw_dir) / ".bashrc").read_text(encoding="utf-8")


def test_probe_reads_the_repository_and_its_temporary_folder(tmp_path):
    (tmp_path / "scratch.txt").write_text("ok", encoding="utf-8")
    assert (tmp_path / "scratch.txt").read_text(encoding="utf-8") == "ok"
    assert (ROOT / "pyproject.toml").read_text(encoding="utf-8").startswith("[build-system]")
