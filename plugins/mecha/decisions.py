"""Run: the kinds of decision Mecha Game asks, and the shape of their options.

Options are tuples of plain values so that logs, scenarios and agents read them alike; cells are named
``a1``..``g5`` (M1). Every decision is a :class:`rulecraft.runtime.decisions.Decision`.
"""

from __future__ import annotations

MAIN = "main"                # M6 / M15(a): ("play", card, cell) | ("command", card) | ("move", from, to)
                             #   | ("attack", from, cell or "opponent") | ("pass",)
WINDOW = "window"            # M15(b)/(c): ("command", card) | ("pass",)
TARGET = "target"            # a chosen target of an effect step: a cell name
TRIGGER_ORDER = "trigger-order"   # M7: which waiting ability of yours resolves next: (card, cell, trigger)

KINDS = (MAIN, WINDOW, TARGET, TRIGGER_ORDER)

PASS = ("pass",)
OPPONENT = "opponent"        # the target of a direct attack (M19)
