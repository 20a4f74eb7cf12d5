"""Shared fixtures: the shipped core pack's Ruleset (built once) and the small Python ruleset."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import rulesets


@pytest.fixture(scope="session")
def core():
    from rulecraft.plugins.tem.build import load_ruleset

    return load_ruleset()


@pytest.fixture(scope="session")
def tiny():
    return rulesets.ruleset()
