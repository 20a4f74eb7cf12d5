"""Ask: the full-screen terminal of ``rulecraft play``: panes that stay in place and a line editor that loses
no key.

The panes are the game's: its board's ``panes(seat)`` (a board without it is played line by line), an
object the calls of a :class:`~rulecraft.cli.prompts.Terminal` are kept in (``begin(state)``, ``say``,
``narrate``, ``columns``; ``title``, ``help``, ``prompt``, ``typed``) and that draws itself at a size
(``render(width, height, color_system)``).

:class:`ScreenTerminal` draws them on a real terminal. It switches to the alternate screen and keeps the
keyboard in cbreak mode (no echo, no line buffering) for the whole game, set with ``TCSANOW`` so that
nothing already typed is flushed. Keys are read from the terminal
with ``os.read`` and kept in a buffer of their own: what is typed while the screen redraws or while the
other players move waits in the kernel's queue and then in that buffer, and answers the next prompt
(type-ahead), so no key is lost. Each prompt redraws the whole screen once; each key redraws only the
input line.
"""

from __future__ import annotations

import codecs
import os
import select
import shutil
import sys
from collections.abc import Callable
from typing import IO, Any

from rich.console import Console

from rulecraft.cli.prompts import Board, Drawing, Terminal
from rulecraft.runtime.terminal_text import unfiltered, visible

try:
    import termios
    import tty
except ImportError:          # not a POSIX system: no full screen, the game is played line by line
    termios = tty = None     # type: ignore[assignment]

ALT_ON, ALT_OFF = "\x1b[?1049h", "\x1b[?1049l"
HOME, CLEAR_LINE = "\x1b[H", "\x1b[2K\r"
BACKSPACE = {"\x7f", "\x08"}
ENTER = {"\r", "\n"}
CTRL_D, CTRL_U, ESC = "\x04", "\x15", "\x1b"


class PanesTerminal(Terminal):
    """The calls of a :class:`~rulecraft.cli.prompts.Terminal` kept as the game's panes (its board's
    ``panes(seat)``) instead of printed. With ``read`` (tests, snapshots) nothing touches a real terminal."""

    def __init__(self, console: Console, panes: Any, read: Callable[[str], str] | None = None) -> None:
        super().__init__(console, read)
        self.panes = panes

    def begin(self, state: dict, draw: Drawing) -> None:
        self.panes.begin(state)

    def say(self, markup: str) -> None:
        self.panes.say(markup)

    def narrate(self, markup: str) -> None:
        self.panes.narrate(markup)

    def heading(self, title: str, context: str) -> None:
        self.panes.title = title
        if context:
            said = context.removeprefix(":").strip()
            self.panes.say(said[0].upper() + said[1:])

    def show(self, state: dict) -> None:
        """Another player's turn (``--delay``): the board now, and no prompt."""
        self.panes.begin(state)
        self.draw()

    def draw(self) -> None:
        """Nothing to draw without a terminal."""

    def board(self, state: dict, picture: Board, seat: int) -> None:
        self.panes.say("[dim]The board stays on screen, above.[/]")

    def finish(self, state: dict, picture: Board, seat: int) -> None:
        self.panes.begin(state)
        self.panes.say("[bold]The game is over.[/] The final board is above, the scores in the log.")
        self.panes.prompt = ""

    def hand(self, lines: list[str]) -> None:
        self.panes.columns(lines)

    def help(self, lines: list[str]) -> None:
        self.panes.show_help(lines)

    def full_log(self, page: int = 0) -> None:
        """``l``: the whole log in the help pane, its newest lines at the bottom (the log pane keeps only
        the last few rows); ``l`` again pages back through it, ``page`` screens up."""
        title = "the log (l: further back; any answer closes it)" if page == 0 else \
            f"the log, {page} {'page' if page == 1 else 'pages'} back (l: further back; any answer closes it)"
        self.panes.show_help(list(self.panes.log), title, tail=True, page=page)

    def read_line(self, prompt: str) -> str:
        self.panes.prompt, self.panes.typed = prompt, ""
        line = super().read_line(prompt)
        self.panes.close_help()
        self.panes.prompt = ""
        return line


