"""Report: Tiny Epic Mechs' per-game records as CSV (one row per player per game: its VP by source, the
pilots dealt, the weapons bought and owned); JSON and comparison files are the report skeleton's
(``rulecraft.runtime.balance.files``)."""

from __future__ import annotations

import csv
from collections.abc import Collection
from pathlib import Path
from typing import Any

GAME_FIELDS = ("index", "seed", "players", "first_seat", "rounds", "turns", "events", "decisions", "combats",
               "kos", "retreats", "mech_taken", "mech_controller", "aborted")
SEAT_FIELDS = ("seat", "colour", "agent", "pilot", "vp", "rank", "win", "first", "mech", "status")


def write_csv(path: Path, records: Collection[dict[str, Any]]) -> None:
    """``records`` is read twice, for the VP sources (the columns) and for the rows: a list, or a run's
    spooled records (``rulecraft.runtime.balance.files.RecordSpool``)."""
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
