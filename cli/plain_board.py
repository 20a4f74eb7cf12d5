"""Show: the shared plain board of ``rulecraft play`` and ``replay --watch`` for a game whose definition
brings no ``board`` member: the seat's view as plain lines, and the decisions' options as they are.

It shows only what the game's own hidden-information rule lets a seat see: the state it draws is the
seat's view (``view_state``) or, when a whole log is watched, the snapshot; it narrates no event but the
game's end and the core's chance events (in the core's words, ``runtime.chance.words``: a roll's faces, a
shuffle's size, a pick unless hidden), because it cannot know which fields of a game's own events are
secret (a card drawn, a number written down).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.text import Text

from rulecraft.runtime import chance
from rulecraft.runtime.decisions import Decision


def _lines(value: Any, indent: str = "") -> list[str]:
    if isinstance(value, dict):
        out = []
        for key, item in value.items():
            if isinstance(item, dict | list) and item and not all(isinstance(v, str | int) for v in item):
                out += [f"{indent}{key}:", *_lines(item, indent + "  ")]
            else:
                out.append(f"{indent}{key}: {_scalar(item)}")
        return out
    if isinstance(value, list):
        return [line for i, item in enumerate(value) for line in _lines({str(i): item}, indent)]
    return [f"{indent}{_scalar(value)}"]


def _scalar(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "-"
    return str(value)


class PlainBoard:
    """Any game at the terminal, from its states and decisions alone."""

    needs_state = frozenset()
    boundaries = frozenset()       # `replay --watch` shows the board at the end only

    def __init__(self, ruleset: Any, colours: list[str], agents: list[str] | None = None) -> None:
        self.colours = list(colours)

    def boundary(self, event: dict[str, Any], state: dict[str, Any] | None) -> bool:
        return False

    def screen(self, state: dict[str, Any], you: int | None) -> Group:
        seat = f" (you are {self.colours[you]}, seat {you})" if you is not None else ""
        return Group(Text(f"The game{seat}:", "bold"), *(Text(line) for line in _lines(state, "  ")))

    def narrate(self, event: dict[str, Any], you: int | None, state: dict[str, Any] | None = None
                ) -> str | None:
        if event["e"] == "chance":
            return f"[dim]{escape(chance.words(event))}[/]"
        if event["e"] != "game-end":
            return None
        return "[bold]The game is over.[/]"

    def describe(self, decision: Decision, state: dict[str, Any]) -> str:
        context = ", ".join(f"{k} {v}" for k, v in decision.context.items())
        return f"{self.colours[decision.player]}: {decision.kind}" + (f" ({context})" if context else "")

    def option_text(self, option: Any) -> str:
        return " ".join(map(str, option)) if isinstance(option, tuple) else str(option)
