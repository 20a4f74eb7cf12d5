"""A variant of Pig with a planted engine bug, for the fuzzer's tests (``rulecraft fuzz`` must find it and
shrink it to a scenario of a few turns): *lucky thirteen* keeps a tally of the holds of exactly 13 points in
its stash, and its bug writes the tally over the holding seat's score when that seat already had points,
so the score no longer is what its holds banked (P3). A rare state: a hold of exactly 13, not a first hold.

Registered as Pig's first-party variant ``pig-planted`` (a pack names it in its ``plugins``); the tests fix
the bug by replacing :func:`tally` with the version that leaves the score alone.
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.hookspecs import hookimpl

NAME = "pig-planted"
LUCKY = 13


def tally(game: Any, seat: int, banked: int) -> None:
    """Count a lucky hold in the stash (the planted bug: the count also lands on the seat's score)."""
    counts = game.stash.setdefault(NAME, {})
    counts[seat] = counts.get(seat, 0) + 1
    if game.scores[seat] > banked:
        game.scores[seat] = counts[seat]


@hookimpl
def rulecraft_turn_end(game: Any, seat: int, banked: int) -> None:
    if banked == LUCKY:
        tally(game, seat, banked)
