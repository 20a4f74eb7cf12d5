"""Report: a sweep's figures: the points as JSON and CSV, a terminal table, and a self-contained HTML page
with each metric plotted against the varied value, its 95% interval as a band, and the suggestion; in each
the paired differences of every point from the one before it and from the baseline
(``rulecraft.runtime.balance.sweep.paired``) and the verdict on the target (``...sweep.verdict``).
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

from rulecraft.runtime.balance.stats import Estimate
from rulecraft.runtime.balance.sweep.grid import label
from rulecraft.runtime.balance.sweep.paired import baseline_value, difference, neighbours
from rulecraft.runtime.balance.sweep.run import Sweep

# The page's look, and the plots drawn by matplotlib with no window and embedded as PNG: the file stands
# alone. Kept here, not shared with a game's own sim report, so that a sweep of any game needs no game's
# report code.
STYLE = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:3px 8px}
h2{border-bottom:2px solid #4c78a8;margin-top:2em}img{max-width:100%}"""


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _estimate(e: Estimate) -> dict[str, Any]:
    return {"value": _finite(e.value), "low": _finite(e.low), "high": _finite(e.high), "n": e.n}


def points_data(sweep: Sweep) -> list[dict[str, Any]]:
    """One row per point: its values, games, per metric the estimate with its interval and the number of
    observations, and the paired differences from the point before it and from the baseline (``from``:
    the first varied field's value there)."""
    first = sweep.variations[0].field
    rows = []
    for near in neighbours(sweep):
        r = near.result
        metrics = {m.name: _estimate(r.estimate(m)) for m in sweep.metrics}
        paired: dict[str, dict[str, Any]] = {m.name: {} for m in sweep.metrics}
        for side, other in (("previous", near.previous), ("baseline", near.baseline)):
            for m in sweep.metrics:
                paired[m.name][side] = None if other is None else {
                    "from": other.value_of(first), **_estimate(difference(other, r, m))}
        rows.append({"values": {a.field: a.value for a in r.point}, "games": r.games, "aborted": r.aborted,
                     "refined": r.refined, "metrics": metrics, "paired": paired})
    return rows


def configuration(sweep: Sweep, command: str) -> dict[str, Any]:
    return {"command": command, "packs": list(sweep.base.packs) or [sweep.base.core],
            "plugins": list(sweep.base.plugins), "agents": list(sweep.base.agents),
            "players": sweep.base.players, "seed": sweep.seed, "games_per_point": sweep.games,
            "vary": [v.text for v in sweep.variations], "metrics": [m.name for m in sweep.metrics],
            "target": f"{sweep.target[0].name}={sweep.target[1]:g}" if sweep.target else None,
            "refine": sweep.refine, "precision": sweep.precision,
            "max_games": sweep.max_games if sweep.precision is not None else None,
            "games_per_point_by_round": sweep.rounds, "baseline": baseline_value(sweep),
            "backend": sweep.backend, "workers": sweep.workers, "seconds": round(sweep.seconds, 2)}


Points = list[dict[str, Any]]      # points_data's rows, computed once per report (pairing reads every game)


def strength_of(sweep: Sweep) -> dict[str, Any] | None:
    """The measured strength of the search agents the sweep seats (``balance.strength``), or None."""
    from rulecraft.runtime.balance.batch import table_for
    from rulecraft.runtime.balance.strength import of_run

    return of_run(sweep.base.agents, sweep.base.game, table_for(sweep.base).agents,
                  players=sweep.base.players)


def _packs(sweep: Sweep) -> list[str]:
    return [Path(p).name for p in sweep.base.packs] or [sweep.base.core]


def report_data(sweep: Sweep, command: str, points: Points | None = None) -> dict[str, Any]:
    found = strength_of(sweep)
    return {"configuration": configuration(sweep, command), **({"strength": found} if found else {}),
            "points": points_data(sweep) if points is None else points,
            "suggestion": sweep.suggestion.to_dict() if sweep.suggestion else None,
            "verdict": sweep.verdict.to_dict() if sweep.verdict else None}


