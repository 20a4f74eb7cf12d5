"""Report: a sweep's figures: the points as JSON and CSV, a terminal table, and a self-contained HTML page
with each metric plotted against the varied value, its 95% interval as a band, and the suggestion.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
from pathlib import Path
from typing import Any

from rulecraft.runtime.balance.sweep.grid import label
from rulecraft.runtime.balance.sweep.run import Sweep

# The page's look, and the plots drawn by matplotlib with no window and embedded as PNG: the file stands
# alone. Kept here, not shared with a game's own sim report, so that a sweep of any game needs no game's
# report code.
STYLE = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:3px 8px}
h2{border-bottom:2px solid #4c78a8;margin-top:2em}img{max-width:100%}"""


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def points_data(sweep: Sweep) -> list[dict[str, Any]]:
    """One row per point: its values, games, and per metric the estimate with its interval."""
    rows = []
    for r in sweep.results:
        metrics = {}
        for m in sweep.metrics:
            e = r.estimate(m)
            metrics[m.name] = {"value": _finite(e.value), "low": _finite(e.low), "high": _finite(e.high),
                               "n": e.n}
        rows.append({"values": {a.field: a.value for a in r.point}, "games": r.games, "aborted": r.aborted,
                     "refined": r.refined, "metrics": metrics})
    return rows


def configuration(sweep: Sweep, command: str) -> dict[str, Any]:
    return {"command": command, "packs": list(sweep.base.packs) or [sweep.base.core],
            "plugins": list(sweep.base.plugins), "agents": list(sweep.base.agents),
            "players": sweep.base.players, "seed": sweep.seed, "games_per_point": sweep.games,
            "vary": [v.text for v in sweep.variations], "metrics": [m.name for m in sweep.metrics],
            "target": f"{sweep.target[0].name}={sweep.target[1]:g}" if sweep.target else None,
            "refine": sweep.refine, "backend": sweep.backend, "workers": sweep.workers,
            "seconds": round(sweep.seconds, 2)}


def report_data(sweep: Sweep, command: str) -> dict[str, Any]:
    return {"configuration": configuration(sweep, command), "points": points_data(sweep),
            "suggestion": sweep.suggestion.to_dict() if sweep.suggestion else None}


def write_csv(path: Path, sweep: Sweep) -> None:
    fields = [v.field for v in sweep.variations]
    header = [*fields, "games", "aborted", "refined"]
    for m in sweep.metrics:
        header += [m.name, f"{m.name} low", f"{m.name} high", f"{m.name} n"]
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        for row in points_data(sweep):
            cells = [row["values"][f] for f in fields] + [row["games"], row["aborted"], row["refined"]]
            for m in sweep.metrics:
                e = row["metrics"][m.name]
                cells += [e["value"], e["low"], e["high"], e["n"]]
            writer.writerow(cells)


def _cell(e: dict[str, Any], rate: bool) -> str:
    if e["value"] is None:
        return "-"
    fmt = (lambda x: f"{100 * x:.1f}%") if rate else (lambda x: f"{x:.2f}")
    if e["low"] is None or e["high"] is None:
        return fmt(e["value"])
    return f"{fmt(e['value'])} [{fmt(e['low'])}, {fmt(e['high'])}]"


def table_rows(sweep: Sweep) -> tuple[list[str], list[list[str]]]:
    fields = [v.field for v in sweep.variations]
    headers = [*fields, "games", *(m.name for m in sweep.metrics)]
    rows = []
    for row in points_data(sweep):
        cells = [json.dumps(row["values"][f]) + (" *" if row["refined"] else "") for f in fields]
        cells.append(str(row["games"] - row["aborted"]) + (f" ({row['aborted']} aborted)" if row["aborted"]
                                                           else ""))
        cells += [_cell(row["metrics"][m.name], m.shape == "rate") for m in sweep.metrics]
        rows.append(cells)
    return headers, rows


