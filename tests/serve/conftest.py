"""Fixtures of the browser-table tests (Starlette's TestClient; the kit is ``serve_kit.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from serve_kit import PIG_FORM, make_client, open_table, pig_stacks


@pytest.fixture(scope="session")
def pig_choices():
    return pig_stacks()


@pytest.fixture
def pig(tmp_path, pig_choices):
    """A client of an app serving Pig, and a 2-seat table: seat 0 a person, seat 1 the heuristic agent."""
    with make_client(tmp_path, pig_choices) as client:
        yield client, open_table(client, PIG_FORM)