def write_csv(path: Path, sweep: Sweep, points: Points | None = None) -> None:
    """One row per point; per metric its estimate, interval and observations, then its paired
    differences from the previous point and from the baseline (empty where there is none)."""
    fields = [v.field for v in sweep.variations]
    header = [*fields, "games", "aborted", "refined"]
    for m in sweep.metrics:
        header += [m.name, f"{m.name} low", f"{m.name} high", f"{m.name} n"]
        for side in ("previous", "baseline"):
            header += [f"{m.name} - {side}", f"{m.name} - {side} low", f"{m.name} - {side} high"]
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        for row in points_data(sweep) if points is None else points:
            cells = [row["values"][f] for f in fields] + [row["games"], row["aborted"], row["refined"]]
            for m in sweep.metrics:
                e = row["metrics"][m.name]
                cells += [e["value"], e["low"], e["high"], e["n"]]
                for side in ("previous", "baseline"):
                    d = row["paired"][m.name][side] or {}
                    cells += [d.get("value"), d.get("low"), d.get("high")]
            writer.writerow(cells)


def _cell(e: dict[str, Any], rate: bool, games: int | None = None) -> str:
    """An estimate with its interval, and its observations where they are not one a game (the owners of
    a weapon, the seats of every game): the sample behind a rate."""
    if e["value"] is None:
        return "-"
    fmt = (lambda x: f"{100 * x:.1f}%") if rate else (lambda x: f"{x:.2f}")
    seen = f" n={e['n']}" if games is not None and e["n"] != games else ""
    if e["low"] is None or e["high"] is None:
        return fmt(e["value"]) + seen
    return f"{fmt(e['value'])} [{fmt(e['low'])}, {fmt(e['high'])}]{seen}"


def _delta(d: dict[str, Any] | None, rate: bool) -> str:
    """A paired difference: in points for a rate (+2.1 pp), with its interval."""
    if d is None or d["value"] is None:
        return "-" if d is None else "n/a"
    fmt = (lambda x: f"{100 * x:+.1f}") if rate else (lambda x: f"{x:+.2f}")
    unit = " pp" if rate else ""
    if d["low"] is None or d["high"] is None:
        return fmt(d["value"]) + unit
    return f"{fmt(d['value'])}{unit} [{fmt(d['low'])}, {fmt(d['high'])}]"


def table_rows(sweep: Sweep, points: Points) -> tuple[list[str], list[list[str]]]:
    fields = [v.field for v in sweep.variations]
    headers = [*fields, "games", *(m.name for m in sweep.metrics)]
    rows = []
    for row in points:
        cells = [json.dumps(row["values"][f]) + (" *" if row["refined"] else "") for f in fields]
        finished = row["games"] - row["aborted"]
        cells.append(str(finished) + (f" ({row['aborted']} aborted)" if row["aborted"] else ""))
        cells += [_cell(row["metrics"][m.name], m.shape == "rate", finished) for m in sweep.metrics]
        rows.append(cells)
    return headers, rows


def paired_rows(sweep: Sweep, points: Points, side: str) -> tuple[list[str], list[list[str]]]:
    """The paired differences from the ``previous`` point or the ``baseline``, one row per point that has
    one: the two points (B - A) and per metric the difference with its interval."""
    fields = [v.field for v in sweep.variations]
    first = fields[0]
    headers = [f"{first}: B - A", *fields[1:], *(m.name for m in sweep.metrics)]
    rows = []
    for row in points:
        pairs = [row["paired"][m.name][side] for m in sweep.metrics]
        if pairs[0] is None:
            continue
        cells = [f"{json.dumps(row['values'][first])} - {json.dumps(pairs[0]['from'])}",
                 *(json.dumps(row["values"][f]) for f in fields[1:])]
        cells += [_delta(d, m.shape == "rate") for d, m in zip(pairs, sweep.metrics, strict=True)]
        rows.append(cells)
    return headers, rows


PAIRED_TITLES = {"previous": "paired by seed: B - A from the point before",
                 "baseline": "paired by seed: B - A from the baseline {field}={value}"}


def _paired_title(sweep: Sweep, side: str) -> str:
    value = json.dumps(baseline_value(sweep))
    return PAIRED_TITLES[side].format(field=sweep.variations[0].field, value=value)


def verdict_lines(sweep: Sweep) -> list[str]:
    """The suggestion, the verdict and, for a --precision sweep, the rounds it played and why it stopped."""
    if sweep.suggestion is None or sweep.target is None:
        return []
    lines = [f"suggested {sweep.variations[0].field} for {sweep.target[0].name} = {sweep.target[1]:g}: "
             f"{sweep.suggestion.text}"]
    if sweep.verdict is not None:
        lines.append(f"verdict: {sweep.verdict.text}")
    if sweep.precision is not None:
        rounds = " -> ".join(f"{n:,}" for n in sweep.rounds)
        line = f"--precision {sweep.precision:g}: games per point {rounds}"
        if sweep.verdict is not None and not sweep.verdict.decided:
            cap = sweep.max_games or sweep.games
            line += (f"; stopped at --max-games {cap:,}" if sweep.rounds[-1] >= cap
                     else "; stopped: the games cannot say how many more would settle it")
        lines.append(line)
    return lines


