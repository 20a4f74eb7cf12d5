"""The browser-table tests' kit: an app over a tables folder, a table opened through the lobby's form."""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path

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
