"""Conformance: a test taking ``game`` runs once per registered game; the harness module is importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulecraft.runtime import games

sys.path.insert(0, str(Path(__file__).parent))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", games.known_games())

