"""Report: the columns of Tiny Epic Mechs' ``records.csv`` (one row per player per game: its VP by source,
the pilots dealt, the weapons bought and owned), written by the report skeleton
(``rulecraft.runtime.balance.files``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulecraft.runtime.balance.files import game_field, seat_field
from rulecraft.runtime.balance.report import Column

GAME_FIELDS = ("index", "seed", "players", "first_seat", "rounds", "turns", "events", "decisions", "combats",
               "kos", "retreats", "mech_taken", "mech_controller", "aborted")
SEAT_FIELDS = ("seat", "colour", "agent", "pilot", "vp", "rank", "win", "first", "mech", "status")


def _source(source: str) -> Column:
    return f"vp_{source}", lambda game, seat: seat["vp_by_source"].get(source, 0)


def csv_columns(records: Iterable[dict[str, Any]]) -> list[Column]:
    """The game's fields, the seat's, one column per VP source any record names, then the seat's lists and
    the winners. ``records`` is read for the sources, and once more for the rows: a list, or a run's
    spooled records (``rulecraft.runtime.balance.files.RecordSpool``)."""
    sources = sorted({k for r in records for s in r["seats"] for k in s["vp_by_source"]})
    return [*map(game_field, GAME_FIELDS), *map(seat_field, SEAT_FIELDS), *map(_source, sources),
            *map(seat_field, ("dealt", "purchased", "owned")), game_field("winners")]
