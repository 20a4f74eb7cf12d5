"""Effect DSL tests: make this folder's helpers (effect_fakes, effect_goldens) importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Compiled-pack cache in a temp folder: tests never touch the user's ~/.cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
