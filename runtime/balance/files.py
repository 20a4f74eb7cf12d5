"""Report: a run's files: strict JSON, per-game records as CSV (one row per seat per game), and a
comparison's rows as CSV (one row per seat, agent, card or metric)."""

from __future__ import annotations

import csv
import json
import math
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from rulecraft.runtime.balance.report import Column


def write_json(path: Path, data: Any) -> None:
    """Strict JSON: an undefined number (the rate of a card nobody took) is written as null, not NaN."""
    path.write_text(json.dumps(_strict(data), indent=1, ensure_ascii=False, allow_nan=False) + "\n",
                    encoding="utf-8")


def write_json_records(path: Path, records: Iterable[dict[str, Any]]) -> None:
    """The file ``write_json(path, list(records))`` writes, one record at a time (the list never held)."""
    with path.open("w", encoding="utf-8") as out:
        count = 0
        for record in records:
            text = json.dumps(_strict(record), indent=1, ensure_ascii=False, allow_nan=False)
            out.write("[\n" if not count else ",\n")
            out.write("\n".join(" " + line for line in text.split("\n")))
            count += 1
        out.write("\n]\n" if count else "[]\n")


class RecordSpool:
    """A run's records as they come, one JSON line each in an anonymous temporary file, for the files
    of ``sim --out`` when the records are not kept (issue 14: flat memory). Once every record is in, it
    can be read as often as needed, in the order they came (a CSV's columns need a pass before its rows)."""

    def __init__(self) -> None:
        self._file = tempfile.TemporaryFile("w+", encoding="utf-8")   # noqa: SIM115 (closed by close())
        self._count = 0

    def add(self, record: dict[str, Any]) -> None:
        self._file.write(json.dumps(_strict(record), ensure_ascii=False, allow_nan=False) + "\n")
        self._count += 1

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self._file.seek(0)
        for line in self._file:
            yield json.loads(line)

    def close(self) -> None:
        self._file.close()


def _strict(data: Any) -> Any:
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: _strict(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_strict(v) for v in data]
    return data


def _cell(value: Any) -> Any:
    """A list is written ``a;b;c``, a mapping ``key=value;...``; anything else as it is."""
    if isinstance(value, list | tuple):
        return ";".join(map(str, value))
    if isinstance(value, dict):
        return ";".join(f"{k}={v}" for k, v in value.items())
    return value


def game_field(name: str) -> Column:
    """A column of the game's field ``name`` (empty where a record has none)."""
    return name, lambda game, seat: game.get(name, "")


def seat_field(name: str, header: str | None = None) -> Column:
    """A column of the seat's field ``name``, headed ``header`` (default the name)."""
    return header or name, lambda game, seat: seat.get(name, "")


def seat_columns(records: Iterable[dict[str, Any]]) -> list[Column]:
    """Every field the records name, in the order they first name them: the game's, then the seat's
    (``seat_...`` where a name is both)."""
    game_fields = list(dict.fromkeys(k for r in records for k in r if k != "seats"))
    seat_fields = list(dict.fromkeys(k for r in records for s in r["seats"] for k in s))
    return [*map(game_field, game_fields),
            *(seat_field(f, f"seat_{f}" if f in game_fields else f) for f in seat_fields)]


def write_seat_csv(path: Path, records: Iterable[dict[str, Any]], columns: Sequence[Column]) -> None:
    """One row per seat of every game, a cell per column (lists written ``a;b;c``)."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow([header for header, _ in columns])
        for r in records:
            for s in r["seats"]:
                writer.writerow([_cell(cell(r, s)) for _, cell in columns])


COMPARISON_FIELDS = ("group", "subject", "measure", "a", "b", "a_n", "b_n", "value", "low", "high", "n",
                     "method", "p", "p_holm", "significant", "holm", "status")


def write_comparison_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    """``value``, ``low`` and ``high`` are B - A; an empty cell is a difference that is not defined."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(COMPARISON_FIELDS)
        for row in rows:
            writer.writerow(["" if row[f] is None else row[f] for f in COMPARISON_FIELDS])


def write_rows_csv(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    """Flat rows (a tournament's ratings, its head-to-head table) as CSV, a column per key of the first;
    an undefined number is an empty cell."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        fields = list(rows[0]) if rows else []
        writer.writerow(fields)
        for row in rows:
            writer.writerow(["" if _strict(row[f]) is None else row[f] for f in fields])
