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
import sys
from pathlib import Path

import pytest
from rich.console import Console

sys.path.insert(0, str(Path(__file__).parent))

from players import TAG, PtyGame, random_card, random_program

OPTION = re.compile(r"^  (\S+)(?: / (\S+))?  ")


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
            return random_program(self.rng)
        if tag == "ad-hoc-card":
            return random_card(self.rng)
        if tag in ("confirm", "watch"):
            return ""
        if tag == "cannot-undo":            # an answer that could not be taken back: played
            return "y"
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
