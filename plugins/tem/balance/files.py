"""Report: per-game records as JSON and CSV files (one CSV row per player per game), and a comparison's
rows as CSV (one row per card, seat, agent or metric)."""

from __future__ import annotations

import csv
import json
import math
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


def write_csv(path: Path, records: list[dict[str, Any]]) -> None:
    sources = sorted({k for r in records for s in r["seats"] for k in s["vp_by_source"]})
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


COMPARISON_FIELDS = ("group", "subject", "measure", "a", "b", "a_n", "b_n", "value", "low", "high", "n",
                     "method", "p", "p_holm", "significant", "holm", "status")


def write_comparison_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    """``value``, ``low`` and ``high`` are B - A; an empty cell is a difference that is not defined."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(COMPARISON_FIELDS)
        for row in rows:
            writer.writerow(["" if row[f] is None else row[f] for f in COMPARISON_FIELDS])
