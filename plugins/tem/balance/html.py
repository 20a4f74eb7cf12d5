"""Report: the Tiny Epic Mechs HTML balance report (final VP, pilots, weapons, VP by source, the Mighty Mech
and their comparison), on the report skeleton's page helpers (``rulecraft.runtime.balance.html``): one
self-contained file, its plots embedded as base64 PNG.
"""

from __future__ import annotations

import html
from typing import Any

from rulecraft.plugins.tem.balance.compare_text import (
    CARD_TABLES,
    CHOICES,
    FRACTIONAL_WINS,
    agent_choices,
    choice_lines,
    notes,
    tables,
)
from rulecraft.runtime.balance.html import STYLE, aborted_html, embed, figure, pyplot, rates_plot, table
from rulecraft.runtime.balance.report import num, pct


def _rates_plot(rows: list[dict[str, Any]], key: str, title: str, expected: float | None) -> str:
    """Win rates with their intervals; a row with no games (a pilot never kept) keeps its place, labelled."""
    return rates_plot([str(r[key]) for r in rows], rows, title, expected,
                      "never kept" if key == "pilot" else "no games")


def _hist(values: list[float], title: str, xlabel: str) -> str:
    plt, fig, ax = figure()
    if values:
        lo, hi = min(values), max(values)
        bins = range(int(lo), int(hi) + 2) if hi - lo <= 60 else 40
        ax.hist(values, bins=bins, color="#4c78a8", edgecolor="white")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("count")
    return embed(plt, fig)


def _sources_plot(rows: list[dict[str, Any]]) -> str:
    plt, fig, ax = figure(7.0, max(2.0, 0.3 * len(rows) + 1.2))
    ax.barh([r["source"] for r in rows], [r["mean"] for r in rows], color="#72b7b2")
    ax.set_xlabel("mean VP per player per game")
    ax.set_title("VP by source")
    ax.invert_yaxis()
    return embed(plt, fig)


def _weapons_plot(rows: list[dict[str, Any]]) -> str:
    plt = pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(10.0, max(2.5, 0.3 * len(rows) + 1.4)), dpi=100,
                                      sharey=True)
    labels = [r["weapon"] for r in rows]
    for ax, key, title, colour in ((left, "purchase_rate", "purchase rate", "#f58518"),
                                   (right, "win_when_owned", "win rate when owned", "#54a24b")):
        est = [r[key] for r in rows]
        values = [0.0 if e["n"] == 0 else e["value"] for e in est]
        errors = [[0.0 if e["n"] == 0 else max(0.0, e["value"] - e["low"]) for e in est],
                  [0.0 if e["n"] == 0 else max(0.0, e["high"] - e["value"]) for e in est]]
        ax.barh(labels, values, xerr=errors, color=colour, capsize=2)
        ax.set_xlim(0, 1)
        ax.set_title(title + " (95% Wilson)")
    left.invert_yaxis()
    return embed(plt, fig)


def _forest_plot(comparison: dict[str, Any], group: str, measures: tuple[str, ...], title: str) -> str:
    """A forest plot: each row's B - A (percentage points) with its 95% interval, one panel per measure;
    red = still significant after Holm's adjustment, orange = the interval excludes 0, blue = neither,
    grey = too few seats to test.
    A row with no difference (a card never kept, or missing from one stack) says why in grey."""
    rows = [r for r in comparison["rows"] if r["group"] == group]
    subjects = list(dict.fromkeys(r["subject"] for r in rows))
    if not subjects:
        return ""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(measures), figsize=(5.0 * len(measures), 0.32 * len(subjects) + 1.4),
                             dpi=100, sharey=True, squeeze=False)
    for ax, measure in zip(axes[0], measures, strict=True):
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
    axes[0][0].set_yticks(range(len(subjects)), [f"{group} {s}" if group == "seat" else s for s in subjects])
    axes[0][0].set_ylim(len(subjects) - 0.5, -0.5)
    fig.suptitle(f"{title}\nred: significant after Holm; orange: the interval excludes 0; blue: neither; "
                 f"grey: too few to test", fontsize=10)
    return embed(plt, fig)


