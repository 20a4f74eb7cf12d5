"""Run: seat order, the same in every game: seats numbered 0..n-1 clockwise round the table.

A game's turn order, its passes of a token or of the dice, and who takes the next hit are all "clockwise
from a seat" or "the next seat after", usually skipping the seats that are out (knocked out, resting, done
adventuring). Written once here so that every engine counts round the table the same way.
"""

from __future__ import annotations

from collections.abc import Container


def clockwise(first: int, seats: int, out: Container[int] = ()) -> list[int]:
    """Every seat of ``seats`` clockwise from ``first`` (itself included, first), skipping those ``out``."""
    return [seat for seat in (*range(first % seats, seats), *range(first % seats))
            if seat not in out] if seats else []


def next_after(seat: int, seats: int, out: Container[int] = ()) -> int | None:
    """The next seat clockwise after ``seat`` that is not ``out``: ``seat`` itself when it is the only one
    left in, None when every seat is out."""
    return next(iter(clockwise(seat + 1, seats, out)), None)
