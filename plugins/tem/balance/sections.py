"""Report: what Tiny Epic Mechs' report shows, as the report skeleton's blocks (``rulecraft.runtime.
balance.report``): the final VP, the win rates by seat, agent and pilot (every pilot of the stack, with
who kept it when dealt), VP by source, the weapons, the Mighty Mech, the game's length and how it
plays. The terminal
reads the tables and their notes; the page groups the win rates under one heading, draws each table's
figure and words a few cells and headings for a reader with plots beside them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulecraft.plugins.tem.balance.compare_text import CHOICES, FRACTIONAL_WINS, agent_choices
from rulecraft.runtime.balance.quality_report import quality_section
from rulecraft.runtime.balance.report import (
    BarsPlot,
    Block,
    Heading,
    HistogramPlot,
    Lines,
    RatePanels,
    RatesPlot,
    Section,
    flagged,
    method_line,
    num,
    pct,
    rate_cells,
    rate_headers,
    wins_text,
)

WIN_RATES = (("seat", "by seat"), ("agent", "by agent"), ("pilot", "by pilot"))
PILOT_HEADERS = ("pilot", "dealt", "kept", "kept when dealt", "by agent (kept/dealt)", "wins",
                 "win rate when kept [95% CI]")


def _by(key: str) -> Callable[[dict[str, Any]], str]:
    """A rate row's label: its value of ``key`` (the seat number, the agent, the pilot)."""
    return lambda row: str(row[key])


def _expected(report: dict[str, Any]) -> float | None:
    return 1 / report["players"] if report["players"] else None


def _final_vp(report: dict[str, Any], headers: tuple[str, ...]) -> Section:
    vp = report["final_vp"]
    row = (num(vp["mean"]), f"{vp['sd']:.2f}", f"{vp['min']}", f"{vp['q1']:g}", f"{vp['median']:g}",
           f"{vp['q3']:g}", f"{vp['max']}", num(vp["winner_mean"], 1), num(vp["margin_mean"], 1))
    return Section("Final VP", headers, (row,), justify="r" * len(headers))


def _pilot_rows(rows: list[dict[str, Any]], expected: float | None) -> tuple[tuple[str, ...], ...]:
    """Every pilot of the stack, kept or not, with how often it was kept when dealt and by which agents."""
    return tuple((r["pilot"], str(r["dealt"]), str(r["n"]), pct(r["kept_when_dealt"]),
                  agent_choices(r["by_agent"]), wins_text(r["wins"]),
                  flagged(r, expected) if r["n"] else "never kept") for r in rows)


def _by_source(report: dict[str, Any], title: str, mean: str, plot: BarsPlot | None = None) -> Section:
    """Each source's mean VP and share, and how each agent scores from it where the seats have more than
    one agent (where a strong agent's edge comes from)."""
    rows = report["vp_by_source"]
    agents = list(rows[0]["by_agent"]) if rows else []
    agents = agents if len(agents) > 1 else []
    return Section(title, ("source", mean, "share", *agents),
                   tuple((r["source"], f"{r['mean']:.2f}", f"{100 * r['share']:.1f}%",
                          *(f"{r['by_agent'][a]:.2f}" for a in agents)) for r in rows), plot=plot)


def _weapons(report: dict[str, Any], title: str, headers: tuple[str, ...],
             plot: RatePanels | None = None) -> Section:
    rows = tuple((r["weapon"], r["tier"], str(r["purchases"]), pct(r["purchase_rate"]),
                  str(r["win_when_owned"]["n"]), pct(r["win_when_owned"])) for r in report["weapons"])
    return Section(title, headers, rows, plot=plot, justify="llrrrr")


def _the_game(report: dict[str, Any]) -> Section:
    mech, length, combat = report["mech"], report["length"], report["combat"]
    rows = (("Mighty Mech controlled at the end", pct(mech["control_rate"])),
            ("Mighty Mech takeovers per game", num(mech["taken_per_game"])),
            ("its controller wins", pct(mech["controller_wins"])),
            ("rounds per game", num(length["rounds"])), ("turns per game", num(length["turns"], 1)),
            ("decisions per game", num(length["decisions"], 1)),
            ("events per game", num(length["events"], 1)),
            ("Combats per game", num(combat["combats"])), ("KOs per game", num(combat["kos"])),
            ("retreats per game", num(combat["retreats"])))
    return Section("The game", ("metric", "value [95% CI]"), rows)