def _comparison_section(comparison: dict[str, Any]) -> str:
    """B - A: the notes, the forest plots of every card's, seat's and agent's change, and the tables."""
    parts = [f"<h2>B - A: {html.escape(comparison['b'])} minus {html.escape(comparison['a'])}</h2>",
             "".join(f"<p>{html.escape(line)}</p>" for line in notes(comparison)[:3]),
             "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in choice_lines(comparison)) + "</ul>"]
    for group, title, pair, _ in CARD_TABLES:
        parts.append(_forest_plot(comparison, group, tuple(pair), f"{title}: B - A"))
    parts.append(_forest_plot(comparison, "seat", ("win rate",), "Win rate by seat: B - A"))
    parts.append(_forest_plot(comparison, "agent", ("win rate",), "Win rate by agent: B - A"))
    for spec in tables(comparison):
        parts.append(f"<h3>{html.escape(spec.title)}</h3>")
        parts.append(table(spec.headers, spec.rows))
    return "\n".join(parts)


def report_html(report: dict[str, Any], title: str, comparison: dict[str, Any] | None = None) -> str:
    """The whole page. ``comparison`` (``comparison.compare``'s, with the names of its sides as "a" and
    "b") adds a section."""
    players = report["players"]
    expected = 1 / players if players else None
    vp = report["final_vp"]
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>",
             f"<p>{report['games']} games, {players} players. Intervals are 95%: Wilson score intervals for "
             f"rates, Student t for means.</p>"]
    if "run" in report:
        parts.append(table(["run", ""], [[k, ", ".join(map(str, v)) if isinstance(v, list) else v]
                                          for k, v in report["run"].items()]))
    if comparison:
        parts.append(_comparison_section(comparison))
    parts.append("<h2>Final VP</h2>")
    parts.append(table(["mean", "sd", "min", "q1", "median", "q3", "max", "winner's VP", "margin"], [[
        num(vp["mean"]), f"{vp['sd']:.2f}", vp["min"], f"{vp['q1']:g}", f"{vp['median']:g}", f"{vp['q3']:g}",
        vp["max"], num(vp["winner_mean"], 1), num(vp["margin_mean"], 1)]]))
    parts.append(_hist(vp["values"], "Final VP distribution (every player of every game)", "final VP"))
    parts.append("<h2>Win rates</h2>")
    first = report["first_player"]
    if expected:
        parts.append(f"<p>First player (round 1's Starting Player) wins {pct(first)} of {first['n']} games; "
                     f"the fair share is {100 * expected:.1f}%.</p>")
    parts.append(f"<p>{report['fractional_wins']} of {report['games']} games ended in a shared victory. "
                 f"{html.escape(FRACTIONAL_WINS)} {html.escape(CHOICES)}</p>")
    for key, label in (("seat", "by seat"), ("agent", "by agent"), ("pilot", "by pilot")):
        rows = report["win_rate"][key]
        parts.append(f"<h3>Win rate {label}</h3>")
        parts.append(_rates_plot(rows, key, f"Win rate {label}", expected))
        if key == "pilot":
            parts.append(table(["pilot", "dealt", "kept", "kept when dealt", "by agent (kept/dealt)", "wins",
                                 "win rate when kept [95% CI]"],
                                [[r["pilot"], r["dealt"], r["n"], pct(r["kept_when_dealt"]),
                                  agent_choices(r["by_agent"]), f"{r['wins']:g}",
                                  pct(r) if r["n"] else "never kept"]
                                 for r in rows]))
        else:
            parts.append(table([key, "n", "wins", "win rate [95% CI]"],
                                [[r[key], r["n"], f"{r['wins']:g}", pct(r)] for r in rows]))
    parts.append("<h2>VP by source</h2>")
    parts.append(_sources_plot(report["vp_by_source"]))
    agents = list(report["vp_by_source"][0]["by_agent"]) if report["vp_by_source"] else []
    agents = agents if len(agents) > 1 else []
    parts.append(table(["source", "mean VP per player-game", "share", *agents],
                        [[r["source"], f"{r['mean']:.2f}", f"{100 * r['share']:.1f}%",
                          *(f"{r['by_agent'][a]:.2f}" for a in agents)] for r in report["vp_by_source"]]))
    parts.append("<h2>Weapons</h2>")
    parts.append(_weapons_plot(report["weapons"]))
    parts.append(table(["weapon", "tier", "bought", "purchase rate", "owners", "win rate when owned"],
                        [[r["weapon"], r["tier"], r["purchases"], pct(r["purchase_rate"]),
                          r["win_when_owned"]["n"], pct(r["win_when_owned"])] for r in report["weapons"]]))
    mech, length, combat = report["mech"], report["length"], report["combat"]
    parts.append("<h2>The game</h2>")
    parts.append(table(["metric", "value [95% CI]"], [
        ["Mighty Mech controlled at the end", pct(mech["control_rate"])],
        ["Mighty Mech takeovers per game", num(mech["taken_per_game"])],
        ["its controller wins", pct(mech["controller_wins"])],
        ["rounds per game", num(length["rounds"])], ["turns per game", num(length["turns"], 1)],
        ["decisions per game", num(length["decisions"], 1)], ["events per game", num(length["events"], 1)],
        ["Combats per game", num(combat["combats"])], ["KOs per game", num(combat["kos"])],
        ["retreats per game", num(combat["retreats"])]]))
    parts.append(_hist(combat["per_game"], "Combats per game", "Combats"))
    if report["aborted"]:
        parts.append(aborted_html(report["aborted"]))
    parts.append("</body></html>\n")
    return "\n".join(parts)
