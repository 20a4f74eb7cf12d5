"""Run: the tables of ``rulecraft serve`` on disk, each a session whose log is its whole state.

A tables folder (``--tables``, claimed like every output folder, ``cli/outputs.py``) holds one folder per
table, named by its random id: ``table.json`` (the seats: a person or an agent each, and the hashes of
the links' tokens, never a token) written once, ``log.jsonl`` (the session's lines: ``Session.lines``) and
``lock``. A table is opened by restoring its session from its log, so it survives a restart of the server
and waits for a person as long as they like.

**One writer at a time.** Several server processes may serve one folder. Every change (an answer, an
undo) is made holding an exclusive ``fcntl`` lock on the table's ``lock`` file: under it, the log is
looked at again (its inode, size and modification time), and re-read when another process changed it since,
so the change is made to the latest game; then the new lines are appended (an undo writes the log anew,
through a temporary file and a rename). A process learns that another one wrote by the same look
(:meth:`Table.refresh`, also polled while browsers watch the table).
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecraft.cli.play_ui import log_ruleset, read_log
from rulecraft.cli.web import tokens
from rulecraft.cli.web.words import NOBODY, Words
from rulecraft.runtime import logs
from rulecraft.runtime.game import GameCore
from rulecraft.runtime.games import get
from rulecraft.runtime.session import Session, default_builder
from rulecraft.runtime.web.generic import GenericBoard

PERSON = "human"          # a seat a person plays (the session's outside seat)
META, LOG, LOCK = "table.json", "log.jsonl", "lock"


class TableError(ValueError):
    """A table that cannot be opened or changed as asked; the message says why."""


@dataclass
class Narration:
    """The log as each watcher may see it, narrated as the game plays (re-run events included): a
    listener on one built game. ``seats`` are the seats narrated for (people's, and :data:`NOBODY` for
    spectators, dropped when the game has no public view); ``keep_views`` keeps each narrated line's
    state too (``frames``), for the replay viewer."""

    words: Words
    seats: Sequence[int]
    keep_views: bool = False
    game: Any = None
    lines: dict[int, list[str]] = field(default_factory=dict)
    frames: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.lines = {seat: [] for seat in self.seats}
        self.frames = {seat: [] for seat in self.seats}

    def view(self, seat: int) -> dict[str, Any]:
        return self.game.public_view() if seat == NOBODY else self.game.view_state(seat)

    def __call__(self, event: dict[str, Any]) -> None:
        needs = event["e"] in self.words.needs_state
        if NOBODY in self.seats and type(self.game).public_view is GameCore.public_view:
            self.seats = [seat for seat in self.seats if seat != NOBODY]   # no spectators: nothing public
        for seat in self.seats:
            state = self.view(seat) if needs or self.keep_views else None
            line = self.words.narrate(event, seat, state)
            if line is not None:
                self.lines[seat].append(line)
                if self.keep_views:
                    self.frames[seat].append(state if state is not None else self.view(seat))


def narrated(build: Callable[..., Any], made: list[Narration], make: Callable[[], Narration]
             ) -> Callable[..., Any]:
    """``build`` with a fresh :class:`Narration` listening to each game it builds (kept in ``made``): it
    hears every event, the ones a restore or an undo re-runs too."""

    def wrapped(ruleset: Any, agents: Sequence[Any], **options: Any) -> Any:
        narration = make()
        options["listeners"] = [*options.get("listeners", ()), narration]
        narration.game = build(ruleset, agents, **options)
        made.append(narration)
        return narration.game
    return wrapped


@contextmanager
def locked(path: Path) -> Iterator[None]:
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def stamp(path: Path) -> tuple[int, int, int]:
    found = os.stat(path)
    return found.st_ino, found.st_size, found.st_mtime_ns


class Table:
    """One table open in this process: its seats, its session and what each seat has been told."""

    def __init__(self, folder: Path, rulings: Mapping[str, str] | None = None) -> None:
        self.folder, self.id = folder, folder.name
        self.rulings = dict(rulings or {})     # game id -> its rulings page on the served rules site
        try:
            meta = json.loads((folder / META).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise TableError(f"table {self.id}: its {META} cannot be read ({exc})") from None
        self.kinds: list[str] = [seat["kind"] for seat in meta["seats"]]
        self.hashes: list[str | None] = [seat.get("token") for seat in meta["seats"]]
        self.spectator_hash: str | None = meta.get("spectator")
        self.hotseat_hash: str | None = meta.get("hotseat")
        self.people = [seat for seat, kind in enumerate(self.kinds) if kind == PERSON]
        self.session: Session | None = None
        self._made: list[Narration] = []
        self.load()

    # --- the session, from the log -----------------------------------------------------------------
    def load(self) -> None:
        """(Re)open the session from the log on disk, as it is now."""
        path = self.folder / LOG
        try:
            head, lines = read_log(path)
            ruleset, hooks = log_ruleset(head, path)
        except (OSError, ValueError) as exc:
            raise TableError(f"table {self.id}: its log cannot be read: {exc}") from None
        self.head, self.ruleset, self.hooks = head, ruleset, hooks
        definition = get(head["game"])
        web = definition.web.load() if definition.web is not None else GenericBoard
        self.web = web(ruleset, head["colours"])
        self.words = Words(head["game"], ruleset, head["colours"], head["agents"], self.web,
                           self.rulings.get(head["game"]))
        if self.session is not None:
            self.session.close()
        self._made.clear()
        self.session = Session.restore([logs.dumps(head), *lines], ruleset, hooks,
                                       build=narrated(default_builder(head), self._made, self.narration))
        self.spectators = self._has_public_view()
        self.written = len(lines) + 1
        self.stamp = stamp(path)

    def narration(self, keep_views: bool = False) -> Narration:
        return Narration(self.words, [*self.people, NOBODY], keep_views)

    def _has_public_view(self) -> bool:
        """Whether the game says what a spectator sees (``public_view``): else no spectator link works."""
        return NOBODY in self.told.seats

    @property
    def told(self) -> Narration:
        """The narration of the game the session plays now (an undo or a fork builds another game)."""
        assert self.session is not None
        events = self.session.events
        for narration in reversed(self._made):
            if narration.game.events is events:
                self._made[:] = [narration]       # the others are forks' or undone games'
                return narration
        raise TableError(f"table {self.id}: its narration was lost")

    def refresh(self) -> bool:
        """Re-read the log when another process changed it since this one read or wrote it."""
        try:
            now = stamp(self.folder / LOG)
        except OSError as exc:
            raise TableError(f"table {self.id}: its log is gone ({exc})") from None
        if now == self.stamp:
            return False
        self.load()
        return True

    # --- changes, one writer at a time --------------------------------------------------------------
    @contextmanager
    def changing(self) -> Iterator[Session]:
        """Hold the table's lock, on the latest game, and write the log after the change."""
        with locked(self.folder / LOCK):
            self.refresh()
            session = self.session
            assert session is not None
            answered = len(session.events)
            yield session
            self._write(session, len(session.events) >= answered)

    def _write(self, session: Session, grown: bool) -> None:
        """Append the events the change added; after an undo (``grown`` False), the log anew."""
        path = self.folder / LOG
        events = session.events
        if grown and stamp(path) == self.stamp:
            with open(path, "a", encoding="utf-8") as out:
                out.writelines(logs.dumps(event) + "\n" for event in events[self.written - 1:])
        else:                                  # an undo: the log anew, through a file of our own
            temporary = self.folder / (LOG + ".new")
            temporary.write_text("".join(line + "\n" for line in session.lines()), encoding="utf-8")
            os.replace(temporary, path)
        self.written = len(events) + 1
        self.stamp = stamp(path)

    def replay(self, seat: int) -> tuple[list[dict[str, Any]], list[str]]:
        """The replay viewer's steps for ``seat``: its view at each of its log lines, and the lines (the
        game re-run from its log, with the views kept)."""
        assert self.session is not None
        made: list[Narration] = []
        replayed = Session.restore(self.session.lines(), self.ruleset, self.hooks,
                                   build=narrated(default_builder(self.head), made,
                                                  lambda: Narration(self.words, [seat], True)))
        replayed.close()
        return made[-1].frames[seat], made[-1].lines[seat]

    def seat_for(self, token: object) -> int | None:
        """The seat whose join token ``token`` is, or None."""
        for seat, stored in enumerate(self.hashes):
            if tokens.matches(token, stored):
                return seat
        return None

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