def _shared(report: dict[str, Any]) -> str:
    return (f"{report['fractional_wins']} of {report['games']} games ended in a shared victory. "
            f"{FRACTIONAL_WINS}")


def intro_lines(report: dict[str, Any]) -> list[str]:
    return [method_line(report)]


def terminal_sections(report: dict[str, Any]) -> list[Block]:
    """The terminal's tables, each with its intervals and fair-share flags."""
    expected = _expected(report)
    first = report["first_player"]
    seats = [Section(f"Win rate {label}", rate_headers(key),
                     rate_cells(report["win_rate"][key], expected, _by(key))) for key, label in WIN_RATES[:2]]
    pilots = Section("Win rate by pilot (every pilot of the stack)", PILOT_HEADERS,
                     _pilot_rows(report["win_rate"]["pilot"], expected), justify="lrrrlrr")
    first_line = (f"First player (round 1's Starting Player): wins {pct(first)} of n={first['n']} "
                  f"(fair share {100 * expected:.1f}%)" if expected else "")
    return [_final_vp(report, ("mean [95% CI]", "sd", "min", "q1", "median", "q3", "max", "winner's VP",
                               "margin")),
            *seats, pilots, Lines((_shared(report), CHOICES, first_line)),
            _by_source(report, "VP by source (mean per player per game)", "mean VP"),
            _weapons(report, "Weapons (per player-game)",
                     ("weapon", "tier", "bought", "purchase rate [95% CI]", "owners",
                      "win rate when owned [95% CI]")),
            _the_game(report), quality_section(report["how_it_plays"])]


def page_intro(report: dict[str, Any]) -> list[str]:
    return [f"{report['games']} games, {report['players']} players. Intervals are 95%: Wilson score "
            f"intervals for rates, Student t for means."]


def page(report: dict[str, Any]) -> list[Block]:
    """The page: the same numbers, the win rates under one heading with their plots, the distributions
    of final VP and of Combats per game."""
    expected = _expected(report)
    first = report["first_player"]
    out: list[Block] = [
        _final_vp(report, ("mean", "sd", "min", "q1", "median", "q3", "max", "winner's VP", "margin")),
        HistogramPlot(tuple(report["final_vp"]["values"]),
                      "Final VP distribution (every player of every game)", "final VP"),
        Heading("Win rates")]
    if expected:
        out.append(Lines((f"First player (round 1's Starting Player) wins {pct(first)} of {first['n']} "
                          f"games; the fair share is {100 * expected:.1f}%.",)))
    out.append(Lines((f"{_shared(report)} {CHOICES}",)))
    for key, label in WIN_RATES:
        rows = report["win_rate"][key]
        plot = RatesPlot(tuple(str(r[key]) for r in rows), tuple(rows), f"Win rate {label}", expected,
                         "never kept" if key == "pilot" else "no games")
        headers: tuple[str, ...] = PILOT_HEADERS if key == "pilot" else rate_headers(key)
        cells = _pilot_rows(rows, None) if key == "pilot" else rate_cells(rows, None, _by(key))
        out.append(Section(f"Win rate {label}", headers, cells, plot=plot, level=3))
    sources = report["vp_by_source"]
    weapons = report["weapons"]
    out += [_by_source(report, "VP by source", "mean VP per player-game",
                       BarsPlot(tuple(r["source"] for r in sources), tuple(r["mean"] for r in sources),
                                "VP by source", "mean VP per player per game")),
            _weapons(report, "Weapons", ("weapon", "tier", "bought", "purchase rate", "owners",
                                         "win rate when owned"),
                     RatePanels(tuple(r["weapon"] for r in weapons),
                                (("purchase rate", tuple(r["purchase_rate"] for r in weapons), "#f58518"),
                                 ("win rate when owned", tuple(r["win_when_owned"] for r in weapons),
                                  "#54a24b")))),
            _the_game(report),
            HistogramPlot(tuple(report["combat"]["per_game"]), "Combats per game", "Combats"),
            quality_section(report["how_it_plays"])]
    return out
