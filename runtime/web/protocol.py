"""Show: the board protocol of the browser table: what a game's ``web`` member is (``GameDefinition.web``).

A web board is a class built as ``Board(ruleset, colours)`` for one table. The server asks it for two
things only, each computed from the state it is handed (a seat's ``view_state``, or the game's
``public_view`` for a spectator) and nothing else, so it cannot show a seat what that seat may not see:

- ``board(state, you)``: the board as an HTML fragment (inline SVG allowed), every text escaped (build it
  with :mod:`rulecraft.runtime.web.components`, whose builders escape); ``you`` is the seat whose view
  ``state`` is, None for the public view;
- ``targets(decision, state)``: for each option of ``decision`` (by index), the ``data-target`` id of the
  board element whose click answers it, or None (an option answered from the list only).

Words (each event's log line, an option's label, the rules behind a decision, who won) come from the
game's terminal ``board`` member when it has one, else the shared plain one. A web board may bring its own
for the decision panel, used before the terminal board's: ``describe(decision, state) -> str`` (the
prompt), ``option_label(decision, option) -> str`` or ``option_text(option) -> str`` (an option's
label, with or without what is asked) and ``rules(decision) -> str | list[str]`` (the rules behind it,
one click away); each is optional.

Two more optional members say why, in words, from the seat's ``state`` alone (its view, as the board):

- ``option_warning(decision, option, state) -> str | None``: why a *legal* option achieves nothing or is
  likely not meant (a weapon the seat cannot equip, power no mecha can use this turn), with the rule
  that makes it so; the panel shows it under the option and the page asks before sending it;
- ``refusal(decision, target, state) -> str | None``: why clicking the board element ``target`` (a
  ``data-target`` id that answers none of the options) is no answer to ``decision``; without one, or
  when it returns None, the seat is told plainly that the element is not one of the options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rulecraft.runtime.decisions import Decision


class WebBoard(Protocol):
    """A game's board in the browser (see the module); constructed as ``Board(ruleset, colours)``."""

    def board(self, state: dict[str, Any], you: int | None) -> str:
        """The board drawn from ``state`` alone, as escaped HTML (``data-target`` on clickable parts)."""
        ...

    def targets(self, decision: Decision, state: dict[str, Any]) -> Sequence[str | None]:
        """For each option index of ``decision``, the ``data-target`` id answering it, or None."""
        ...
