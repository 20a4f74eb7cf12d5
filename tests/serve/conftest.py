"""Fixtures of the browser-table tests (Starlette's TestClient; the kit is ``serve_kit.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from serve_kit import CHROMIUM_ARGS, PIG_FORM, WAIT_MS, chromium, make_client, open_table, pig_stacks


@pytest.fixture(scope="session")
def pig_choices():
    return pig_stacks()


@pytest.fixture
def pig(tmp_path, pig_choices):
    """A client of an app serving Pig, and a 2-seat table: seat 0 a person, seat 1 the heuristic agent."""
    with make_client(tmp_path, pig_choices) as client:
        yield client, open_table(client, PIG_FORM)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    path = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    """A fresh page (its own context); it logs no script error."""
    context = browser.new_context()
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors
