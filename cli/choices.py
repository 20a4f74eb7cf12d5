"""Ask: a person at the terminal answers any game's decisions by number, the shared prompts of ``rulecraft
play`` for a game whose board brings no prompts of its own.

:class:`NumberedChoices` answers one decision at a time for the front end that holds the game (``ask``).
Before a decision it draws the board from the player's own view when something happened since the last
prompt, says what the decision is about (the board's ``describe``, from the decision and the seat's view),
lists the legal options numbered (its ``option_text``) and asks ``[KIND] >``. A decision with one legal
option is answered for the player, and said. ``b`` draws the board again, ``?`` lists the keys; anything
else gets a message and the same prompt; ``u`` takes the last answer back and ``q``, end of input or Ctrl-C
stop the game (both the terminal's, :mod:`rulecraft.cli.prompts`).
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from rulecraft.cli.prompts import Terminal
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.prompts import HELP_WORDS

BOARD_WORDS = frozenset({"b", "board"})


class NumberedChoices:
    """A seat played at the terminal by option numbers; ``board`` is the game's board (its GameDefinition's
    ``board`` member): ``screen``, ``describe`` and ``option_text``."""

    def __init__(self, terminal: Terminal, board: Any, seat: int) -> None:
        self.term, self.board, self.seat = terminal, board, seat

    def ask(self, decision: Decision, state: dict[str, Any], fresh: bool = True) -> Any:
        if fresh:
            self.term.board(state, self.board, self.seat)
        about = self.board.describe(decision, state)
        options = [self.board.option_text(option) for option in decision.options]
        if len(options) == 1:
            self.term.say(f"[dim]{escape(about)} Only one choice: {escape(options[0])}.[/]")
            return decision.options[0]
        self.term.heading(about, "")
        lines = [f"  {i:>2}  {escape(text)}" for i, text in enumerate(options, 1)]
        for line in lines:
            self.term.say(line)
        while True:
            text = self.term.ask(f"[{decision.kind}] > ").lower()
            if text.isdigit() and 1 <= int(text) <= len(options):
                return decision.options[int(text) - 1]
            if text in BOARD_WORDS:
                self.term.board(state, self.board, self.seat)
            elif text in HELP_WORDS:
                self.term.help([escape(about), *lines, "Keys: an option's number; b: the board again; "
                                "l: the whole log; u: take back your last answer; "
                                "q: stop (the log is saved; `rulecraft play --resume LOG` goes on)."])
            else:
                self.term.say(f"Type a number from 1 to {len(options)} (b: the board, ?: help, u: take "
                              f"back, q: stop).")
