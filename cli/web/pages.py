"""Show: the pages of ``rulecraft serve``: the lobby, a new table's form, the links of a table just opened
and the table itself (whose script, ``static/table.js``, fills it from the websocket's messages). Every text
is escaped (``runtime.web.components``); the browser is sent no pack or path, only stacks' numbers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulecraft.runtime.web.components import Markup, join, tag


@dataclass(frozen=True)
class Stack:
    """A pack stack the lobby offers (numbered in command-line order): its game, its name and how many
    seats it takes, and the agents a seat may be played by."""

    number: int
    game: str
    title: str
    players: tuple[int, int]
    agents: tuple[str, ...]


def page(title: str, *body: object, script: bool = False) -> str:
    scripts = tag("script", src="/static/table.js", defer=True) if script else ""
    return "<!doctype html>" + tag(
        "html", tag("head", Markup('<meta charset="utf-8">'),
                    Markup('<meta name="viewport" content="width=device-width, initial-scale=1">'),
                    tag("title", title), Markup('<link rel="stylesheet" href="/static/table.css">'), scripts),
        tag("body", *body), lang="en")


def lobby(stacks: Sequence[Stack]) -> str:
    items = [tag("li", tag("a", stack.title, href=f"/new/{stack.number}"),
                 f" ({stack.players[0]}-{stack.players[1]} players)") for stack in stacks]
    intro = tag("p", "Choose a game (a pack stack this server was started with):")
    return page("rulecraft tables", tag("main", tag("h1", "Open a table"), intro,
                                        tag("ul", *items, class_="stacks"), class_="lobby"))


def new_table_form(stack: Stack, seed: str, problem: str = "") -> str:
    kinds = ["human", *stack.agents]
    seats = []
    for seat in range(stack.players[1]):
        default = "human" if seat == 0 else stack.agents[0] if stack.agents else "human"
        options = [tag("option", "a person" if kind == "human" else f"agent: {kind}", value=kind,
                       selected=kind == default) for kind in kinds]
        choice = tag("select", *options, name=f"seat{seat}")
        seats.append(tag("li", tag("label", f"Seat {seat + 1} ", choice)))
    counts = [tag("option", str(n), value=str(n), selected=n == stack.players[1])
              for n in range(stack.players[0], stack.players[1] + 1)]
    form = tag("form", tag("label", "Players ", tag("select", *counts, name="players")),
               tag("ol", *seats, class_="seats"),
               tag("label", "Seed ", tag("input", name="seed", value=seed, maxlength="64")),
               tag("label", tag("input", type="checkbox", name="hotseat", value="1"),
                   " Hot seat: every person plays at this one screen, with a privacy screen between them"),
               tag("button", "Open the table", type="submit"), method="post", action=f"/new/{stack.number}")
    warn = tag("p", problem, class_="problem") if problem else ""
    return page(f"New table: {stack.title}", tag("main", tag("h1", stack.title), warn, form, class_="lobby"))


def links_page(title: str, table: str, seats: dict[int, tuple[str, str]], spectator: str | None,
               hotseat: str | None) -> str:
    """The new table's secret links (shown this once: the server keeps only their hashes)."""
    rows = [tag("li", f"{name}: ", tag("a", f"/t/{table}#k={token}", href=f"/t/{table}#k={token}",
                                       class_="join", data_seat=str(seat)))
            for seat, (name, token) in sorted(seats.items())]
    if hotseat:
        link = f"/t/{table}#k={hotseat}"
        rows.append(tag("li", "Hot seat (everyone at this screen): ",
                        tag("a", link, href=link, class_="hotseat")))
    if spectator:
        rows.append(tag("li", "Spectators (the public view): ",
                        tag("a", f"/t/{table}#k={spectator}", href=f"/t/{table}#k={spectator}",
                            class_="spectator")))
    note = ("Give each person their own link: it lets its holder play that seat, now or days later. "
            "Keep them: they are shown only this once.")
    return page(f"Table opened: {title}", tag("main", tag("h1", f"Table opened: {title}"), tag("p", note),
                                              tag("ul", *rows, class_="links"), class_="lobby"))


def table_page() -> str:
    parts = [tag("div", id="privacy", hidden=True), tag("p", id="error", role="alert", class_="error"),
             tag("header", tag("span", "rulecraft", class_="brand"), " ", tag("span", id="whoami")),
             tag("main", tag("div", id="board", class_="board"),
                 tag("aside", tag("div", id="panel"), tag("h3", "Log"), tag("div", id="log")),
                 id="table"),
             tag("div", id="end"), tag("div", tag("div", id="replay-board", class_="board"),
                                       tag("div", tag("button", "Back", class_="replay-back", type="button"),
                                           tag("span", id="replay-step"),
                                           tag("button", "Next", class_="replay-next", type="button")),
                                       tag("div", id="replay-log"), id="replay", hidden=True)]
    return page("rulecraft table", join(parts), script=True)


def problem_page(text: str) -> str:
    return page("rulecraft", tag("main", tag("h1", "Not here"), tag("p", text), class_="lobby"))
