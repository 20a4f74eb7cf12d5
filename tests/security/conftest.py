"""Fixtures of the security tests (issue 9); helpers live in security_helpers.py beside this file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session")
def core():
    """The shipped tem-core ruleset."""
    from rulecraft.plugins.tem.build import load_ruleset

    return load_ruleset()