@dataclass(frozen=True)
class Links:
    """The secret links' tokens of a new table (shown once: only their hashes are kept)."""

    table: str
    seats: dict[int, str]
    spectator: str | None
    hotseat: str | None


def new_table(root: Path, head: dict[str, Any], *, hotseat: bool, spectators: bool) -> Links:
    """A new table in ``root`` for the game of ``head`` (a log header: its ``agents`` say which seats are
    people's): its folder, ``table.json`` and the log's header line. Nothing existing is written over."""
    table = tokens.new_table_id()
    folder = root / table
    folder.mkdir()
    seats: dict[int, str] = {}
    rows: list[dict[str, Any]] = []
    for seat, kind in enumerate(head["agents"]):
        row: dict[str, Any] = {"kind": kind}
        if kind == PERSON and not hotseat:
            seats[seat], row["token"] = tokens.new_token()
        rows.append(row)
    meta: dict[str, Any] = {"rulecraft-table": 1, "seats": rows}
    spectator = hot = None
    if spectators:
        spectator, meta["spectator"] = tokens.new_token()
    if hotseat:
        hot, meta["hotseat"] = tokens.new_token()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for name, text in ((META, json.dumps(meta, indent=1) + "\n"), (LOG, logs.dumps(head) + "\n")):
        with os.fdopen(os.open(folder / name, flags, 0o600), "w", encoding="utf-8") as out:
            out.write(text)
    return Links(table, seats, spectator, hot)
