"""Benchmark the full screen of ``rulecraft play``: one whole redraw (every pane, with colours) at 80x24 and
120x40, on a seeded 4-player game stopped in round 2. Each prompt costs one redraw; a key costs only the
input line, so this is the lag a person feels between answering and the next question."""

from __future__ import annotations

import contextlib
import statistics
import time

from rulecraft.cli.play_ui import load
from rulecraft.plugins.tem.board import Picture
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.screen import Panes
from rulecraft.plugins.tem.views import view_for
from rulecraft.runtime.decisions import RandomAgent

SIZES = [(80, 24), (120, 40)]
REDRAWS = 40


class _Enough(BaseException):
    """Stops the seeded game once the log pane has something to show."""


def panes_mid_game() -> Panes:
    ruleset, hooks, _ = load([], [])
    picture = Picture(ruleset, list(ruleset.colours), ["human", "random", "random", "random"])
    panes = Panes(picture, 0)

    def listen(event: dict) -> None:
        text = picture.narrate(event, 0)
        if text is not None:
            panes.narrate(text)
        if event["e"] == "round-start" and event["round"] == 2:
            raise _Enough

    game = Game(ruleset, [RandomAgent(f"1/{s}") for s in range(4)], seed="1", hooks=hooks, listeners=[listen])
    with contextlib.suppress(_Enough):
        game.play()
    panes.begin(view_for(game, 0))
    panes.columns(picture.hand_lines(panes.state, 0))
    panes.prompt = "[program] card 1 of 4 > "
    return panes


def run() -> list[str]:
    panes = panes_mid_game()
    lines = []
    for width, height in SIZES:
        panes.render(width, height - 1, "truecolor")
        times = []
        for _ in range(REDRAWS):
            start = time.perf_counter()
            panes.render(width, height - 1, "truecolor")
            times.append(time.perf_counter() - start)
        lines.append(f"   {width}x{height}: {1000 * statistics.median(times):.1f} ms per full redraw "
                     f"(median of {REDRAWS})")
    return lines
