"""Show: every message a browser receives from a table, and the checks on every message it sends.

:func:`seat_message` is the one function that builds what a seat (or a spectator) is sent about the game:
from that seat's view (or the public view), its pending decision when it is that seat's, the log lines
narrated for that seat, and the undo refusal; nothing else of the game reaches it (the no-leak property,
``tests/serve/test_no_leak.py``, checks every message against the seat's view). Its options' warnings
(why a legal option is likely pointless) are the board's, from the same view; so is the refusal of a
clicked board element that answers nothing (:func:`click_refusal`, a ``why`` request).
:func:`parse` turns a browser's text into one of the few requests a seat may make, or refuses it with the
reason: a message is at most :data:`MOST_BYTES`, JSON, an object with a known ``type`` and fields of the
right kinds; it never carries a pack, a file or a path.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulecraft.cli.web.words import Words
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.web.components import Markup, decision_panel, esc, log_panel, tag, undo_button

MOST_BYTES = 4096          # a browser's message: an answer's picks, an undo, a token; nothing is longer
MOST_PICKS = 64
MOST_LABEL = 120          # a clicked board element's id or label, as a "why" request names it
REQUESTS = {"join", "answer", "undo", "ready", "replay", "why"}


class Refused(ValueError):
    """A browser's message that is refused; the message says why (and nothing changed)."""


@dataclass(frozen=True)
class Request:
    type: str
    token: str | None = None
    picks: tuple[int, ...] = ()
    step: int = 0
    seat: int | None = None
    target: str = ""
    label: str = ""


def parse(text: str | bytes) -> Request:
    """The request a browser's message makes, or :class:`Refused` saying why."""
    if len(text) > MOST_BYTES:
        raise Refused(f"the message is longer than {MOST_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("the message is not JSON") from None
    if not isinstance(data, dict) or data.get("type") not in REQUESTS:
        raise Refused(f"a message is an object whose type is one of {', '.join(sorted(REQUESTS))}")
    kind = data["type"]
    unknown = set(data) - {"type", "token", "picks", "step", "seat", "target", "label"}
    if unknown:
        raise Refused(f"a {kind} message has no field {', '.join(sorted(map(str, unknown)))}")
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise Refused("a token is text")
    picks = data.get("picks", [])
    if not isinstance(picks, list) or len(picks) > MOST_PICKS or \
            not all(type(pick) is int and pick >= 0 for pick in picks):
        raise Refused("an answer's picks are a list of option numbers (0 the first)")
    if kind == "answer" and not picks:
        raise Refused("an answer names the option it picks")
    step = data.get("step", 0)
    if type(step) is not int or step < 0:
        raise Refused("a replay step is a number, 0 the first")
    seat = data.get("seat")
    if seat is not None and type(seat) is not int:
        raise Refused("a seat is a number")
    target, label = data.get("target", ""), data.get("label", "")
    if not all(isinstance(text, str) and len(text) <= MOST_LABEL for text in (target, label)):
        raise Refused(f"a clicked element's target and label are texts of at most {MOST_LABEL} characters")
    if kind == "why" and not target:
        raise Refused("a why message names the board element clicked")
    return Request(kind, token, tuple(picks), step, seat, target, label)


def answer_of(decision: Decision, picks: Sequence[int]) -> Any:
    """The answer that option numbers ``picks`` give ``decision`` (its ``pick`` of them, in order)."""
    options = decision.options
    if len(picks) != decision.pick:
        raise Refused(f"this decision takes {decision.pick} pick{'s' if decision.pick > 1 else ''}, "
                      f"not {len(picks)}")
    if any(pick >= len(options) for pick in picks):
        raise Refused(f"there are {len(options)} options; no option {max(picks) + 1}")
    chosen = tuple(options[pick] for pick in picks)
    return chosen[0] if decision.pick == 1 else chosen


def seat_message(words: Words, board: Any, seat: int | None, name: str, state: dict[str, Any],
                 decision: Decision | None, lines: Sequence[str], refusal: str | None,
                 end: Sequence[dict[str, Any]] | None, verdict: str | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) is sent: its board drawn from ``state`` (its view, or the public
    view), the decision it is asked (None when another seat is asked, or nobody), its log ``lines``, why
    it may not undo (``refusal``, None when it may), and once the game is over the standings' rows and
    the verdict said to it."""
    drawn = Markup(board.board(state, seat))
    if decision is not None:
        targets = list(board.targets(decision, state))
        warnings = words.warnings(decision, state)
        panel = decision_panel(words.prompt(decision, state), words.options(decision), targets,
                               pick=decision.pick, rules=words.rules(decision), undo_refusal=refusal,
                               warnings=warnings)
    else:
        targets, warnings = [], []
        waiting = "The game is over." if end is not None else "Waiting for another seat…"
        undo = seat is not None and end is None
        panel = tag("section", tag("h2", waiting, class_="prompt"),
                    undo_button(refusal) if undo else "", class_="decision waiting")
    return {"type": "state", "seat": seat, "name": name, "board": drawn, "panel": panel,
            "log": log_panel(lines), "asked": decision is not None,
            "targets": targets, "warnings": warnings, "pick": decision.pick if decision is not None else 0,
            "end": _end(end, verdict) if end is not None else None, "lines": len(lines)}


def _end(rows: Sequence[dict[str, Any]], verdict: str | None) -> Markup:
    """The end screen: who won, and the standings' rows as a table."""
    columns = list(dict.fromkeys(key for row in rows for key in row))
    head = tag("tr", *(tag("th", column) for column in columns))
    body = [tag("tr", *(tag("td", _cell(row.get(column))) for column in columns)) for row in rows]
    return tag("section", tag("h2", verdict or "The game is over."),
               tag("table", tag("thead", head), tag("tbody", *body), class_="standings"),
               tag("button", "Replay the game", type="button", class_="replay-start"), class_="end")


def _cell(value: Any) -> str:
    return "" if value is None else json.dumps(value) if isinstance(value, dict | list) else str(value)


def privacy_message(seat: int, name: str) -> dict[str, Any]:
    """Hot seat: the screen between two seats' turns, which shows no view; ``ready`` shows the seat's."""
    return {"type": "privacy", "seat": seat, "name": name,
            "screen": tag("div", tag("h2", f"Pass the screen to {name}"),
                          tag("p", "Nobody else should look now."),
                          tag("button", f"I am {name}: show my seat", type="button", class_="ready",
                              autofocus=True), class_="privacy")}


def replay_message(board: Any, seat: int | None, frames: Sequence[dict[str, Any]], lines: Sequence[str],
                   step: int) -> dict[str, Any]:
    """One step of the replay viewer: the board after log line ``step`` as ``seat`` saw it then, and the
    lines up to it (the seat's own narration; its frames are its views at each line)."""
    last = max(0, len(frames) - 1)
    step = min(step, last)
    drawn = Markup(board.board(frames[step], seat)) if frames else esc("")
    return {"type": "replay", "step": step, "steps": len(frames), "board": drawn,
            "log": log_panel(lines[:step + 1])}


def click_refusal(words: Words, decision: Decision | None, state: dict[str, Any],
                  request: Request) -> Refused:
    """Why the board element a ``why`` request names answers nothing (``decision`` is the one the seat is
    asked, None when none), said from the seat's view ``state``: a refusal, sent as an error."""
    return Refused(words.refusal_of(decision, request.target, request.label, state))


def error_message(text: str) -> dict[str, Any]:
    return {"type": "error", "message": text}
