"""The whole-game browser tests' kit: ``rulecraft serve`` as a real process (so it can be stopped and started
again mid-game), a table opened through the lobby's form, and Playwright driving the system chromium (never
``playwright install``), one browser context per person's seat.

A seat's page is answered the ways a person answers: by clicking an option's target on the board, by
clicking the option in the list, or by typing its number. Every change to a table sends each browser at it
a new message, so an action is *settled* once every page has been redrawn: a marker put in each page's
panel is gone (the script replaces the panel's contents on each message).

Without chromium or Playwright a test skips, saying why; with ``CI`` set (``.ci/run`` installs them) it
fails instead.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
LINK = re.compile(r'href="/t/([A-Za-z0-9_-]+)#k=([A-Za-z0-9_-]+)" class="(join|hotseat|spectator)"'
                  r'(?: data-seat="(\d+)")?')
SETTLE_MS = 20_000          # the longest one answer may take to reach every page (a restart's reconnect too)
MARK = "settle-mark"


def need_browser() -> None:
    """Skip (fail in CI) unless the system chromium and Playwright's Python package are here."""
    missing = "the system chromium" if CHROMIUM is None else None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing = missing or "Playwright's Python package"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is missing; CI installs it (.ci/run)")
        pytest.skip(f"{missing} is missing: the whole-game browser tests need it")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``rulecraft serve PACK --tables DIR --port P`` in a process of its own; :meth:`restart` stops it and
    starts another on the same folder and port, as a person restarting their server would."""

    def __init__(self, tables: Path, packs: Sequence[str]) -> None:
        self.tables, self.packs, self.port = tables, list(packs), free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tables.parent / f"serve-{self.port}.log"     # its warnings, read when it fails

    def start(self) -> None:
        command = [sys.executable, "-m", "rulecraft.cli", "serve", *self.packs,
                   "--tables", str(self.tables), "--port", str(self.port)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"rulecraft serve stopped: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2) as page:
                    if page.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("rulecraft serve did not answer within 30 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def open_table(self, form: dict[str, str], number: int = 0) -> dict:
        """A table opened through the lobby's form: its id and its links by kind (seats by number)."""
        request = urllib.request.Request(f"{self.base}/new/{number}", urllib.parse.urlencode(form).encode(),
                                         headers={"Origin": self.base})
        with urllib.request.urlopen(request, timeout=30) as page:
            text = page.read().decode()
        links: dict = {"seats": {}}
        for table, token, kind, seat in LINK.findall(text):
            links["table"] = table
            if kind == "join":
                links["seats"][int(seat)] = f"{self.base}/t/{table}#k={token}"
            else:
                links[kind] = f"{self.base}/t/{table}#k={token}"
        assert links["seats"], text
        return links


@contextmanager
def serving(tables: Path, packs: Sequence[str]) -> Iterator[Server]:
    server = Server(tables, packs)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM,
                                          args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            yield chromium
        finally:
            chromium.close()


def seat_page(chromium, link: str):
    """A person's own browser (a context of its own: no storage shared with the other seats) at ``link``,
    once its first message is drawn."""
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(link)
    page.wait_for_function("() => document.body.dataset.view !== undefined", timeout=SETTLE_MS)
    return page


def view(page) -> str:
    return str(page.evaluate("() => document.body.dataset.view || ''"))


def settle(pages: Sequence, action: Callable[..., object], *arguments: object) -> None:
    """Do ``action(*arguments)`` and wait until every page has drawn the message it caused."""
    for page in pages:
        page.evaluate(f"""() => {{ const mark = document.createElement('i'); mark.id = '{MARK}';
                             document.getElementById('panel').appendChild(mark); }}""")
    action(*arguments)
    for page in pages:
        page.wait_for_function(f"() => !document.getElementById('{MARK}')", timeout=SETTLE_MS)


def options(page) -> list[tuple[str, str | None]]:
    """The asked decision's options, in order: each one's label and its board target (None: list only)."""
    found = page.evaluate("""() => [...document.querySelectorAll('#panel button.option')]
        .map(b => [b.innerText, b.dataset.target === undefined ? null : b.dataset.target])""")
    return [(re.sub(r"^\d+\s+", "", label).strip(), target) for label, target in found]


def click_board(page, index: int, target: str) -> None:
    """Answer option ``index`` on the board: its target; when other options share it, the page marks them
    in the list and the person picks ``index`` there."""
    shared = sum(1 for _, t in options(page) if t == target)
    page.click(f'#board [data-target="{target}"]')
    if shared > 1:
        page.click(f'#panel button.option.highlight[data-option="{index}"]')


def type_number(page, index: int) -> None:
    """Answer option ``index`` by keyboard: its number, and Enter when a longer number could follow."""
    count = len(options(page))
    number = str(index + 1)
    # nothing focused: else the focused option button takes the Enter too, a second answer (table.js)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.type(number)
    if count >= 10 and int(number) * 10 <= count:
        page.keyboard.press("Enter")


def click_list(page, index: int) -> None:
    page.click(f'#panel button.option[data-option="{index}"]')


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
    page.wait_for_selector("#end .standings", timeout=SETTLE_MS)
    return str(page.inner_text("#end"))