class ScreenTerminal(PanesTerminal):
    """The panes on a real terminal (``stdin`` and ``stdout`` ttys), drawn on the alternate screen."""

    def __init__(self, console: Console, panes: Any, stdin: IO[str] | None = None,
                 stdout: IO[str] | None = None) -> None:
        super().__init__(console, panes)
        self.fd = (stdin or sys.stdin).fileno()
        self.out = stdout or unfiltered(sys.stdout)     # our own screen codes; the panes' text is filtered
        self.pending = ""                  # keys read but not yet used: the next prompt's answer
        self.decode = codecs.getincrementaldecoder("utf-8")(errors="replace")   # a key split across reads
        self.saved: list[Any] | None = None

    # --- entering and leaving the full screen --------------------------------------------------
    def __enter__(self) -> ScreenTerminal:
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd, termios.TCSANOW)       # TCSANOW: keys already typed stay queued
        self.out.write(ALT_ON)
        self.draw()                                   # "setting up" until the first prompt
        return self

    def __exit__(self, *exc: object) -> None:
        self.out.write(ALT_OFF)
        self.out.flush()
        if self.saved is not None:
            termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)
            self.saved = None

    def last_screen(self) -> str:
        """The final screen, with colours, to print once the full screen is left (so it stays visible)."""
        width, height = self.size()
        return self.panes.render(width, height - 1, self.console.color_system)

    # --- drawing and reading -------------------------------------------------------------------
    def size(self) -> tuple[int, int]:
        columns, lines = shutil.get_terminal_size((80, 24))
        return columns, lines

    def draw(self) -> None:
        width, height = self.size()
        screen = self.panes.render(width, height - 1, self.console.color_system)
        self.out.write(HOME + screen + self._input_line(width))
        self.out.flush()

    def _input_line(self, width: int) -> str:
        text = visible(self.panes.prompt + self.panes.typed)
        return CLEAR_LINE + text[-(width - 1):]

    def read_line(self, prompt: str) -> str:
        self.panes.prompt, self.panes.typed = prompt, ""
        self.draw()
        size = self.size()
        while True:
            line = self._take_line()
            if line is not None:
                break
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                if self.size() != size:          # the window was resized: draw it again
                    size = self.size()
                    self.draw()
                continue
            chunk = self.decode.decode(os.read(self.fd, 1024))
            if not chunk:
                self.pending += CTRL_D
            self.pending += chunk
        self.panes.close_help()
        self.panes.prompt = ""
        return line

    def _take_line(self) -> str | None:
        """Edit the input line with the pending keys; a whole line once Enter is among them."""
        while self.pending:
            key, self.pending = self.pending[0], self.pending[1:]
            if key in ENTER:
                line = self.panes.typed
                self.panes.typed = ""
                return line
            if key in BACKSPACE:
                self.panes.typed = self.panes.typed[:-1]
            elif key == CTRL_U:
                self.panes.typed = ""
            elif key == CTRL_D:
                if not self.panes.typed:
                    raise EOFError
            elif key == ESC:
                self._skip_escape()
            elif key.isprintable():
                self.panes.typed += key
            self.out.write(self._input_line(self.size()[0]))
            self.out.flush()
        return None

    def _skip_escape(self) -> None:
        """An arrow or function key (``ESC [ ... letter``) is not part of an answer."""
        if self.pending.startswith("["):
            end = 1
            while end < len(self.pending) and not self.pending[end].isalpha() and self.pending[end] != "~":
                end += 1
            self.pending = self.pending[end + 1:]


def at_a_terminal() -> bool:
    """Whether the full screen can be drawn: both ends a POSIX terminal that takes UTF-8 (the board's
    icons); anything else plays line by line."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return termios is not None and sys.stdin.isatty() and sys.stdout.isatty() and encoding == "utf8"
