"""Pig at the browser table in a real browser (Playwright driving the system's Chromium): a table opened
from the lobby, answered by clicking the board, the option list and the keyboard; undo (Big Pig's
set-aside throws no die, P6, so it can be taken back); a reload and a restart of the server mid-game; the
game finished, its end screen and replay; a hot-seat game's privacy screen between the seats.

The server is ``rulecraft serve`` in a process of its own, stopped and started again on the same tables
folder. In CI (``CI`` set) a missing Chromium is a failure, since ``.ci/run`` installs it; elsewhere a
skip.
"""

from __future__ import annotations

import pytest
from serve_kit import PIG, Server, chromium

BIG = f"{PIG},{PIG.replace('pig-core', 'pig-big')}"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    chromium()
    running = Server(tmp_path_factory.mktemp("serve") / "tables", [PIG, BIG])
    running.start()
    yield running
    running.stop()


def open_table(page, server: Server, stack: int, seats: dict[str, str], seed: str, hotseat: bool = False):
    """Open a table from the lobby's form; the links page's join links."""
    page.goto(server.url + "/")
    page.click(f"a[href='/new/{stack}']")
    page.select_option("select[name=players]", str(len(seats)))
    for name, kind in seats.items():
        page.select_option(f"select[name={name}]", kind)
    page.fill("input[name=seed]", seed)
    if hotseat:
        page.check("input[name=hotseat]")
    page.click("button[type=submit]")
    try:
        page.wait_for_selector("ul.links, p.problem")
    except Exception:
        raise AssertionError(page.content()) from None
    assert page.locator("p.problem").count() == 0, page.inner_text("p.problem")
    return page


def prompt(page) -> str:
    return page.inner_text("#panel .prompt")


def wait_asked(page) -> None:
    page.wait_for_selector("body[data-view=asked], body[data-view=end]")


def test_a_big_pig_game_with_undo_a_reload_and_a_restart(server, page):
    open_table(page, server, 1, {"seat0": "human", "seat1": "heuristic"}, "3")
    page.click("a.join")
    wait_asked(page)
    assert "you are pink" in page.inner_text("#whoami")
    page.click("#board [data-target=die]")                   # roll by clicking the die
    wait_asked(page)
    for _ in range(20):                                      # until dice may be set aside
        if "set-aside" in prompt(page):
            break
        page.keyboard.press("1")                             # roll, by the keyboard
        page.wait_for_function("() => document.querySelector('#log ol').children.length > 0")
        wait_asked(page)
    asked = prompt(page)
    assert "set-aside" in asked
    lines = page.locator("#log li").count()
    page.click("#panel button.option >> nth=0")
    page.wait_for_function(f"() => document.querySelector('#panel .prompt').textContent !== {asked!r}")
    page.click("#panel button.undo")                          # P6: nothing was thrown since
    page.wait_for_function(f"() => document.querySelector('#panel .prompt').textContent === {asked!r}")
    assert page.locator("#log li").count() == lines

    page.reload()                                            # the tab closed and opened again
    wait_asked(page)
    assert prompt(page) == asked

    server.restart()                                         # the page reconnects on its own
    page.wait_for_timeout(300)
    page.wait_for_function(f"() => document.querySelector('#panel .prompt').textContent === {asked!r}")

    for _ in range(400):                                     # the first option each time, to the end
        if page.get_attribute("body", "data-view") == "end":
            break
        page.keyboard.press("1")
        page.wait_for_timeout(20)
    page.wait_for_selector("#end .standings")
    page.click("button.replay-start")
    page.wait_for_selector("#replay:not([hidden])")
    first = page.inner_text("#replay-step")
    page.click("button.replay-next")
    page.wait_for_function(f"() => document.querySelector('#replay-step').textContent !== {first!r}")


def test_hot_seat_shows_the_privacy_screen_between_seats(server, page):
    open_table(page, server, 0, {"seat0": "human", "seat1": "human"}, "5", hotseat=True)
    assert page.locator("a.join").count() == 0
    page.click("a.hotseat")
    page.wait_for_selector("#privacy .privacy")
    assert "Pass the screen to pink" in page.inner_text("#privacy")
    assert not page.is_visible("#board")
    page.click("#privacy button.ready")
    wait_asked(page)
    assert "you are pink" in page.inner_text("#whoami")
    page.click("#board [data-target=turn-total]")            # hold, by clicking the turn total
    page.wait_for_selector("#privacy .privacy")
    assert "Pass the screen to black" in page.inner_text("#privacy")
    assert not page.is_visible("#board")
