"""The browser-table tests' kit: an app over a tables folder, a table opened through the lobby's form, and
for the browser tests a ``rulecraft serve`` process and the system's Chromium (``conftest.py`` has the
``browser`` and ``page`` fixtures): in CI (``CI`` set) a missing Chromium fails, elsewhere it skips."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from pathlib import Path

import pytest

from rulecraft.cli.web.app import build_app
from rulecraft.cli.web.setup import stack_choices

ROOT = Path(__file__).resolve().parents[2]
PIG = str(ROOT / "tests" / "games" / "pig" / "rulecraft_pig" / "content" / "pig-core")
HOST = "testserver"
ORIGIN = {"origin": f"http://{HOST}"}
LINK = re.compile(r'href="/t/([A-Za-z0-9_-]+)#k=([A-Za-z0-9_-]+)" class="(join|hotseat|spectator)"'
                  r'(?: data-seat="(\d+)")?')
PIG_FORM = {"players": "2", "seat0": "human", "seat1": "heuristic", "seed": "7"}


def pig_stacks():
    return stack_choices([PIG])


def make_client(tables: Path, stacks):
    from starlette.testclient import TestClient

    return TestClient(build_app(tables, stacks), base_url=f"http://{HOST}")


def open_table(client, form: dict[str, str], number: int = 0) -> dict:
    """Open a table through the lobby's form; its id and links' tokens by kind (seats by number)."""
    page = client.post(f"/new/{number}", data=form, headers=ORIGIN)
    assert page.status_code == 200, page.text
    links: dict = {"seats": {}}
    for table, token, kind, seat in LINK.findall(page.text):
        links["table"] = table
        if kind == "join":
            links["seats"][int(seat)] = token
        else:
            links[kind] = token
    return links


@contextmanager
def joined(client, links: dict, token: str):
    """A websocket at the table, joined with ``token``: it and the first message it receives."""
    with client.websocket_connect(f"/t/{links['table']}/ws", headers=ORIGIN) as socket:
        socket.send_json({"type": "join", "token": token})
        yield socket, socket.receive_json()


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-dev-shm-usage"]
WAIT_MS = 30_000                   # a loaded machine (CI shares its cores) is slow to answer


def chromium() -> str:
    found = shutil.which("chromium")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing; .ci/run installs it")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """``rulecraft serve`` of pack ``stacks`` over a tables folder, in a process of its own on a port of
    its own; :meth:`restart` keeps both."""

    def __init__(self, tables: Path, stacks: list[str]) -> None:
        self.tables, self.stacks, self.port = tables, stacks, free_port()
        self.process: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rulecraft.cli", "serve", *self.stacks, "--tables", str(self.tables),
             "--port", str(self.port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            if self.process.poll() is not None:
                raise AssertionError(f"rulecraft serve stopped: {self.process.stdout.read()}")
            time.sleep(0.1)
        raise AssertionError("rulecraft serve did not start listening")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


HOSTILE = '<script>alert("x")</script> & Co\x07'     # a pack's card name the boards must draw as text
HOSTILE_YAML = '"<script>alert(\\"x\\")</script> & Co\\a"'    # the same in YAML (\a: the bell)


def parsed(markup: str) -> ET.Element:
    """A board as XML: a tag left open, an attribute unquoted or a bare ``<``/``&`` fails here."""
    return ET.fromstring(markup)


def targets_in(root: ET.Element) -> list[str]:
    """The ``data-target`` ids of a parsed board, in document order."""
    return [e.attrib["data-target"] for e in root.iter() if "data-target" in e.attrib]
