"""Playing Mecha Game in the terminal, through a pseudo-terminal read with the pyte emulator: the grid,
your hand but only the size of the opponent's, bandwidth and population, counters, the response windows
as prompts of their own, and the game's end."""

from __future__ import annotations

import os
import re
import select
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROMPT = re.compile(r"\[([a-z-]+)\] > $")


class Terminal:
    def __init__(self, args: list[str], columns: int = 160, lines: int = 60) -> None:
        import pty

        import pyte

        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.text = ""
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, "-m", "rulecraft.plugins.mecha.play", *args])
        self.pid, self.fd = pid, fd

    def read_until_prompt(self, timeout: float = 30.0) -> str | None:
        """The next prompt's kind, or None when the program ended."""
        end = time.time() + timeout
        while time.time() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return None
            if not data:
                return None
            self.stream.feed(data)
            self.text += data.decode("utf-8", "replace")
            match = PROMPT.search(self.text.rstrip("\r\n ") + " ")
            if match and self.text.rstrip(" ").endswith(">"):
                return match.group(1)
        raise AssertionError("no prompt:\n" + "\n".join(self.screen.display))

    def options(self) -> dict[str, str]:
        """The numbered options listed before the prompt: text -> number."""
        found = re.findall(r"^ +(\d+)  (.+?)\r?$", self.text, flags=re.M)
        return {text.strip(): number for number, text in found}

    def type(self, line: str) -> None:
        self.text = ""
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_whole_game_in_the_terminal_with_prompts_for_each_window():
    term = Terminal(["--seed", "1", "--opponent", "heuristic"])
    seen: set[str] = set()
    screens = []
    towers = 0
    for _ in range(2000):
        kind = term.read_until_prompt()
        if kind is None:
            break
        seen.add(kind)
        screens.append("\n".join(term.screen.display))
        options = term.options()
        tower = next((n for text, n in options.items() if text.startswith("play radio-tower")), None)
        if kind == "main" and tower and towers < 2:      # two towers, then hold the cards for the windows
            towers += 1
            term.type(tower)
        elif kind == "main":
            term.type(options["pass"])
        else:
            term.type("1")                                 # the first command of a window, the first target
    else:
        raise AssertionError("the game did not end")
    tail = "\n".join(term.screen.display)
    assert term.close() == 0
    assert re.search(r"seat [ab] wins \(|the game is a draw", tail), tail
    first = screens[0]
    assert "a    b    c    d    e    f    g" in first and "seat a's entry zone" in first
    assert re.search(r"seat a: bandwidth \d+, population \d+, deck \d+, damage \d/5", first)
    assert re.search(r"seat b: .*hand: \d+ cards", first)          # the opponent's hand: its size only
    assert "main" in seen and "window" in seen, seen
    assert any("End window (c)" in s or "Attack window (b)" in s for s in screens)
