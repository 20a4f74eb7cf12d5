"""The suite is hermetic (issue 10): a test reading outside the repository fails, even if it hides the error.

The guard is tests/conftest.py's audit hook; this runs tests/hermetic_probe.py in a child pytest and
checks that each read outside the repository failed its probe and the read inside it passed, in one process
and in pytest-xdist's workers (``make test`` runs the suite in those: each imports the conftest and runs its
``pytest_configure`` on its own, so each must arm its own guard).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "xdist workers"])
def test_reads_outside_the_repository_fail_the_test_that_makes_them(workers: list[str]):
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "-q", *workers,
                           "tests/hermetic_probe.py"], cwd=ROOT, capture_output=True, text=True, check=False)
    outcomes = {name: outcome for outcome, name in re.findall(
        r"^(PASSED|FAILED) tests/hermetic_probe\.py::(\w+)", done.stdout, re.MULTILINE)}
    assert outcomes == {
        "test_probe_reads_a_file_beside_the_repository": "FAILED",
        "test_probe_lists_the_folder_beside_the_repository": "FAILED",
        "test_probe_reads_a_file_in_home": "FAILED",
        "test_probe_reads_the_repository_and_its_temporary_folder": "PASSED",
    }, done.stdout + done.stderr
    assert "beside-the-clone/pack.yaml') reads outside the repository" in done.stdout

