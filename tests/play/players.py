"""Scripted players for the play tests: random programs and cards of the core hand, and a game at a pty.

A program is 4 random distinct cards of the core hand (cards 1-7 move N/E/S/W, card 8 diagonally, T4).
:class:`PtyGame` runs ``rulecraft play`` in a pseudo-terminal and reads its screen through pyte.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sys
import time

TAG = re.compile(r"^\[([a-z-]+)\]")
DIAGONAL = ["NE", "SE", "SW", "NW"]


def exec_play(args: list[str], **environ: str) -> None:
    """In the child of ``pty.fork()``: become ``rulecraft play ARGS`` as a shell starts a job at a terminal,
    with Ctrl-C and Ctrl-\\ at their defaults. A test run started in the background (``make test &``)
    inherits them ignored, and an ignored SIGINT stays ignored across exec: Ctrl-C would then do nothing."""
    os.environ.update(environ)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    os.execv(sys.executable, [sys.executable, "-m", "rulecraft.cli", "play", *args])


def random_card(rng: random.Random, number: int | None = None) -> str:
    """A card of the core hand with a direction it moves in, like ``3E`` or ``8NE``."""
    card = rng.randrange(1, 9) if number is None else number
    return f"{card}{rng.choice(DIAGONAL if card == 8 else 'NESW')}"


def random_program(rng: random.Random) -> str:
    return " ".join(random_card(rng, card) for card in rng.sample(range(1, 9), 4))


class PtyGame:
    """``rulecraft play`` in a pseudo-terminal of a fixed size, its screen read through the pyte terminal
    emulator: what a person sees after every escape code, not the bytes."""

    def __init__(self, args: list[str], columns: int, lines: int, cwd) -> None:
        import fcntl
        import pty
        import struct
        import termios

        import pyte

        self.columns, self.lines = columns, lines
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        pid, fd = pty.fork()
        if pid == 0:   # the child: rulecraft play at a terminal of this size
            os.chdir(cwd)
            exec_play(args, COLUMNS=str(columns), LINES=str(lines), TERM="xterm-256color")
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.pid, self.fd, self.status = pid, fd, None
        self.answered = 0                      # bytes of output seen when the last answer was typed
        self.screens: list[list[str]] = []     # the screen at each prompt

    def pump(self, quiet: float = 0.05, timeout: float = 60.0, until=None) -> bool:
        """Read the output until ``until(self)`` holds and the output has been quiet for ``quiet`` seconds;
        False when the program has ended."""
        import select

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
        self.answered = len(self.raw)          # the prompt on screen is answered: wait for a new one
        os.write(self.fd, text.encode())

    def close(self) -> int:
        """Read to the end of the program and return its exit status; an AssertionError when it goes on
        drawing nothing for a minute (it was expected to end)."""
        end = time.time() + 60
        while self.pump(timeout=30):
            assert time.time() < end, "the program did not end:\n" + "\n".join(self.screen.display)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


PANE_OPTION = re.compile(r"^│   (\S+)(?: / \S+)?  \S")


def pane(screen: list[str], title: str) -> str:
    """The text of the pane titled ``title`` (its rows' insides joined, whitespace collapsed)."""
    rows, inside = [], False
    for row in screen:
        at = row.find("╭─ " + title)
        if at >= 0:
            inside, left = True, at
            continue
        if inside:
            if row[left:left + 1] == "╰":
                break
            end = row.find("│", left + 1)
            rows.append(row[left + 1:end])
    return " ".join(" ".join(rows).split())
