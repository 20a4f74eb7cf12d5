"""Show: Pig's board in the browser (the ``web`` member of its GameDefinition, ``rulecraft serve``).

Drawn from the state it is handed alone (Pig's view is its whole state, P1-P4): each seat's banked score
as a track towards the goal, the turn's running total, and the die. Roll and hold are answered by
clicking the die or the turn total (their ``data-target`` ids), or from the option list; clicking them
while Big Pig's dice are set aside says why that answers nothing yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.web.components import Markup, die, tag, track
from rulecraft_pig.engine import HOLD, ROLL, ROLL_OR_HOLD, SET_ASIDE
from rulecraft_pig.model import PigRules

TARGETS = {ROLL: "die", HOLD: "turn-total"}   # the board element that answers each option
RULES = {ROLL_OR_HOLD: ["Roll: throw the die again; its face adds to the turn total, but a 1 loses the "
                        "turn's points and ends the turn (P1, P2).",
                        "Hold: bank the turn total and pass the die (P3). The first to bank the goal wins "
                        "at once (P4)."],
         SET_ASIDE: ["Big Pig: set aside one scoring die at a time, at least one a throw, each adding its "
                     "face; then roll the rest again or hold. A throw of only 1s loses the turn (P6)."]}


class Board:
    """Pig at the table: built as ``Board(ruleset, colours)``."""

    def __init__(self, ruleset: PigRules, colours: Sequence[str]) -> None:
        self.goal, self.colours = ruleset.goal, list(colours)

    def board(self, state: dict[str, Any], you: int | None) -> Markup:
        current = state["current"]
        scores = [track(f"{colour}{' (you)' if seat == you else ''}", score, self.goal, owner=seat,
                        note="to play" if seat == current else "")
                  for seat, (colour, score) in enumerate(zip(self.colours, state["scores"], strict=True))]
        turn = tag("div", tag("span", "Turn total", class_="label"), " ",
                   tag("strong", str(state["turn_total"])), class_="turn-total", data_target="turn-total",
                   title="hold: bank the turn total (P3)", tabindex="-1")
        roller = tag("div", die("?", title="roll the die (P1)", target="die"), class_="roller")
        return tag("div", tag("section", *scores, class_="scores"), tag("section", roller, turn,
                                                                        class_="turn"), class_="pig-board")

    def targets(self, decision: Decision, state: dict[str, Any]) -> Sequence[str | None]:
        return [TARGETS.get(option) if isinstance(option, str) else None for option in decision.options]

    def refusal(self, decision: Decision, target: str, state: dict[str, Any]) -> str | None:
        """Big Pig: the die and the turn total answer roll or hold, which come once dice are set aside."""
        if decision.kind == SET_ASIDE and target in TARGETS.values():
            return ("set aside scoring dice from the list first, at least one a throw; roll or hold comes "
                    "after (P6)")
        return None

    def rules(self, decision: Decision) -> list[str]:
        """The rules behind the decision, for the panel's "Rules for this decision"."""
        return RULES.get(decision.kind, [])
