"""Show: an entity's last measured rates, for the hover over its entry, read from the report of a
``rulecraft sim --out DIR`` (``report.json``: a run's rates with their 95% intervals) or ``sim --compare A B
--out DIR`` (``compare.json``: each rate in A and B and the change B - A with its paired interval), found
in the ``build`` folder of the pack or of the folder holding it (where the modding guide writes it).

A report counts only when it ran the pack (the pack among ``run.packs``, or on the B side of a comparison);
the newest with figures for the entity is shown. A report is data: it is read (at most ``MAX_BYTES``, a
regular file), never run; one that is not what ``sim`` writes is skipped with a quiet log line.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulecraft.compiler.loader import read_regular

LOG = logging.getLogger("rulecraft.lsp.measured")
BUILD = "build"
NAMES = ("compare.json", "report.json")   # what `sim --compare --out` and `sim --out` write (cli/sim.py)
SKELETON = frozenset({"seat", "agent", "game"})   # a comparison's rows that are no entity's
MAX_BYTES = 32_000_000
MAX_DEPTH = 6        # how deep in a run report rows are looked for (sim's are two levels down)


def _reports(folder: Path) -> list[Path]:
    """The reports in the pack's build folder and its parent's, at most one folder down, newest first."""
    found = []
    for build in (folder / BUILD, folder.parent / BUILD):
        for name in NAMES:
            found += [path for pattern in (name, f"*/{name}") for path in build.glob(pattern)]
    stamped = []
    for path in set(found):
        try:
            stamped.append((path.stat().st_mtime, path))
        except OSError:
            continue
    return [path for _, path in sorted(stamped, reverse=True)]


@lru_cache(maxsize=64)
def _read(path: Path, stamp: float) -> dict[str, Any] | None:
    """The report at ``path`` as it was at ``stamp`` (its modification time), or ``None`` when it is no
    report (logged)."""
    try:
        data = read_regular(path, MAX_BYTES)
        if len(data) > MAX_BYTES:
            raise ValueError(f"larger than {MAX_BYTES:,} bytes")
        report = json.loads(data)
        if not isinstance(report, dict):
            raise ValueError("not a JSON object")
        return report
    except (OSError, ValueError, RecursionError) as exc:
        LOG.info("ignored the report %s: %s", path, exc)
        return None


def _ran(report: dict[str, Any], folder: Path, pack_id: str) -> bool:
    """Whether the report's run played the pack (a comparison: on its B side)."""
    names = {folder.name, pack_id}
    side = report.get("b")
    if isinstance(side, str):
        return bool(names & set(side.split(",")))
    run = report.get("run")
    packs = run.get("packs") if isinstance(run, dict) else None
    return isinstance(packs, list) and any(isinstance(p, str) and Path(p).name in names for p in packs)


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and math.isfinite(value) else None


def _rate(value: float, percent: bool, sign: bool = False, unit: bool = True) -> str:
    """A rate as a percentage (a change in points, with its sign), any other figure with two decimals."""
    if not percent:
        return f"{value:{'+' if sign else ''}.2f}"
    return f"{value * 100:{'+' if sign else ''}.1f}" + ((" pts" if sign else "%") if unit else "")


def _estimate(label: str, row: dict[str, Any]) -> str | None:
    """``label: 54.1% (95% CI 51.2 to 57.0%, n 38)`` for a run's estimate (a rate when it counts wins)."""
    value, low, high = (_number(row.get(key)) for key in ("value", "low", "high"))
    if value is None or low is None or high is None:
        return None
    percent = "wins" in row
    n = f", n {row['n']}" if isinstance(row.get("n"), int) else ""
    interval = f"{_rate(low, percent, unit=False)} to {_rate(high, percent)}"
    return f"{label}: {_rate(value, percent)} (95% CI {interval}{n})"


def _estimates(data: Any, entity_id: str, label: str = "", depth: int = 0) -> Iterator[str]:
    """A run report's estimates for the entity: in any list of rows (down to ``MAX_DEPTH``), a row naming
    it by one of its fields (``{"card": "lancer", ...}``), the row itself or each estimate it holds,
    labelled by their keys."""
    if depth > MAX_DEPTH:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _estimates(value, entity_id, key, depth + 1)
    elif isinstance(data, list):
        for row in data:
            if isinstance(row, dict) and entity_id in row.values():
                for key, value in [(label, row), *row.items()]:
                    shown = _estimate(key.replace("_", " "), value) if isinstance(value, dict) else None
                    if shown:
                        yield shown


def _changes(report: dict[str, Any], entity_id: str) -> Iterator[str]:
    """A comparison's rows for the entity: ``win rate when played: 45.5% in B, 50.0% in A: -4.5 pts
    (95% CI -12.0 to 3.0)``, or the row's status (``new in B``)."""
    rows = report.get("rows")
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict) or row.get("subject") != entity_id or str(row.get("group")) in SKELETON:
            continue
        percent = row.get("rate") is True
        a, b, change, low, high = (_number(row.get(key)) for key in ("a", "b", "value", "low", "high"))
        sides = ", ".join(f"{_rate(v, percent)} in {side}" for v, side in ((b, "B"), (a, "A"))
                          if v is not None)
        line = f"{row.get('measure', '?')}: {sides or 'not measured'}"
        if change is not None and low is not None and high is not None:
            interval = f"{_rate(low, percent, True, False)} to {_rate(high, percent, True, False)}"
            line += f": {_rate(change, percent, True)} vs A (95% CI {interval})"
            line += ", significant after Holm" if row.get("holm") else ""
        if row.get("status"):
            line += f" ({row['status']})"
        yield line


def measured(folder: Path, pack_id: str, entity_id: str) -> str | None:
    """Markdown: the entity's figures from the newest report of the pack at ``folder`` that has them."""
    for path in _reports(folder):
        try:
            stamp = path.stat().st_mtime
        except OSError:
            continue
        report = _read(path, stamp)
        if report is None or not _ran(report, folder, pack_id):
            continue
        lines = list(_changes(report, entity_id) if "rows" in report else _estimates(report, entity_id))
        if lines:
            when = datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M UTC")
            shown = path.relative_to(folder.parent) if path.is_relative_to(folder.parent) else path
            what = "the comparison" if "rows" in report else "the run"
            head = f"Last measured ({what} {shown}, {when}):"
            return "\n".join([head, "", *(f"- {line}" for line in lines)])
    return None
