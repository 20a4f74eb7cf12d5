"""Show: the ASGI app of ``rulecraft serve`` (Starlette): the lobby, tables, their websockets.

A browser holding a table's link (``/t/ID#k=TOKEN``: the token is in the fragment, so it never reaches a
server log or a referrer) opens the table's websocket and says ``join`` with the token: a seat's token
plays that seat, the hot-seat token plays every person's seat at one screen (a privacy screen between two
seats' turns), the spectators' one watches the public view. Each change to the table (an answer, an undo,
another process's write) sends every browser at the table its new message, each built from its own view
(``messages.seat_message``). The websocket's ``Origin`` must be the page's own host; a message is parsed
and checked before anything is done with it (``messages.parse``) and a refused one changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.applications import Starlette
from starlette.requests import Request as HttpRequest
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rulecraft.cli.web import messages, pages, tokens
from rulecraft.cli.web.messages import Refused, Request
from rulecraft.cli.web.setup import RULES, StackChoice, rulings_pages, table_header
from rulecraft.cli.web.store import Table, TableError, new_table
from rulecraft.cli.web.words import NOBODY

STATIC = Path(__file__).parent / "static"
POLL_SECONDS = 0.5           # how often a watched table's log is looked at for another process's writes
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'",
    "Referrer-Policy": "same-origin", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
}
HOT, WATCH = "hot", "watch"


@dataclass(eq=False)
class Seat:
    """One browser at a table: a seat's (``seat``), the hot seat's (``role`` HOT: ``shown`` is the seat
    whose view it shows now) or a spectator's (``role`` WATCH)."""

    socket: WebSocket
    role: str
    seat: int | None
    shown: int | None = None
    replay: tuple[list[dict[str, Any]], list[str]] | None = None


@dataclass
class Tables:
    """The tables this process has open, and the browsers at each."""

    root: Path
    rulings: dict[str, str] = field(default_factory=dict)      # game id -> its page on the rules site
    open: dict[str, Table] = field(default_factory=dict)
    watching: dict[str, set[Seat]] = field(default_factory=dict)

    def get(self, table: str) -> Table:
        if not tokens.TABLE_ID.match(table):
            raise TableError("no such table")
        found = self.open.get(table)
        if found is None:
            folder = self.root / table
            if not folder.is_dir() or folder.is_symlink():
                raise TableError("no such table")
            found = self.open[table] = Table(folder, self.rulings)
        return found

    def close(self) -> None:
        for table in self.open.values():
            table.close()
        self.open.clear()


def state_for(table: Table, seat: int | None) -> dict[str, Any]:
    """The message for ``seat`` (None: a spectator), from that seat's view, decision, lines and refusal
    only (``messages.seat_message``)."""
    session, told, words = table.session, table.told, table.words
    assert session is not None
    pending = session.pending
    if seat is None:
        state, lines, decision, refusal = session.public_view(), told.lines[NOBODY], None, None
        name = "Spectator"
    else:
        state, lines = session.view(seat), told.lines[seat]
        decision = pending.decision if pending is not None and pending.seat == seat else None
        refusal = words.refusal(session.undo_refusal(seat), session, seat)
        name = table.head["colours"][seat]
    end = verdict = None
    if pending is None:
        standings = session.standings
        end = [standing.row() for standing in standings] if standings else []
        verdict = ("The game stopped: it could not go on (its log is kept)." if session.aborted else
                   words.verdict(session, seat) if seat is not None else None)
    return messages.seat_message(words, table.web, seat, name, state, decision, lines, refusal, end, verdict)


def message_for(table: Table, browser: Seat) -> dict[str, Any]:
    """What ``browser`` is sent now: its seat's state; at the hot seat, the privacy screen first whenever
    the seat asked changes."""
    if browser.role == WATCH:
        return state_for(table, None)
    if browser.role == HOT:
        assert table.session is not None
        pending = table.session.pending
        if pending is not None and pending.seat in table.people and pending.seat != browser.shown:
            return messages.privacy_message(pending.seat, table.head["colours"][pending.seat])
        if pending is None and table.spectators:
            return state_for(table, None)
        return state_for(table, browser.shown if browser.shown is not None else table.people[0])
    return state_for(table, browser.seat)


