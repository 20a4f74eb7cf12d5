"""The browser table over its websocket (Starlette's TestClient): a Pig game played to its end, undo with the
session's rules, the hot seat's privacy screen, spectators, a restart and two apps on one tables folder.

Pig's rules decide what undo may take back: every roll is seen (P1), so an answer followed by a roll cannot
be undone; Big Pig's set-aside steps (P6) throw no die, so one can."""

from __future__ import annotations

import json
import re

from serve_kit import PIG, PIG_FORM, joined, make_client, open_table

from rulecraft.cli.web.setup import stack_choices
from rulecraft.cli.web.store import Table
from rulecraft.runtime.session import Session

ROLL, HOLD = 0, 1
BIG = f"{PIG},{PIG.replace('pig-core', 'pig-big')}"


def total(message: dict) -> int:
    return int(re.search(r"Turn total</span> <strong>(\d+)</strong>", message["board"]).group(1))


def play_out(socket, message: dict, hold_at: int = 8) -> dict:
    """Answer as Pig's seat until the game ends: roll below ``hold_at`` of the turn's points, else hold."""
    for _ in range(500):
        if message["end"] is not None:
            return message
        assert message["asked"], message
        socket.send_json({"type": "answer", "picks": [ROLL if total(message) < hold_at else HOLD]})
        message = socket.receive_json()
    raise AssertionError("the game did not end")


def test_a_pig_game_plays_to_its_end_and_the_log_is_on_disk(pig, tmp_path):
    client, links = pig
    assert client.get(f"/t/{links['table']}").status_code == 200
    with joined(client, links, links["seats"][0]) as (socket, message):
        assert message["type"] == "state" and message["asked"] and message["targets"] == ["die", "turn-total"]
        end = play_out(socket, message)
        assert "standings" in end["end"] and "Replay the game" in end["end"]
        log = (tmp_path / links["table"] / "log.jsonl").read_text().splitlines()
        assert json.loads(log[-1])["e"] == "game-end"
        socket.send_json({"type": "replay", "step": 0})
        first = socket.receive_json()
        assert first["type"] == "replay" and first["steps"] > 1 and first["step"] == 0
        socket.send_json({"type": "replay", "step": 10**6})
        assert socket.receive_json()["step"] == first["steps"] - 1      # clamped to the last step


def test_a_tables_log_holds_no_token(pig, tmp_path):
    _, links = pig
    folder = tmp_path / links["table"]
    written = "".join(path.read_text() for path in folder.iterdir() if path.is_file())
    assert links["seats"][0] not in written and links["spectator"] not in written


def test_undo_follows_the_sessions_rules(tmp_path):
    """P1: a roll is seen, so Pig's roll-or-hold answer cannot be taken back once the die is thrown; P6:
    Big Pig's set-aside throws nothing, so it can, and the same decision is asked again."""
    with make_client(tmp_path, stack_choices([PIG, BIG])) as client:
        links = open_table(client, PIG_FORM)
        with joined(client, links, links["seats"][0]) as (socket, message):
            assert "no answer to take back" in message["panel"]
            socket.send_json({"type": "answer", "picks": [ROLL]})
            after = socket.receive_json()
            assert "cannot take back" in after["panel"] and "you have seen" in after["panel"]
            socket.send_json({"type": "undo"})
            assert "cannot take back" in socket.receive_json()["message"]

        big = open_table(client, {**PIG_FORM, "seed": "3"}, number=1)
        with joined(client, big, big["seats"][0]) as (socket, message):
            while "set-aside" not in message["panel"]:     # roll on until a throw lets dice be set aside
                socket.send_json({"type": "answer", "picks": [ROLL]})
                message = socket.receive_json()
            before = message
            socket.send_json({"type": "answer", "picks": [0]})
            after = socket.receive_json()
            assert 'class="undo" disabled' not in after["panel"]
            socket.send_json({"type": "undo"})
            again = socket.receive_json()
            assert again["board"] == before["board"] and again["panel"] == before["panel"]


def test_hot_seat_shows_a_privacy_screen_between_seats(pig_choices, tmp_path):
    with make_client(tmp_path, pig_choices) as client:
        links = open_table(client, {"players": "2", "seat0": "human", "seat1": "human", "seed": "5",
                                    "hotseat": "1"})
        assert not links["seats"] and links["hotseat"]
        with joined(client, links, links["hotseat"]) as (socket, message):
            assert message["type"] == "privacy" and message["seat"] == 0 and "board" not in message
            socket.send_json({"type": "answer", "picks": [HOLD]})         # nobody's seat is shown yet
            assert "ready" in socket.receive_json()["message"]
            seen = []
            for _ in range(400):
                if message["type"] == "privacy":
                    seen.append(message["seat"])
                    socket.send_json({"type": "ready"})
                elif message["end"] is not None:
                    break
                else:
                    socket.send_json({"type": "answer", "picks": [HOLD]})
                message = socket.receive_json()
            assert message["end"] is not None
            assert seen[:3] == [0, 1, 0]          # each turn passes the screen to the other seat


def test_a_spectator_sees_the_public_view_and_answers_nothing(pig):
    client, links = pig
    with joined(client, links, links["spectator"]) as (socket, message):
        assert message["seat"] is None and not message["asked"] and "(you)" not in message["board"]
        socket.send_json({"type": "answer", "picks": [0]})
        assert "spectator" in socket.receive_json()["message"]


def test_a_table_survives_a_restart_and_goes_on(pig_choices, tmp_path):
    with make_client(tmp_path, pig_choices) as client:
        links = open_table(client, PIG_FORM)
        with joined(client, links, links["seats"][0]) as (socket, message):
            socket.send_json({"type": "answer", "picks": [ROLL]})
            before = socket.receive_json()
    with make_client(tmp_path, pig_choices) as client, \
            joined(client, links, links["seats"][0]) as (socket, message):     # a new server, same folder
        assert message["board"] == before["board"] and message["log"] == before["log"]
        assert play_out(socket, message)["end"] is not None


def test_two_apps_on_one_folder_never_write_over_each_other(pig_choices, tmp_path):
    """Each answer is made under the table's lock on the latest log: an answer given through one app is
    seen by the other before it answers, so the log is one game, not two interleaved."""
    with make_client(tmp_path, pig_choices) as one, make_client(tmp_path, pig_choices) as two:
        links = open_table(one, {**PIG_FORM, "seat1": "human"})
        with joined(one, links, links["seats"][0]) as (first, _), \
                joined(two, links, links["seats"][1]) as (second, _):
            first.send_json({"type": "answer", "picks": [HOLD]})
            first.receive_json()
            second.send_json({"type": "answer", "picks": [HOLD]})     # app two reads app one's write first
            assert second.receive_json()["type"] == "state"
        log = (tmp_path / links["table"] / "log.jsonl").read_text().splitlines()
        decisions = [json.loads(line) for line in log if '"e":"decision"' in line]
        assert [d["player"] for d in decisions][:2] == [0, 1]
        table = Table(tmp_path / links["table"])                # the log re-runs as one game
        assert isinstance(table.session, Session) and table.session.pending.seat == 0
        table.close()
