"""Shared fixtures for the balance tests: the shipped core pack's Ruleset, built once."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def core():
    from rulecraft.plugins.tem.build import load_ruleset

    return load_ruleset()
