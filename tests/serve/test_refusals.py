"""What the browser table refuses: a message out of turn, malformed, oversized or carrying a path; a
websocket from another origin; a wrong token; a table id that is a path; a form from another site. Each
refusal says why and changes nothing (the log on disk stays byte for byte as it was)."""

from __future__ import annotations

import pytest
from serve_kit import ORIGIN, PIG_FORM, joined, open_table
from starlette.websockets import WebSocketDisconnect

from rulecraft.cli.web.messages import MOST_BYTES


def log_of(tmp_path, links) -> bytes:
    return (tmp_path / links["table"] / "log.jsonl").read_bytes()


@pytest.mark.parametrize(("message", "why"), [
    ("not json", "not JSON"),
    ("[1, 2]", "an object"),
    ('{"type": "teleport"}', "type is one of"),
    ('{"type": "answer"}', "names the option"),
    ('{"type": "answer", "picks": ["roll"]}', "option numbers"),
    ('{"type": "answer", "picks": [-1]}', "option numbers"),
    ('{"type": "answer", "picks": [7]}', "no option 8"),
    ('{"type": "answer", "picks": [0, 1]}', "takes 1 pick"),
    ('{"type": "answer", "picks": [0], "pack": "../../etc"}', "no field pack"),
    ('{"type": "answer", "picks": [0], "path": "/etc/passwd"}', "no field path"),
    ('{"type": "answer", "picks": [true]}', "option numbers"),
    ("[" * 100_000, "longer than"),
    ('{"type": "answer", "picks": [0], "x": "' + "a" * MOST_BYTES + '"}', "longer than"),
])
def test_a_malformed_message_is_refused_and_changes_nothing(pig, tmp_path, message, why):
    client, links = pig
    before = log_of(tmp_path, links)
    with joined(client, links, links["seats"][0]) as (socket, _):
        socket.send_text(message)
        reply = socket.receive_json()
        assert reply["type"] == "error" and why in reply["message"]
        socket.send_json({"type": "undo"})               # the socket still works after a refusal
        assert socket.receive_json()["type"] == "error"
    assert log_of(tmp_path, links) == before


def test_an_answer_out_of_turn_is_refused(pig_choices, tmp_path):
    from serve_kit import make_client

    with make_client(tmp_path, pig_choices) as client:
        links = open_table(client, {**PIG_FORM, "seat1": "human"})
        before = log_of(tmp_path, links)
        with joined(client, links, links["seats"][1]) as (socket, first):
            assert not first["asked"]
            socket.send_json({"type": "answer", "picks": [0]})
            reply = socket.receive_json()
            assert reply["type"] == "error" and "not your turn" in reply["message"]
            assert "pink" in reply["message"]
        assert log_of(tmp_path, links) == before


def test_a_wrong_token_joins_nothing(pig):
    client, links = pig
    mine = links["seats"][0]
    for token in ["x" * 43, mine[:-1] + ("B" if mine[-1] == "A" else "A"), "", None, 12]:
        with client.websocket_connect(f"/t/{links['table']}/ws", headers=ORIGIN) as socket:
            socket.send_json({"type": "join", "token": token})
            reply = socket.receive_json()
            assert reply["type"] == "error"
            socket.send_json({"type": "answer", "picks": [0]})        # still not joined
            assert "join" in socket.receive_json()["message"]


def test_a_websocket_from_another_origin_is_closed(pig):
    client, links = pig
    for headers in [{"origin": "http://evil.example"}, {}, {"origin": "http://testserver.evil.example"}]:
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/t/{links['table']}/ws", headers=headers) as socket:
            socket.receive_json()
        assert closed.value.code == 1008


@pytest.mark.parametrize("table", ["..%2F..%2Fetc", "%2Fetc%2Fpasswd", "A" * 22, "a.b"])
def test_a_table_id_is_never_a_path(pig, table):
    client, _ = pig
    assert client.get(f"/t/{table}").status_code == 404


def test_a_table_is_opened_from_the_servers_own_page_only(pig):
    client, _ = pig
    assert client.post("/new/0", data=PIG_FORM, headers={"origin": "http://evil.example"}).status_code == 403
    assert client.post("/new/0", data=PIG_FORM).status_code == 403
    assert client.post("/new/9", data=PIG_FORM, headers=ORIGIN).status_code == 404


@pytest.mark.parametrize(("form", "why"), [
    ({**PIG_FORM, "players": "9"}, "seats 1-4 players"),
    ({**PIG_FORM, "seat1": "../../bin/sh"}, "no agent"),
    ({**PIG_FORM, "seat0": "heuristic"}, "at least one person"),
    ({**PIG_FORM, "seed": ""}, "a seed is"),
])
def test_a_lobby_form_the_stack_does_not_offer_is_refused(pig, tmp_path, form, why):
    client, _ = pig
    tables = {path.name for path in tmp_path.iterdir()}
    page = client.post("/new/0", data=form, headers=ORIGIN)
    assert page.status_code == 400 and why in page.text
    assert {path.name for path in tmp_path.iterdir()} == tables


def test_pages_carry_a_content_security_policy(pig):
    client, links = pig
    for path in ["/", "/new/0", f"/t/{links['table']}"]:
        page = client.get(path)
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert page.headers["referrer-policy"] == "same-origin"   # no-referrer makes a form's Origin "null"


def test_a_click_on_the_board_that_answers_nothing_is_refused_in_words(pig, tmp_path):
    """A board element that is none of the decision's targets: the seat is told why (here plainly, as Pig's
    board says nothing more), and nothing changes."""
    client, links = pig
    before = log_of(tmp_path, links)
    with joined(client, links, links["seats"][0]) as (socket, first):
        assert first["asked"] and first["warnings"] == [None, None]
        socket.send_json({"type": "why", "target": "score-1", "label": "blue's score"})
        reply = socket.receive_json()
        assert reply == {"type": "error", "message": "blue's score is not one of this decision's options."}
    assert log_of(tmp_path, links) == before
