"""Report: a self-contained HTML balance report, its plots drawn by matplotlib and embedded as base64 PNG.

One file, no external resource: it can be mailed or attached to a pull request as it is. The page is the
run's table, then a comparison's blocks, then the report's (``balance.report``: sections as tables with
their figures, paragraphs, lists, headings, figures of their own), then the aborted games; every game's
page is written here from the blocks its report declares.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.balance.report import (
    BarsPlot,
    Block,
    Bullets,
    Figure,
    ForestPlot,
    Heading,
    HistogramPlot,
    IntervalsPlot,
    Lines,
    RatePanels,
    RatesPlot,
    Section,
)

STYLE = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}h2{border-bottom:2px solid #4c78a8;margin-top:2em}
img{max-width:100%}.sig{color:#c0392b;font-weight:bold}"""


def pyplot():
    import matplotlib

    matplotlib.use("Agg")     # files only, never a window
    from matplotlib import pyplot

    return pyplot


def figure(width: float = 7.0, height: float = 3.2):
    plt = pyplot()
    return plt, *plt.subplots(figsize=(width, height), dpi=100)


def embed(plt, fig) -> str:
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _spread(rows: Sequence[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    """Bar values and their error bars from estimates; a row with no observation is a zero bar."""
    values = [r["value"] if r["n"] else 0.0 for r in rows]
    errors = [[max(0.0, r["value"] - r["low"]) if r["n"] else 0.0 for r in rows],
              [max(0.0, r["high"] - r["value"]) if r["n"] else 0.0 for r in rows]]
    return values, errors


def rates_plot(plot: RatesPlot) -> str:
    plt, fig, ax = figure(7.0, max(2.0, 0.35 * len(plot.rows) + 1.2))
    values, errors = _spread(plot.rows)
    ax.barh(list(plot.labels), values, xerr=errors, color="#4c78a8", capsize=3)
    for y, r in enumerate(plot.rows):
        if not r["n"]:
            ax.text(0.01, y, plot.empty, va="center", color="grey", fontsize=8)
    if plot.expected:
        ax.axvline(plot.expected, color="#e45756", linestyle="--", label=f"fair share {plot.expected:.0%}")
        ax.legend(loc="lower right")
    ax.set_xlim(0, 1)
    ax.set_xlabel(plot.xlabel)
    ax.set_title(plot.title)
    ax.invert_yaxis()
    return embed(plt, fig)


def rate_panels(plot: RatePanels) -> str:
    plt = pyplot()
    fig, axes = plt.subplots(1, len(plot.panels), figsize=(10.0, max(2.5, 0.3 * len(plot.labels) + 1.4)),
                             dpi=100, sharey=True)
    for ax, (title, rows, colour) in zip(axes, plot.panels, strict=True):
        values, errors = _spread(rows)
        ax.barh(list(plot.labels), values, xerr=errors, color=colour, capsize=2)
        ax.set_xlim(0, 1)
        ax.set_title(title + " (95% Wilson)")
    axes[0].invert_yaxis()
    return embed(plt, fig)


def histogram(plot: HistogramPlot) -> str:
    plt, fig, ax = figure()
    if plot.values:
        lo, hi = min(plot.values), max(plot.values)
        bins = range(int(lo), int(hi) + 2) if hi - lo <= 60 else 40
        ax.hist(plot.values, bins=bins, color="#4c78a8", edgecolor="white")
    ax.set_title(plot.title)
    ax.set_xlabel(plot.xlabel)
    ax.set_ylabel("count")
    return embed(plt, fig)


def bars(plot: BarsPlot) -> str:
    plt, fig, ax = figure(7.0, max(2.0, 0.3 * len(plot.labels) + 1.2))
    ax.barh(list(plot.labels), list(plot.values), color="#72b7b2")
    ax.set_xlabel(plot.xlabel)
    ax.set_title(plot.title)
    ax.invert_yaxis()
    return embed(plt, fig)


def forest(plot: ForestPlot) -> str:
    """Each row's B - A (percentage points) with its 95% interval, one panel per measure; red = still
    significant after Holm's adjustment, orange = the interval excludes 0, blue = neither, grey = too few
    to test. A row with no difference (a card never kept, or missing from one stack) says why in grey."""
    rows = [r for r in plot.rows if r["group"] == plot.group]
    subjects = list(dict.fromkeys(r["subject"] for r in rows))
    if not subjects:
        return ""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(plot.measures), figsize=(5.0 * len(plot.measures),
                                                              0.32 * len(subjects) + 1.4),
                             dpi=100, sharey=True, squeeze=False)
    for ax, measure in zip(axes[0], plot.measures, strict=True):
        found = {r["subject"]: r for r in rows if r["measure"] == measure}
        for y, subject in enumerate(subjects):
            r = found.get(subject)
            if r is None or r["value"] is None:
                ax.text(0, y, (r or {}).get("status") or "-", color="grey", ha="center", va="center",
                        fontsize=8)
                continue
            low = r["value"] if r["low"] is None else r["low"]
            high = r["value"] if r["high"] is None else r["high"]
            colour = "#c0392b" if r["holm"] else "#f58518" if r["significant"] else \
                "#4c78a8" if r["p"] is not None else "#aaaaaa"
            spread = [[100 * (r["value"] - low)], [100 * (high - r["value"])]]
            ax.errorbar([100 * r["value"]], [y], xerr=spread, fmt="o", color=colour, capsize=3)
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_xlabel(f"{measure}: B - A, percentage points (95% CI)")
    labels = [f"{plot.group} {s}" if plot.group == "seat" else s for s in subjects]
    axes[0][0].set_yticks(range(len(subjects)), labels)
    axes[0][0].set_ylim(len(subjects) - 0.5, -0.5)
    fig.suptitle(f"{plot.title}\nred: significant after Holm; orange: the interval excludes 0; blue: "
                 f"neither; grey: too few to test", fontsize=10)
    return embed(plt, fig)


def intervals(plot: IntervalsPlot) -> str:
    plt, fig, ax = figure(7.0, max(2.0, 0.35 * len(plot.rows) + 1.2))
    for y, r in enumerate(plot.rows):
        ax.errorbar([r["value"]], [y], xerr=[[r["value"] - r["low"]], [r["high"] - r["value"]]], fmt="o",
                    color="#4c78a8", capsize=3)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(range(len(plot.labels)), list(plot.labels))
    ax.set_ylim(len(plot.labels) - 0.5, -0.5)
    ax.set_xlabel(plot.xlabel)
    ax.set_title(plot.title)
    return embed(plt, fig)


DRAW = {RatesPlot: rates_plot, RatePanels: rate_panels, HistogramPlot: histogram, BarsPlot: bars,
        ForestPlot: forest, IntervalsPlot: intervals}


def draw(plot: Figure) -> str:
    return DRAW[type(plot)](plot)      # type: ignore[operator]


def aborted_html(rows: Sequence[dict[str, Any]]) -> str:
    """The aborted games (index, seed, why), under their heading."""
    return "<h2>Aborted games</h2>\n" + table(["game", "seed", "reason"],
                                               [[r["index"], r["seed"], r["reason"]] for r in rows])


def paragraphs(lines: Sequence[str]) -> str:
    return "".join(f"<p>{html.escape(line)}</p>" for line in lines)


def section_html(section: Section) -> str:
    parts = [f"<h{section.level}>{html.escape(section.title)}</h{section.level}>"]
    if section.plot is not None:
        parts.append(draw(section.plot))
    parts.append(table(section.headers, section.rows))
    if section.note:
        parts.append(f"<p>{html.escape(section.note)}</p>")
    return "\n".join(parts)


def block_html(block: Block) -> str:
    if isinstance(block, Section):
        return section_html(block)
    if isinstance(block, Lines):
        return paragraphs(block.lines)
    if isinstance(block, Bullets):
        return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in block.lines) + "</ul>"
    if isinstance(block, Heading):
        return f"<h{block.level}>{html.escape(block.title)}</h{block.level}>"
    return draw(block)


def sections_page(title: str, report: dict[str, Any], intro: Sequence[str], blocks: Sequence[Block],
                  extra: Sequence[tuple[str, Sequence[Block]]] = ()) -> str:
    """The whole page: the run's table, ``extra`` parts (a comparison: its heading and blocks), the
    report's blocks and its aborted games."""
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>", paragraphs(intro)]
    if "run" in report:
        parts.append(table(["run", ""], [[k, ", ".join(map(str, v)) if isinstance(v, list) else v]
                                         for k, v in report["run"].items()]))
    for heading, extra_blocks in extra:
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.extend(block_html(b) for b in extra_blocks)
    parts.extend(block_html(b) for b in blocks)
    if report["aborted"]:
        parts.append(aborted_html(report["aborted"]))
    parts.append("</body></html>\n")
    return "\n".join(parts)
