"""What a table builds less of per change: each audience's message once until the table changes (an answer,
an undo, another process's write empty ``Table.said``), and the spectators' log lines only once one is shown
(re-run from the log, then narrated as the game plays), the same lines as if narrated all along.

Pig's rules decide what undo may take back: a roll is seen (P1), so only Big Pig's set-aside (P6: it
throws no die) is taken back here."""

from __future__ import annotations

from pathlib import Path

import pytest
from serve_kit import PIG

from rulecraft.cli.web import app
from rulecraft.cli.web.app import Seat, act, said_to, state_for
from rulecraft.cli.web.messages import Request
from rulecraft.cli.web.setup import stack_choices, table_header
from rulecraft.cli.web.store import Table, new_table
from rulecraft.cli.web.words import NOBODY

ROLL, HOLD = 0, 1          # a roll-or-hold decision's options; a set-aside's first is a die
BIG = f"{PIG},{PIG.replace('pig-core', 'pig-big')}"
PEOPLE = {"players": "2", "seat0": "human", "seat1": "human", "seed": "3"}


def new(root: Path, packs: str) -> Path:
    """A table of ``packs`` for two people (its folder), with spectators."""
    head, spectators = table_header(stack_choices([packs])[0], PEOPLE)
    assert spectators
    return root / new_table(root, head, hotseat=False, spectators=True).table


@pytest.fixture(params=[PIG, BIG], ids=["pig", "big-pig"])
def folder(request, tmp_path: Path) -> Path:
    return new(tmp_path, request.param)


@pytest.fixture
def table(folder: Path):
    opened = Table(folder)
    yield opened
    opened.close()


def asked(table: Table) -> int:
    assert table.session is not None and table.session.pending is not None
    return table.session.pending.seat


def throw(table: Table) -> None:
    """Answer the first option (a roll, or a die set aside) until the die is thrown (a new log line)."""
    lines = len(table.lines(0))
    for _ in range(10):
        answer(table, asked(table), ROLL)
        if len(table.lines(0)) > lines:
            return
    raise AssertionError("no die was thrown")


def answer(table: Table, seat: int, pick: int) -> None:
    assert act(table, Seat(None, "seat", seat), Request("answer", picks=(pick,)))  # type: ignore[arg-type]


def test_an_audiences_message_is_built_once_until_the_table_changes(table, monkeypatch):
    built: list[int | None] = []

    def counted(table: Table, seat: int | None) -> dict:
        built.append(seat)
        return state_for(table, seat)
    monkeypatch.setattr(app, "state_for", counted)
    first = said_to(table, 0)
    assert said_to(table, 0) is first and said_to(table, None) is said_to(table, None)   # two browsers each
    assert built == [0, None]
    throw(table)
    again = said_to(table, 0)
    assert built == [0, None, 0] and again is not first


def test_an_answer_rebuilds_the_message(table):
    before = said_to(table, 0)
    throw(table)
    after = said_to(table, 0)
    assert after == state_for(table, 0) and after["lines"] > before["lines"] and after["log"] != before["log"]
    assert said_to(table, None) == state_for(table, None)


def test_an_undo_rebuilds_the_message(tmp_path):
    """P6: a set-aside throws no die, so it is taken back, and the seat's message is the one before."""
    table = Table(new(tmp_path, BIG))
    while "set-aside" not in said_to(table, asked(table))["panel"]:    # roll on until dice may be set aside
        answer(table, asked(table), ROLL)
    seat = asked(table)
    before = said_to(table, seat)
    answer(table, seat, 0)
    aside = said_to(table, seat)
    assert 'class="undo" disabled' not in aside["panel"]
    assert act(table, Seat(None, "seat", seat), Request("undo"))  # type: ignore[arg-type]
    undone = said_to(table, seat)
    assert undone is not aside and undone == state_for(table, seat)
    assert undone["board"] == before["board"] and undone["panel"] == before["panel"]
    table.close()


def test_another_processs_write_rebuilds_the_message(folder, table):
    """Two tables on one folder, as two server processes hold it: one's answer reaches the other's
    messages when it re-reads the log (the poll's refresh, or its next change)."""
    other = Table(folder)
    try:
        seen = said_to(table, 1), said_to(table, None)
        throw(other)
        assert said_to(table, 1) is seen[0]            # nothing re-read yet: nothing new to say
        assert table.refresh()
        now = said_to(table, 1), said_to(table, None)
        assert now == (state_for(other, 1), state_for(other, None))
        assert now[0]["lines"] > seen[0]["lines"] and now[1]["lines"] > seen[1]["lines"]
    finally:
        other.close()


def test_the_spectators_lines_are_narrated_once_one_is_shown(tmp_path):
    """A table nobody watches narrates nothing for spectators; once one is shown, the lines are the ones a
    table narrating them all along has, through answers and an undo (P6: of a set-aside)."""
    folder = new(tmp_path, BIG)
    table, watched = Table(folder), Table(folder)
    try:
        watched.lines(NOBODY)                           # a spectator from the start
        while "set-aside" not in said_to(watched, asked(watched))["panel"]:
            answer(watched, asked(watched), ROLL)
        seat = asked(watched)
        answer(watched, seat, 0)
        assert act(watched, Seat(None, "seat", seat), Request("undo"))  # type: ignore[arg-type]
        answer(watched, seat, HOLD)
        assert table.refresh()
        assert NOBODY not in table.told.lines and NOBODY not in table.told.seats
        assert table.lines(NOBODY) == watched.lines(NOBODY) and watched.lines(NOBODY)
        assert table.lines(0) == watched.lines(0)
        shown = len(table.told.lines[NOBODY])
        throw(table)                                    # from now on narrated as the game plays
        assert watched.refresh()
        assert table.lines(NOBODY) == watched.lines(NOBODY) and len(table.told.lines[NOBODY]) > shown
    finally:
        table.close()
        watched.close()