def print_table(sweep: Sweep, console: Any) -> None:
    from rich.table import Table

    headers, rows = table_rows(sweep)
    title = (f"sweep: {len(sweep.results)} points x {sweep.games} games, seed {sweep.seed}, "
             f"{sweep.backend} backend, {sweep.workers} worker(s)")
    table = Table(*headers, title=title, title_justify="left")
    for row in rows:
        table.add_row(*row)
    console.print(table)
    if any(r.refined for r in sweep.results):
        console.print("* added by --refine near the crossing")
    if sweep.suggestion is not None and sweep.target is not None:
        console.print(f"suggested {sweep.variations[0].field} for {sweep.target[0].name} = "
                      f"{sweep.target[1]:g}: {sweep.suggestion.text}")


def _html_table(headers: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _plot(sweep: Sweep, metric_index: int) -> str:
    """The metric against the first varied value, one line (and band) per combination of the others."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    metric = sweep.metrics[metric_index]
    first = sweep.variations[0]
    fig = Figure(figsize=(7.0, 3.4), dpi=100)
    ax = fig.subplots()
    numeric = first.numeric
    positions = {v: i for i, v in enumerate(first.values)}
    lines: dict[str, list[tuple[float, Any]]] = {}
    for r in sweep.results:
        others = label(tuple(a for a in r.point if a.field != first.field)) or metric.name
        x = r.value_of(first.field)
        lines.setdefault(others, []).append((float(x) if numeric else positions[x], r.estimate(metric)))
    for name, pts in lines.items():
        pts.sort(key=lambda p: p[0])
        xs = [p[0] for p in pts]
        ax.plot(xs, [p[1].value for p in pts], marker="o", label=name)
        ax.fill_between(xs, [p[1].low if math.isfinite(p[1].low) else p[1].value for p in pts],
                        [p[1].high if math.isfinite(p[1].high) else p[1].value for p in pts], alpha=0.2)
    if sweep.target is not None and sweep.target[0].name == metric.name:
        ax.axhline(sweep.target[1], color="#c0392b", linestyle="--", label=f"target {sweep.target[1]:g}")
        s = sweep.suggestion
        if s is not None and s.value is not None:
            ax.axvspan(s.low, s.high, color="#c0392b", alpha=0.1)
            ax.axvline(s.value, color="#c0392b", label=f"suggested {s.value:.3g}")
    if not numeric:
        ax.set_xticks(range(len(first.values)), [str(v) for v in first.values])
    ax.set_xlabel(first.field)
    ax.set_ylabel(metric.name)
    ax.set_title(f"{metric.name}: {metric.description}", fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return f'<img alt="{html.escape(metric.name)}" src="data:image/png;base64,' \
           f'{base64.b64encode(buffer.getvalue()).decode("ascii")}">'


def report_html(sweep: Sweep, command: str) -> str:
    title = "rulecraft sweep: " + ", ".join(v.field for v in sweep.variations)
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    if sweep.suggestion is not None and sweep.target is not None:
        parts.append(f"<h2>Suggested value</h2><p><b>{html.escape(sweep.variations[0].field)}</b> for "
                     f"{html.escape(sweep.target[0].name)} = {sweep.target[1]:g}: "
                     f"<b>{html.escape(sweep.suggestion.text)}</b>. The interval is the stretch of values "
                     "where the target lies inside the 95% interval band, interpolated between points.</p>")
    parts.append("<h2>Metrics</h2>")
    parts += [_plot(sweep, i) for i in range(len(sweep.metrics))]
    headers, rows = table_rows(sweep)
    parts.append("<h2>Points</h2>" + _html_table(headers, rows))
    config = configuration(sweep, command)
    parts.append("<h2>Configuration</h2>" + _html_table(["setting", "value"],
                                                        [[k, json.dumps(v)] for k, v in config.items()]))
    data = json.dumps(report_data(sweep, command)).replace("</", "<\\/")
    parts.append(f"<script type='application/json' id='sweep-data'>{data}</script></body></html>")
    return "".join(parts)


def write_report(out: Path, sweep: Sweep, command: str) -> None:
    """``points.json``, ``points.csv`` and ``report.html`` into the (claimed) output folder ``out``."""
    text = json.dumps(report_data(sweep, command), indent=2, allow_nan=False)   # no NaN: strict JSON
    (out / "points.json").write_text(text + "\n", encoding="utf-8")
    write_csv(out / "points.csv", sweep)
    (out / "report.html").write_text(report_html(sweep, command), encoding="utf-8")
