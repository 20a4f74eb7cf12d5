"""Report: a self-contained HTML balance report, its plots drawn by matplotlib and embedded as base64 PNG.

One file, no external resource: it can be mailed or attached to a pull request as it is. The helpers
(figures, embedding, tables, the style) serve every game's page; :func:`sections_page` is the page of the
report skeleton (``balance.report``): its sections as tables, each rate section with its interval plot.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.balance.report import Section

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


def rates_plot(labels: Sequence[str], rows: Sequence[dict[str, Any]], title: str, expected: float | None,
               empty: str = "no games", xlabel: str = "win rate (95% Wilson interval)") -> str:
    """Rates with their intervals; a row with no observation keeps its place, labelled ``empty``."""
    plt, fig, ax = figure(7.0, max(2.0, 0.35 * len(rows) + 1.2))
    values = [r["value"] if r["n"] else 0.0 for r in rows]
    errors = [[max(0.0, r["value"] - r["low"]) if r["n"] else 0.0 for r in rows],
              [max(0.0, r["high"] - r["value"]) if r["n"] else 0.0 for r in rows]]
    ax.barh(list(labels), values, xerr=errors, color="#4c78a8", capsize=3)
    for y, r in enumerate(rows):
        if not r["n"]:
            ax.text(0.01, y, empty, va="center", color="grey", fontsize=8)
    if expected:
        ax.axvline(expected, color="#e45756", linestyle="--", label=f"fair share {expected:.0%}")
        ax.legend(loc="lower right")
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.invert_yaxis()
    return embed(plt, fig)


def aborted_html(rows: Sequence[dict[str, Any]]) -> str:
    """The aborted games (index, seed, why), under their heading."""
    return "<h2>Aborted games</h2>\n" + table(["game", "seed", "reason"],
                                               [[r["index"], r["seed"], r["reason"]] for r in rows])


def section_html(section: Section, level: int = 2) -> str:
    parts = [f"<h{level}>{html.escape(section.title)}</h{level}>"]
    if section.plot:
        parts.append(rates_plot([label for label, _ in section.plot], [e for _, e in section.plot],
                                section.title.split(" (")[0], section.expected,    # the heading says the rest
                                xlabel="rate (95% Wilson interval)"))
    parts.append(table(section.headers, section.rows))
    if section.note:
        parts.append(f"<p>{html.escape(section.note)}</p>")
    return "\n".join(parts)


def sections_page(title: str, report: dict[str, Any], intro: Sequence[str], sections: Sequence[Section],
                  extra: Sequence[tuple[str, Sequence[str], Sequence[Section]]] = ()) -> str:
    """The whole page: the run's table, ``extra`` parts (a comparison: heading, notes, sections), the
    report's sections and its aborted games."""
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>",
             "".join(f"<p>{html.escape(line)}</p>" for line in intro)]
    if "run" in report:
        parts.append(table(["run", ""], [[k, ", ".join(map(str, v)) if isinstance(v, list) else v]
                                         for k, v in report["run"].items()]))
    for heading, notes, extra_sections in extra:
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.extend(f"<p>{html.escape(line)}</p>" for line in notes)
        parts.extend(section_html(s, 3) for s in extra_sections)
    parts.extend(section_html(s) for s in sections)
    if report["aborted"]:
        parts.append(aborted_html(report["aborted"]))
    parts.append("</body></html>\n")
    return "\n".join(parts)
