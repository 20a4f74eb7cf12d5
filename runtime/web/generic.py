"""Show: the web board of a game whose definition brings no ``web`` member, so any registered game can be
served: the state handed to it (a seat's view, or the public view) as a list of facts, no option on the
board (every decision is answered from the list)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.web.components import Markup, facts, tag


class GenericBoard:
    """Any game's state as facts; built as ``GenericBoard(ruleset, colours)`` like every web board."""

    def __init__(self, ruleset: Any, colours: Sequence[str]) -> None:
        self.colours = list(colours)

    def board(self, state: dict[str, Any], you: int | None) -> Markup:
        whose = f"You are {self.colours[you]}" if you is not None and 0 <= you < len(self.colours) else \
            "The public view"
        return tag("div", tag("p", whose, class_="whose"), facts(state), class_="generic-board")

    def targets(self, decision: Decision, state: dict[str, Any]) -> Sequence[str | None]:
        return [None] * len(decision.options)