def print_table(sweep: Sweep, console: Any) -> None:
    from rich.table import Table

    points = points_data(sweep)
    headers, rows = table_rows(sweep, points)
    title = (f"sweep: {len(sweep.results)} points x {sweep.rounds[-1] if sweep.rounds else sweep.games} "
             f"games, seed {sweep.seed}, {sweep.backend} backend, {sweep.workers} worker(s)")
    table = Table(*headers, title=title, title_justify="left")
    for row in rows:
        table.add_row(*row)
    console.print(table)
    if any(r.refined for r in sweep.results):
        console.print("* added by --refine near the crossing")
    for side in ("previous", "baseline"):
        headers, rows = paired_rows(sweep, points, side)
        if rows:
            paired = Table(*headers, title=_paired_title(sweep, side), title_justify="left")
            for row in rows:
                paired.add_row(*row)
            console.print(paired)
    for line in verdict_lines(sweep):
        console.print(line, highlight=False)
    _print_strength(sweep, console)


def _print_strength(sweep: Sweep, console: Any) -> None:
    """The search agents' measured strength, as the sim report says it."""
    from rulecraft.runtime.balance.strength import blocks
    from rulecraft.runtime.balance.terminal import section_table

    for section in blocks(strength_of(sweep), _packs(sweep), sweep.base.players):
        console.print(section_table(section))
        console.print(section.note, markup=False, highlight=False)


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
    elif all(isinstance(r.value_of(first.field), int) for r in sweep.results):
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))      # a field of whole numbers: no 1.5
    ax.set_xlabel(first.field)
    ax.set_ylabel(metric.name)
    ax.set_title(f"{metric.name}: {metric.description}", fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return f'<img alt="{html.escape(metric.name)}" src="data:image/png;base64,' \
           f'{base64.b64encode(buffer.getvalue()).decode("ascii")}">'


def report_html(sweep: Sweep, command: str, points: Points | None = None) -> str:
    points = points_data(sweep) if points is None else points
    title = "rulecraft sweep: " + ", ".join(v.field for v in sweep.variations)
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    if sweep.suggestion is not None and sweep.target is not None:
        parts.append(f"<h2>Suggested value</h2><p><b>{html.escape(sweep.variations[0].field)}</b> for "
                     f"{html.escape(sweep.target[0].name)} = {sweep.target[1]:g}: "
                     f"<b>{html.escape(sweep.suggestion.text)}</b>. The interval is the stretch of values "
                     "where the target lies inside the 95% interval band, interpolated between points.</p>")
        parts += [f"<p>{html.escape(line)}</p>" for line in verdict_lines(sweep)[1:]]
    parts.append("<h2>Metrics</h2>")
    parts += [_plot(sweep, i) for i in range(len(sweep.metrics))]
    headers, rows = table_rows(sweep, points)
    parts.append("<h2>Points</h2>" + _html_table(headers, rows))
    for side in ("previous", "baseline"):
        headers, rows = paired_rows(sweep, points, side)
        if rows:
            title = _paired_title(sweep, side)
            parts.append(f"<h2>{html.escape(title[0].upper() + title[1:])}</h2>"
                         + _html_table(headers, rows))
    from rulecraft.runtime.balance.html import section_html
    from rulecraft.runtime.balance.strength import blocks

    parts += [section_html(section)
              for section in blocks(strength_of(sweep), _packs(sweep), sweep.base.players)]
    config = configuration(sweep, command)
    parts.append("<h2>Configuration</h2>" + _html_table(["setting", "value"],
                                                        [[k, json.dumps(v)] for k, v in config.items()]))
    data = json.dumps(report_data(sweep, command, points)).replace("</", "<\\/")
    parts.append(f"<script type='application/json' id='sweep-data'>{data}</script></body></html>")
    return "".join(parts)


def write_report(out: Path, sweep: Sweep, command: str) -> None:
    """``points.json``, ``points.csv`` and ``report.html`` into the (claimed) output folder ``out``."""
    points = points_data(sweep)
    text = json.dumps(report_data(sweep, command, points), indent=2, allow_nan=False)   # strict JSON
    (out / "points.json").write_text(text + "\n", encoding="utf-8")
    write_csv(out / "points.csv", sweep, points)
    (out / "report.html").write_text(report_html(sweep, command, points), encoding="utf-8")
