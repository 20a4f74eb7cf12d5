"""Ask: the terminal a person plays at, line by line: prompts and narration one after another.

Every game's prompts ask through it (the shared numbered ones, ``rulecraft.cli.choices``; a game's own, its
board's ``prompts``). It knows no game: what it draws is the game's board (``screen``) or what the game's
prompts hand it. ``q`` at any prompt, end of input or Ctrl-C stop the game (:class:`Quit`; the log so far
is saved), ``l`` shows the whole log (the full screen's log pane keeps only its last rows), ``u`` takes
the person's last answer back (:class:`TakeBack`; the session says whether it may), and ``hint`` (or ``!``)
asks the search agent for its best answers (:class:`AskHint`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Protocol

from rich.console import Console, RenderableType
from rich.markup import escape

QUIT_WORDS = frozenset({"q", "quit", "exit"})
UNDO_WORDS = frozenset({"u", "undo"})
LOG_WORDS = frozenset({"l", "log"})
HINT_WORDS = frozenset({"hint", "!"})


class Board(Protocol):
    """What the terminal draws of a game's board (its GameDefinition's ``board`` member)."""

    def screen(self, state: dict[str, Any], you: int | None) -> RenderableType: ...


Drawing = Callable[[], RenderableType | None]   # a board, part of one, a status line (markup) or None


class Quit(BaseException):
    """The player stopped the game (``q``, end of input); the session saves the log so far. A
    BaseException, like KeyboardInterrupt, so that no ``except Exception`` on the way swallows it."""


class TakeBack(BaseException):
    """The player asked to take their last answer back (``u``); the front end asks the session
    (``Session.undo``), which may refuse with the reason. A BaseException, as :class:`Quit`."""


class AskHint(BaseException):
    """The player asked for a hint (``hint``); the front end searches a fork of the session and asks the
    same decision again. A BaseException, as :class:`Quit`."""


class Terminal:
    """Line by line: prompts and narration printed one after another, as a transcript (the UI when standard
    input or output is not a terminal, and for scripted tests). ``read(prompt)`` returns a line; the
    default reads standard input (with line editing on a terminal). End of input raises :class:`Quit`.
    :class:`~rulecraft.cli.fullscreen.ScreenTerminal` shows the same calls as panes that stay in place."""

    def __init__(self, console: Console, read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self._read = read
        self.sure = False     # the person answered "always" to a move that cannot be undone: ask no more

    def ask(self, prompt: str) -> str:
        page = 0                 # `l` again pages further back through the log
        while True:
            try:
                line = self.read_line(prompt).strip()
            except EOFError:
                raise Quit("end of input") from None
            if line.lower() not in LOG_WORDS:
                break
            self.full_log(page)
            page += 1
        if line.lower() in QUIT_WORDS:
            raise Quit("quit")
        if line.lower() in UNDO_WORDS:
            raise TakeBack("undo")
        if line.lower() in HINT_WORDS:
            raise AskHint("hint")
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

    def begin(self, state: dict, draw: Drawing) -> None:
        """A new decision about ``state``: line by line, what ``draw()`` returns is printed before it (the
        game's prompts choose what the person needs to answer it); panes show ``state`` in place instead."""
        drawing = draw()
        if isinstance(drawing, str):
            self.say(drawing)
        elif drawing is not None:
            self.console.print(drawing)

    def show(self, state: dict) -> None:
        """The game moved on (another player's turn, with ``--delay``): nothing to redraw line by line."""

    def board(self, state: dict, picture: Board, seat: int) -> None:
        """``b`` at a prompt: the whole board."""
        self.console.print(picture.screen(state, seat))

    def finish(self, state: dict, picture: Board, seat: int) -> None:
        """The game is over: its last board."""
        self.console.print(picture.screen(state, seat))

    def hand(self, lines: list[str]) -> None:
        """Your program cards beside a program prompt; line by line they are on the board just drawn."""

    def full_log(self, page: int = 0) -> None:
        """``l`` at a prompt (``page``: how many times again): the whole log; line by line it is the
        transcript above, so nothing to do."""

    def help(self, lines: list[str]) -> None:
        """``?`` at a prompt: the options again, the keys and the rules behind the prompt."""
        for line in lines:
            self.say(line)