def build_app(root: Path, stacks: Sequence[StackChoice], *, poll: float = POLL_SECONDS,
              site: Path | None = None) -> Starlette:
    """The app serving the tables in ``root`` (an existing folder) for the pack ``stacks`` offered, and
    the built rules ``site`` under ``/rules/`` when given (each game's rulings linked from its tables)."""
    tables = Tables(root, rulings_pages(site) if site is not None else {})
    choices = {choice.stack.number: choice for choice in stacks}

    async def broadcast(table: Table) -> None:
        for browser in list(tables.watching.get(table.id, ())):
            message = message_for(table, browser)
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):     # a browser gone meanwhile
                await browser.socket.send_json(message)

    async def lobby(request: HttpRequest) -> Response:
        return html(pages.lobby([choice.stack for choice in stacks]))

    async def new(request: HttpRequest) -> Response:
        number = request.path_params["number"]
        choice = choices.get(number)
        if choice is None:
            return html(pages.problem_page("There is no such game here."), 404)
        if request.method == "GET":
            return html(pages.new_table_form(choice.stack, str(secrets.randbelow(10**6))))
        if not same_origin(request.headers):
            return html(pages.problem_page("A table is opened from this server's own page."), 403)
        body = await request.body()
        if len(body) > messages.MOST_BYTES:
            return html(pages.problem_page("The form is too long."), 413)
        form = {key: values[-1] for key, values in parse_qs(body.decode("utf-8", "replace")).items()}
        try:
            head, spectators = table_header(choice, form)
        except ValueError as exc:
            return html(pages.new_table_form(choice.stack, str(form.get("seed", "")), str(exc)), 400)
        links = new_table(root, head, hotseat=form.get("hotseat") == "1", spectators=spectators)
        seats = {seat: (head["colours"][seat], token) for seat, token in links.seats.items()}
        return html(pages.links_page(choice.stack.title, links.table, seats, links.spectator, links.hotseat))

    async def table_page(request: HttpRequest) -> Response:
        try:
            tables.get(request.path_params["table"])
        except TableError as exc:
            return html(pages.problem_page(str(exc)), 404)
        return html(pages.table_page())

    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket.headers):
            await websocket.close(code=1008, reason="wrong origin")
            return
        try:
            table = tables.get(websocket.path_params["table"])
        except TableError:
            await websocket.close(code=1008, reason="no such table")
            return
        await websocket.accept()
        browser: Seat | None = None
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    request = messages.parse(text)
                    if browser is None:
                        browser = join(table, websocket, request)
                        tables.watching.setdefault(table.id, set()).add(browser)
                        await websocket.send_json(message_for(table, browser))
                        continue
                    changed = act(table, browser, request)
                except (Refused, TableError) as exc:
                    await websocket.send_json(messages.error_message(str(exc)))
                    continue
                if changed:
                    await broadcast(table)
                elif request.type == "replay":
                    assert browser.replay is not None
                    frames, lines = browser.replay
                    await websocket.send_json(messages.replay_message(
                        table.web, browser.shown if browser.role == HOT else browser.seat, frames, lines,
                        request.step))
                else:
                    await websocket.send_json(message_for(table, browser))
        except WebSocketDisconnect:
            pass
        finally:
            if browser is not None:
                tables.watching.get(table.id, set()).discard(browser)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def watch() -> None:       # another process's writes reach this one's browsers
            while True:
                await asyncio.sleep(poll)
                for table_id, browsers in list(tables.watching.items()):
                    table = tables.open.get(table_id)
                    if browsers and table is not None:
                        with contextlib.suppress(TableError):
                            if table.refresh():
                                await broadcast(table)
        task = asyncio.create_task(watch())
        try:
            yield
        finally:
            task.cancel()
            tables.close()

    app = Starlette(routes=[
        Route("/", lobby), Route("/new/{number:int}", new, methods=["GET", "POST"]),
        Route("/t/{table}", table_page), WebSocketRoute("/t/{table}/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        *([Mount(RULES, StaticFiles(directory=site, html=True), name="rules")] if site is not None else []),
    ], lifespan=lifespan)
    app.state.tables = tables
    return app


def join(table: Table, websocket: WebSocket, request: Request) -> Seat:
    """The browser's place at the table, from the token its ``join`` brings (the first message)."""
    if request.type != "join":
        raise Refused("first join the table with your link's token")
    seat = table.seat_for(request.token)
    if seat is not None:
        return Seat(websocket, "seat", seat)
    if tokens.matches(request.token, table.hotseat_hash):
        return Seat(websocket, HOT, None)
    if tokens.matches(request.token, table.spectator_hash):
        if not table.spectators:
            raise Refused("this game says nothing about what a spectator may see: it has no spectators")
        return Seat(websocket, WATCH, None)
    raise Refused("this link's token is not one of this table's")


def act(table: Table, browser: Seat, request: Request) -> bool:
    """Do what a joined browser asks; whether the table changed (every browser at it is told)."""
    session = table.session
    assert session is not None
    if request.type == "join":
        raise Refused("already joined")
    if request.type == "ready":
        if browser.role != HOT or session.pending is None:
            raise Refused("nothing to be ready for")
        browser.shown = session.pending.seat
        return False
    if browser.role == WATCH:
        if request.type == "replay":
            raise Refused("spectators have no replay here")
        raise Refused("a spectator watches: it answers nothing")
    seat = browser.shown if browser.role == HOT else browser.seat
    if seat is None:
        raise Refused("nobody's seat is shown yet: say ready first")
    if request.type == "why":               # a clicked board element that answers nothing: say why
        pending = session.pending
        asked = pending.decision if pending is not None and pending.seat == seat else None
        raise messages.click_refusal(table.words, asked, session.view(seat), request)
    if request.type == "replay":
        if session.pending is not None:
            raise Refused("the replay opens once the game is over")
        if browser.replay is None:
            browser.replay = table.replay(seat)
        return False
    with table.changing() as session:
        if request.type == "undo":
            reason = session.undo_refusal(seat)
            if reason is not None:
                raise Refused(table.words.refusal(reason, session, seat) or reason)
            session.undo(seat)
            return True
        pending = session.pending
        if pending is None or pending.seat != seat:
            awaited = "nobody: the game is over" if pending is None else table.head["colours"][pending.seat]
            raise Refused(f"it is not your turn: the game awaits {awaited}")
        try:
            session.answer(seat, messages.answer_of(pending.decision, request.picks))
        except ValueError as exc:           # IllegalAnswer: the decision says why
            raise Refused(str(exc)) from None
    return True


def same_origin(headers: Any) -> bool:
    """Whether a request's ``Origin`` (a browser always sends one on a websocket and a form post) is the
    server's own host as the browser reached it."""
    origin, host = headers.get("origin"), headers.get("host")
    return bool(origin and host) and urlsplit(origin).netloc == host


def html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status, headers=HEADERS)
