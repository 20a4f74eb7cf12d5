"""Issue 24: in a real browser (Playwright driving the system chromium against ``rulecraft serve``), a legal
but likely pointless option shows its warning and is sent only once confirmed: Tiny Epic Mechs' Purchase
of an Advanced weapon by a Pilot, who has no slot for it (T12; the terminal asks "Buy it anyway?" with
the same words). A board element that answers nothing is refused in words.

The table is opened from the lobby's form; its first answers are given through the table on disk, as a
second server process would (``Table.changing``), until seat 0 is asked a Purchase with a warned option.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from browser_kit import open_table, seat_page, settle
from serve_kit import ROOT, Server, chromium

from rulecraft.cli.web.store import LOG, Table

PACK = str(ROOT / "content" / "tem-core")
FORM = {"players": "2", "seat0": "human", "seat1": "heuristic", "seed": "0"}
MOST_ANSWERS = 200


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    chromium()
    running = Server(tmp_path_factory.mktemp("serve") / "tables", [PACK])
    running.start()
    yield running
    running.stop()


def to_a_warning(folder: Path) -> None:
    """Answer seat 0 at random (buying nothing) until a Purchase it is asked has a warned option."""
    table = Table(folder)
    rng = random.Random(0)
    try:
        for _ in range(MOST_ANSWERS):
            pending = table.session.pending
            assert pending is not None, "the game ended before a warned Purchase"
            decision = pending.decision
            if any(table.words.warnings(decision, table.session.view(pending.seat))):
                return
            with table.changing() as session:
                session.answer(pending.seat, None if decision.kind == "purchase" else
                               decision.random_answer(rng))
        raise AssertionError(f"no warned Purchase in {MOST_ANSWERS} answers")
    finally:
        table.close()


def test_a_warned_option_needs_confirming(server, browser):
    links = open_table(server, FORM)
    table_id = links["seats"][0].split("/t/")[1].split("#")[0]
    folder = server.tables / table_id
    to_a_warning(folder)
    errors: list[str] = []
    page = seat_page(browser, links["seats"][0], errors)
    page.wait_for_selector("body[data-view=asked]")
    assert "Purchase" in page.inner_text("#panel .prompt")
    warned = page.locator("#panel button.option.warned").first
    index, target = warned.get_attribute("data-option"), warned.get_attribute("data-target")
    shown = page.inner_text(f"#panel li:has(button[data-option='{index}']) .warning")
    assert "no slot for Advanced weapons" in shown                    # T12, the terminal's words
    before = (folder / LOG).read_bytes()

    warned.click()                                                    # asked first, nothing sent
    confirm = page.locator("#panel .confirm")
    asked = confirm.inner_text()
    assert "no slot for Advanced weapons" in asked and "Choose it anyway?" in asked
    assert page.evaluate("() => document.activeElement.className") == "confirm-no"
    page.keyboard.press("n")                                          # n (the default): choose again
    assert page.locator("#panel .confirm").count() == 0
    page.click(f'#board [data-target="{target}"]')                    # the board asks the same
    assert page.locator("#panel .confirm").count() == 1
    page.wait_for_timeout(300)
    assert (folder / LOG).read_bytes() == before, "a warned option was sent before it was confirmed"

    page.locator('#board [data-target^="prog-"]').first.click()       # a program card answers no Purchase
    page.wait_for_function("() => document.getElementById('error').textContent.length > 0")
    assert page.inner_text("#error") == "That is not one of the options of “Purchase a weapon”."

    settle([page], page.click, "#panel .confirm .confirm-yes")       # confirmed: sent and answered
    assert (folder / LOG).read_bytes() != before
    assert f'"answer":"{target.split("-", 1)[1]}"' in (folder / LOG).read_text().replace(" ", "")
    assert not errors, errors
