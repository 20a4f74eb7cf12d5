"""The progress bar of ``sim`` and ``sweep`` costs nothing it need not (issue 27): nothing is drawn without
a terminal, and on one it is redrawn only as batches of games finish, at most
``REDRAWS_PER_SECOND`` times a second, with no refresh thread running by wall time."""

from __future__ import annotations

import io
import threading
import time

from rich.console import Console

from rulecraft.cli.sim import REDRAWS_PER_SECOND, game_progress


def test_without_a_terminal_no_bar_is_drawn():
    out = io.StringIO()
    with game_progress(Console(file=out, force_terminal=False), "tem-core", 10, quiet=False) as advance:
        assert advance is None
    assert out.getvalue() == ""


def test_quiet_draws_nothing_even_on_a_terminal():
    out = io.StringIO()
    with game_progress(Console(file=out, force_terminal=True), "tem-core", 10, quiet=True) as advance:
        assert advance is None
    assert out.getvalue() == ""


def test_on_a_terminal_the_bar_is_redrawn_by_batches_at_most_a_few_times_a_second_and_by_no_thread():
    out = io.StringIO()
    threads, start = threading.active_count(), time.monotonic()
    with game_progress(Console(file=out, force_terminal=True, width=120), "tem-core", 1000,
                       quiet=False) as advance:
        assert threading.active_count() == threads          # no refresh thread
        for _ in range(1000):                               # 1,000 batches in far less than a second
            advance(1)
    took, drawn = time.monotonic() - start, out.getvalue()
    assert "1000/1000" in drawn                             # the last draw says where it ended
    # the first draw as the bar starts, the last as it stops, and at most a few a second between
    assert drawn.count("tem-core") <= 2 + REDRAWS_PER_SECOND * (took + 1)
