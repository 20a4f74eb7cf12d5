"""The whole-game browser tests' kit, over ``serve_kit``'s (a ``rulecraft serve`` process that can be
stopped and started again mid-game, the system chromium; ``conftest.py``'s ``browser`` fixture): a table
opened through the lobby's form, one browser context per person's seat, and a seat's page answered the
ways a person answers: by clicking an option's target on the board, by clicking the option in the list, or
by typing its number (confirming it when the option is warned as likely pointless).

Every change to a table sends each browser at it a new message, so an action is *settled* once every page
has been redrawn: a marker put in each page's panel is gone (the script replaces the panel's contents on
each message).
"""

from __future__ import annotations

import re
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence

from serve_kit import LINK, WAIT_MS, Server

MARK = "settle-mark"


def open_table(server: Server, form: dict[str, str], number: int = 0) -> dict:
    """A table opened through the lobby's form (posted as the page posts it): its links by kind, the
    seats' by number, each a whole address."""
    request = urllib.request.Request(f"{server.url}/new/{number}", urllib.parse.urlencode(form).encode(),
                                     headers={"Origin": server.url})
    with urllib.request.urlopen(request, timeout=WAIT_MS / 1000) as page:
        text = page.read().decode()
    links: dict = {"seats": {}}
    for table, token, kind, seat in LINK.findall(text):
        address = f"{server.url}/t/{table}#k={token}"
        if kind == "join":
            links["seats"][int(seat)] = address
        else:
            links[kind] = address
    assert links["seats"], text
    return links


def seat_page(browser, link: str, errors: list[str]):
    """A person's own browser (a context of its own: no storage shared with the other seats) at ``link``,
    once its first message is drawn; its script errors go to ``errors``."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link)
    drawn(page)
    return page


def drawn(page) -> None:
    """Wait until the page has drawn a message (after a load or a reload)."""
    page.wait_for_function("() => document.body.dataset.view !== undefined")


def view(page) -> str:
    return str(page.evaluate("() => document.body.dataset.view || ''"))


def settle(pages: Sequence, action: Callable[..., object], *arguments: object) -> None:
    """Do ``action(*arguments)`` and wait until every page has drawn the message it caused."""
    for page in pages:
        page.evaluate(f"""() => {{ const mark = document.createElement('i'); mark.id = '{MARK}';
                             document.getElementById('panel').appendChild(mark); }}""")
    action(*arguments)
    for page in pages:
        page.wait_for_function(f"() => !document.getElementById('{MARK}')")


def options(page) -> list[tuple[str, str | None]]:
    """The asked decision's options, in order: each one's label and its board target (None: list only)."""
    found = page.evaluate("""() => [...document.querySelectorAll('#panel button.option')]
        .map(b => [b.innerText, b.dataset.target === undefined ? null : b.dataset.target])""")
    return [(re.sub(r"^\d+\s+", "", label).strip(), target) for label, target in found]


def confirm(page) -> None:
    """An option with a warning (legal, but likely pointless) asks first: the person means it."""
    if page.locator("#panel .confirm").count():
        page.click("#panel .confirm .confirm-yes")


def click_board(page, index: int, target: str) -> None:
    """Answer option ``index`` on the board: its target; when other options share it, the page marks them
    in the list and the person picks ``index`` there."""
    shared = sum(1 for _, t in options(page) if t == target)
    page.click(f'#board [data-target="{target}"]')
    if shared > 1:
        page.click(f'#panel button.option.highlight[data-option="{index}"]')
    confirm(page)


def type_number(page, index: int) -> None:
    """Answer option ``index`` by keyboard: its number, and Enter when a longer number could follow."""
    count = len(options(page))
    number = str(index + 1)
    # with an option button focused: the typed number answers once (table.js takes the Enter)
    page.keyboard.type(number)
    if count >= 10 and int(number) * 10 <= count:
        page.keyboard.press("Enter")
    confirm(page)


def click_list(page, index: int) -> None:
    page.click(f'#panel button.option[data-option="{index}"]')
    confirm(page)


def answer(page, index: int, turn: int, seen: dict[str, int]) -> None:
    """Answer option ``index`` one of the three ways, in turn: on the board when it has a target, else
    by keyboard or from the list; ``seen`` counts each way."""
    target = options(page)[index][1]
    way = ("board", "keyboard", "list")[turn % 3]
    if way == "board" and target is None:
        way = "keyboard"
    seen[way] = seen.get(way, 0) + 1
    if way == "board":
        assert target is not None
        click_board(page, index, target)
    elif way == "keyboard":
        type_number(page, index)
    else:
        click_list(page, index)


def undo_enabled(page) -> bool:
    return bool(page.query_selector("#panel button.undo:not([disabled])"))


def standings(page) -> str:
    page.wait_for_selector("#end .standings")
    return str(page.inner_text("#end"))
