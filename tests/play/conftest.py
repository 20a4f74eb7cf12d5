"""Fixtures for the play tests: ``Driver``, a scripted player for the terminal UI that reads the screen as
a person would and answers each prompt.

Options are read from the last listed block (lines ``  KEY  text``); a program is 4 random distinct cards
of the core hand (cards 1-7 move N/E/S/W, card 8 diagonally, T4). Seeded, so a run is reproducible; every
line it typed is kept in ``typed`` so that the same game can be fed again through standard input.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

OPTION = re.compile(r"^  (\S+)(?: / (\S+))?  ")
TAG = re.compile(r"^\[([a-z-]+)\]")


class _Driver:
    def __init__(self, seed: int = 0, script: dict[str, list[str]] | None = None,
                 stop_after: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=130, color_system=None, highlight=False)
        self.script = {k: list(v) for k, v in (script or {}).items()}   # tag -> lines to type first
        self.typed: list[str] = []
        self.prompts: list[str] = []
        self.seen = 0
        self.stop_after = stop_after

    def __call__(self, prompt: str) -> str:
        if self.stop_after is not None and len(self.typed) >= self.stop_after:
            raise EOFError
        text = self.out.getvalue()
        fresh, self.seen = text[self.seen:], len(text)
        tag = TAG.match(prompt).group(1)
        self.prompts.append(prompt)
        line = self.script[tag].pop(0) if self.script.get(tag) else self.answer(tag, fresh)
        self.typed.append(line)
        return line

    def answer(self, tag: str, fresh: str) -> str:
        if tag == "program":
            cards = self.rng.sample(range(1, 9), 4)
            return " ".join(f"{c}{self.rng.choice(['NE', 'SE', 'SW', 'NW'] if c == 8 else 'NESW')}"
                            for c in cards)
        if tag == "ad-hoc-card":
            c = self.rng.randrange(1, 9)
            return f"{c}{self.rng.choice(['NE', 'SE', 'SW', 'NW'] if c == 8 else 'NESW')}"
        if tag in ("confirm", "watch"):
            return ""
        if tag == "confirm-buy":
            return self.rng.choice(["y", "n"])
        keys = [m.group(1) for m in map(OPTION.match, fresh.splitlines()) if m]
        assert keys, f"no options shown before the {tag} prompt:\n{fresh[-2000:]}"
        return self.rng.choice(keys)

    def output(self) -> str:
        return self.out.getvalue()


@pytest.fixture
def Driver():
    """The scripted player's class (tests build several, with their own seeds)."""
    return _Driver


class PtyGame:
    """``rulecraft play`` in a pseudo-terminal of a fixed size, its screen read through the pyte terminal
    emulator: what a person sees after every escape code, not the bytes."""

    def __init__(self, args: list[str], columns: int, lines: int, cwd) -> None:
        import fcntl
        import os
        import pty
        import struct
        import sys
        import termios

        import pyte

        self.columns, self.lines = columns, lines
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        pid, fd = pty.fork()
        if pid == 0:   # the child: rulecraft play at a terminal of this size
            os.chdir(cwd)
            os.environ.update(COLUMNS=str(columns), LINES=str(lines), TERM="xterm-256color")
            os.execv(sys.executable, [sys.executable, "-m", "rulecraft.cli", "play", *args])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.pid, self.fd, self.status = pid, fd, None
        self.answered = 0                      # bytes of output seen when the last answer was typed
        self.screens: list[list[str]] = []     # the screen at each prompt

    def pump(self, quiet: float = 0.05, timeout: float = 60.0, until=None) -> bool:
        """Read the output until ``until(self)`` holds and the output has been quiet for ``quiet`` seconds;
        False when the program has ended."""
        import os
        import select
        import time

        end = time.time() + timeout
        while time.time() < end:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                self.raw += data
                self.stream.feed(data)
            elif until is None or until(self):
                return True
        raise AssertionError("the screen did not settle:\n" + "\n".join(self.screen.display))

    def prompt(self) -> str | None:
        """The tag of a freshly drawn prompt on the input line (the screen's last row: ``[tag] >`` with
        nothing typed yet), or None."""
        row = self.screen.display[-1].rstrip()
        match = TAG.match(row)
        return match.group(1) if match and row.endswith(">") else None

    def wait_prompt(self) -> str | None:
        """The next prompt's tag, once it is drawn; None when the game has ended."""
        if not self.pump(until=lambda g: len(g.raw) > g.answered and g.prompt() is not None):
            return None
        self.screens.append(list(self.screen.display))
        return self.prompt()

    def options(self) -> list[str]:
        """The answer keys listed in the program pane (rows ``│   KEY  text``)."""
        keys = []
        for row in self.screen.display:
            match = PANE_OPTION.match(row)
            if match:
                keys.append(match.group(1))
        return keys

    def type(self, text: str) -> None:
        import os

        self.answered = len(self.raw)          # the prompt on screen is answered: wait for a new one
        os.write(self.fd, text.encode())

    def close(self) -> int:
        import os

        while self.pump(timeout=30):
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


PANE_OPTION = re.compile(r"^│   (\S+)(?: / \S+)?  \S")


@pytest.fixture
def pty_game(tmp_path):
    """Start ``rulecraft play ARGS`` at a pty of a size: ``pty_game(args, columns, lines)``."""
    import os
    import sys

    if not hasattr(os, "fork") or sys.platform == "win32":
        pytest.skip("needs a POSIX pty")
    started: list[PtyGame] = []

    def start(args: list[str], columns: int = 80, lines: int = 24) -> PtyGame:
        game = PtyGame(args, columns, lines, tmp_path)
        started.append(game)
        return game

    yield start
    for game in started:
        try:
            os.kill(game.pid, 9)
            os.waitpid(game.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
