"""Report: per-game records as JSON and CSV files (one CSV row per player per game), and a comparison's
rows as CSV (one row per card, seat, agent or metric)."""

from __future__ import annotations

import csv
import json
import math
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

GAME_FIELDS = ("index", "seed", "players", "first_seat", "rounds", "turns", "events", "decisions", "combats",
               "kos", "retreats", "mech_taken", "mech_controller", "aborted")
SEAT_FIELDS = ("seat", "colour", "agent", "pilot", "vp", "rank", "win", "first", "mech", "status")


def write_json(path: Path, data: Any) -> None:
    """Strict JSON: an undefined number (the rate of a card nobody took) is written as null, not NaN."""
    path.write_text(json.dumps(_strict(data), indent=1, ensure_ascii=False, allow_nan=False) + "\n",
                    encoding="utf-8")


def _strict(data: Any) -> Any:
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: _strict(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_strict(v) for v in data]
    return data


def write_csv(path: Path, records: Iterable[dict[str, Any]], sources: Sequence[str] | None = None) -> None:
    """One row per player per game, a ``vp_<source>`` column for each of ``sources`` (default: every
    source the records name, which needs them as a list)."""
    if sources is None:
        records = list(records)
        sources = vp_sources(records)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow([*GAME_FIELDS, *SEAT_FIELDS, *(f"vp_{s}" for s in sources), "dealt", "purchased",
                         "owned", "winners"])
        for r in records:
            for s in r["seats"]:
                writer.writerow([*(r[f] for f in GAME_FIELDS), *(s[f] for f in SEAT_FIELDS),
                                 *(s["vp_by_source"].get(src, 0) for src in sources),
                                 ";".join(s.get("dealt", ())), ";".join(s["purchased"]), ";".join(s["owned"]),
                                 ";".join(map(str, r["winners"]))])


def vp_sources(records: Iterable[dict[str, Any]]) -> list[str]:
    return sorted({k for r in records for s in r["seats"] for k in s["vp_by_source"]})


class RecordFiles:
    """``records.json`` and ``records.csv`` of a run whose records are not kept: each record is spooled to
    an anonymous temporary file as it comes (one JSON line), and both files are written from the spool at
    the end (the CSV's header needs every VP source first). The files are the same as ``write_json`` and
    ``write_csv`` of the whole list would write."""

    def __init__(self, json_path: Path, csv_path: Path) -> None:
        self.json_path, self.csv_path = json_path, csv_path
        self._spool = tempfile.TemporaryFile("w+", encoding="utf-8")   # noqa: SIM115 (closed by close())

    def add(self, record: dict[str, Any]) -> None:
        self._spool.write(json.dumps(_strict(record), ensure_ascii=False, allow_nan=False) + "\n")

    def _spooled(self) -> Iterable[dict[str, Any]]:
        self._spool.seek(0)
        for line in self._spool:
            yield json.loads(line)

    def close(self) -> None:
        with self._spool:
            with self.json_path.open("w", encoding="utf-8") as out:
                count = 0
                for record in self._spooled():
                    text = json.dumps(record, indent=1, ensure_ascii=False, allow_nan=False)
                    out.write("[\n" if not count else ",\n")
                    out.write("\n".join(" " + line for line in text.split("\n")))
                    count += 1
                out.write("\n]\n" if count else "[]\n")
            write_csv(self.csv_path, self._spooled(), vp_sources(self._spooled()))


COMPARISON_FIELDS = ("group", "subject", "measure", "a", "b", "a_n", "b_n", "value", "low", "high", "n",
                     "method", "p", "p_holm", "significant", "holm", "status")


def write_comparison_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    """``value``, ``low`` and ``high`` are B - A; an empty cell is a difference that is not defined."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(COMPARISON_FIELDS)
        for row in rows:
            writer.writerow(["" if row[f] is None else row[f] for f in COMPARISON_FIELDS])
