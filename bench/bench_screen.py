"""Benchmark the full screen of ``rulecraft play``: one whole redraw (every pane, with colours) at 80x24 and
120x40, on a seeded 4-player Tiny Epic Mechs game stopped in round 2 and a seeded Mecha Game at its third
main phase of the person's. Each prompt costs one redraw; a key costs only the
input line, so this is the lag a person feels between answering and the next question."""

from __future__ import annotations

import contextlib
import statistics
import time
from typing import Any

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


def mecha_panes_mid_game() -> Any:
    """Mecha Game's panes at the person's third main-phase prompt (passing until then), as ``play`` fills
    them: the session's view, the narrated log, the prompt's lines."""
    from rulecraft.cli.play_ui import board_class, new_header
    from rulecraft.plugins.mecha.prompts import OptionKeys
    from rulecraft.runtime.session import Session

    head, ruleset, hooks = new_header(["content/mecha-core"], "heuristic", None, 0, False, "1", [], "mecha")
    board = board_class("mecha")(ruleset, head["colours"], head["agents"])
    panes = board.panes(0)

    def listen(event: dict) -> None:
        text = board.narrate(event, 0)
        if text is not None:
            panes.narrate(text)

    session, mains = Session(head, ruleset, hooks, listeners=[listen]), 0
    while (pending := session.pending) is not None and (pending.decision.kind != "main" or mains < 2):
        mains += pending.decision.kind == "main"
        session.answer(0, pending.decision.options[-1])       # the last option: pass, or a window's pass
    assert pending is not None, "the seeded game ended before the prompt measured"
    panes.begin(session.view(0))
    for line in OptionKeys(board, pending.decision, session.view(0)).lines():
        panes.say(line)
    panes.prompt = "[main] > "
    session.close()
    return panes


def run() -> list[str]:
    return ["  Tiny Epic Mechs:", *_redraws(panes_mid_game()),
            "  Mecha Game:", *_redraws(mecha_panes_mid_game())]


def _redraws(panes: Any) -> list[str]:
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
