"""Ask: the terminal a person plays at, line by line: prompts and narration one after another.

Every game's prompts ask through it (the shared numbered ones, ``rulecraft.cli.choices``; a game's own, such
as Tiny Epic Mechs' ``rulecraft.plugins.tem.prompts``). ``q`` at any prompt, end of input or Ctrl-C stop the
game (:class:`Quit`); the session saves the log so far.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.board import Picture
from rulecraft.plugins.tem.prompts import CELL_KINDS

QUIT_WORDS = frozenset({"q", "quit", "exit"})


class Quit(BaseException):
    """The player stopped the game (``q``, end of input); the session saves the log so far. A
    BaseException, like KeyboardInterrupt, so that no ``except Exception`` on the way swallows it."""


class Terminal:
    """Line by line: prompts and narration printed one after another, as a transcript (the UI when standard
    input or output is not a terminal, and for scripted tests). ``read(prompt)`` returns a line; the
    default reads standard input (with line editing on a terminal). End of input raises :class:`Quit`.
    :class:`~rulecraft.cli.fullscreen.ScreenTerminal` shows the same calls as panes that stay in place."""

    def __init__(self, console: Console, read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self._read = read

    def ask(self, prompt: str) -> str:
        try:
            line = self.read_line(prompt)
        except EOFError:
            raise Quit("end of input") from None
        line = line.strip()
        if line.lower() in QUIT_WORDS:
            raise Quit("quit")
        return line

    def read_line(self, prompt: str) -> str:
        if self._read is not None:
            return self._read(prompt)
        if sys.stdin.isatty():
            return self.console.input(prompt, markup=False, emoji=False)
        self.console.print(prompt, end="", markup=False, highlight=False)
        self.console.file.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    def say(self, markup: str) -> None:
        """A line of the current prompt (its options, a message)."""
        self.console.print(markup, highlight=False)

    def heading(self, title: str, context: str) -> None:
        """The current prompt's title (plain words) and what it is about (markup, maybe empty)."""
        self.say(f"[bold]{escape(title)}[/]{context}")

    def narrate(self, markup: str) -> None:
        """A line of the game's log."""
        self.console.print(markup, highlight=False)

    def begin(self, kind: str, state: dict, fresh: bool, picture: Picture, seat: int) -> None:
        """A new decision of ``kind``: draw what the person needs to answer it (the board before a
        program, the arena before choosing a cell, else a status line when something happened)."""
        if kind in (D.PROGRAM, D.AD_HOC_CARD) or (fresh and state["round"] == 0):
            self.console.print(picture.screen(state, seat))
        elif kind in CELL_KINDS:
            self.console.print(picture.arena(state))
        elif fresh:
            self.say(picture.status_line(state, seat))

    def show(self, state: dict) -> None:
        """The game moved on (another player's turn, with ``--delay``): nothing to redraw line by line."""

    def board(self, state: dict, picture: Picture, seat: int) -> None:
        """``b`` at a prompt: the whole board."""
        self.console.print(picture.screen(state, seat))

    def finish(self, state: dict, picture: Picture, seat: int) -> None:
        """The game is over: its last board."""
        self.console.print(picture.screen(state, seat))

    def hand(self, lines: list[str]) -> None:
        """Your program cards beside a program prompt; line by line they are on the board just drawn."""

    def help(self, lines: list[str]) -> None:
        """``?`` at a prompt: the options again, the keys and the rules behind the prompt."""
        for line in lines:
            self.say(line)
