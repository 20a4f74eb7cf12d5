"""Report: two runs of any game side by side, variant (B) minus base (A): each seat's and agent's win rate
and every per-game number the game's report names (``SimReport.numbers``), each difference with its 95%
interval and Holm's adjusted flag.

Every row is a ratio of per-game sums (a seat's win rate is its wins over games, an agent's its seats'
wins over its seats, a game number its value over games). Games are paired by seed: game ``S:i`` of both
runs starts from the same shuffle and agent seeds, so the interval is a paired t interval on each game's
linearised value (``stats.ratio_difference``); runs with fewer than 2 seeds in common fall back to
Welch's. Holm's adjustment keeps the chance of any false ``**`` among all the rows at 5%.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from typing import Any, NamedTuple

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.report import Section, finished

Record = dict[str, Any]
Count = Callable[[Record], tuple[float, float]]     # a game's record -> (numerator, denominator)


class Measure(NamedTuple):
    group: str        # seat, agent or game
    subject: str      # the seat number, the agent, or "" for a game number
    measure: str      # "win rate" or the number's name
    per_game: Count   # one game's (numerator, denominator)
    rate: bool        # a proportion: shown in %, differences in percentage points
    never: str = ""   # a rate over entities (a card's holders): how a row with no holders on a side reads

    @property
    def label(self) -> str:
        return f"{self.group} {self.subject}: {self.measure}" if self.subject else self.measure


def seat_count(seat: int) -> Count:
    return lambda r: (sum(s["win"] for s in r["seats"] if s["seat"] == seat), 1)


def agent_count(agent: str) -> Count:
    def count(r: Record) -> tuple[float, float]:
        mine = [s for s in r["seats"] if s["agent"] == agent]
        return sum(s["win"] for s in mine), len(mine)
    return count


def _number(numbers: Callable[[Record], dict[str, float]], name: str) -> Count:
    return lambda r: (numbers(r).get(name, 0.0), 1)


def measures(games: Sequence[Record], numbers: Callable[[Record], dict[str, float]]) -> list[Measure]:
    """Each seat, each agent (when the seats have more than one), then each number any game names; a
    number in [0, 1] in every game (a 0/1 indicator, a win share) is a rate. A seat's win is its share
    (its result's): in a solo game, where every seat plays for a target, that is its target reached."""
    seats = [s for r in games for s in r["seats"]]
    what = "target rate" if seats and all(s.get("target") is not None for s in seats) else "win rate"
    rows = [Measure("seat", str(seat), what, seat_count(seat), True)
            for seat in sorted({s["seat"] for s in seats})]
    agents = sorted({s["agent"] for s in seats})
    if len(agents) > 1:
        rows += [Measure("agent", a, what, agent_count(a), True) for a in agents]
    values = [numbers(r) for r in games]
    for name in dict.fromkeys(k for v in values for k in v):
        rate = all(0 <= v.get(name, 0.0) <= 1 for v in values)
        rows.append(Measure("game", "", name, _number(numbers, name), rate))
    return rows


def pair_by_seed(base: Sequence[Record], variant: Sequence[Record], paired: bool = True
                 ) -> tuple[list[Record], list[Record], bool]:
    """The finished games of each run, matched by seed when ``paired`` and at least 2 seeds match (then
    both lists are in the same order); else every finished game of each, unpaired."""
    games_a, games_b = finished(base), finished(variant)
    by_seed = {r["seed"]: r for r in games_b}
    pairs = [(r, by_seed[r["seed"]]) for r in games_a if r["seed"] in by_seed] if paired else []
    if len(pairs) < 2:
        return games_a, games_b, False
    return [x for x, _ in pairs], [y for _, y in pairs], True


def adjusted(rows: list[dict[str, Any]], games_a: list[Record], games_b: list[Record], paired: bool
             ) -> dict[str, Any]:
    """The comparison of ``rows``, each given its Holm-adjusted p-value and flag."""
    for row, p_holm in zip(rows, stats.holm([r["p"] for r in rows]), strict=True):
        row["p_holm"] = p_holm
        row["holm"] = p_holm is not None and p_holm < 0.05
    return {"games": len(games_a) if paired else [len(games_a), len(games_b)], "paired": paired,
            "tested": sum(1 for r in rows if r["p"] is not None), "rows": rows}


def compare(base: Sequence[Record], variant: Sequence[Record],
            numbers: Callable[[Record], dict[str, float]], paired: bool = True) -> dict[str, Any]:
    """Each row's B - A with its 95% interval, p-value and Holm-adjusted p-value."""
    games_a, games_b, paired = pair_by_seed(base, variant, paired)
    rows = [measure_row(m, games_a, games_b, paired) for m in measures([*games_a, *games_b], numbers)]
    return adjusted(rows, games_a, games_b, paired)


def measure_row(m: Measure, games_a: list[Record], games_b: list[Record], paired: bool) -> dict[str, Any]:
    """One measure's B - A over the games (paired by seed, in the same order, when ``paired``)."""
    a, b = [m.per_game(r) for r in games_a], [m.per_game(r) for r in games_b]
    a_den, b_den = sum(d for _, d in a), sum(d for _, d in b)
    diff = stats.ratio_difference(b, a, paired)
    defined = not math.isnan(diff.value) and diff.n >= 2 and math.isfinite(diff.low)
    low, high = (max(-1.0, diff.low), min(1.0, diff.high)) if m.rate else (diff.low, diff.high)
    return {"metric": m.label, "group": m.group, "subject": m.subject, "measure": m.measure, "rate": m.rate,
            "a": sum(n for n, _ in a) / a_den if a_den else None,
            "b": sum(n for n, _ in b) / b_den if b_den else None, "a_n": a_den, "b_n": b_den,
            "status": "" if defined else "not defined", "value": diff.value if defined else None,
            "low": low if defined else None, "high": high if defined else None, "n": diff.n,
            "method": "paired t" if paired else "Welch t", "p": diff.p if defined else None,
            "significant": defined and diff.significant}


# A rate over fewer holders than this on either side (a card's seats) is shown but not tested: its delta-
# method interval leans on a normal approximation that a handful of holders does not support, and an
# untested row cannot raise a false flag.
MIN_SAMPLE = 10


def held_row(m: Measure, games_a: list[Record], games_b: list[Record],
             held: tuple[Collection[str], Collection[str]], paired: bool) -> dict[str, Any]:
    """The row of a rate over an entity's holders (a card's players), with why it has no difference where
    it has none: the entity is ``new in B`` or ``removed in B`` (not in that side's ``held``), or no seat
    held it on a side (``m.never``); and ``few`` (shown, not tested) under ``MIN_SAMPLE`` holders."""
    row = measure_row(m, games_a, games_b, paired)
    status = ("new in B" if m.subject not in held[0] else "removed in B" if m.subject not in held[1] else
              m.never if not row["a_n"] and not row["b_n"] else
              f"{m.never} in {'A' if not row['a_n'] else 'B'}" if not (row["a_n"] and row["b_n"]) else "")
    if status:
        row.update(status=status, value=None, low=None, high=None, p=None, significant=False)
    elif row["value"] is not None and min(row["a_n"], row["b_n"]) < MIN_SAMPLE:
        row.update(status=FEW, p=None, significant=False)
    return row


def method_note(comparison: dict[str, Any]) -> str:
    games = comparison["games"]
    how = (f"{games} games paired by seed; each row is B - A with a 95% paired t interval on the per-game "
           f"differences" if comparison["paired"] else
           f"{games[0]} and {games[1]} games on different seeds, not paired; each row is B - A with "
           f"Welch's interval")
    return (f"{how}. * = the interval excludes 0; ** = still significant after Holm's adjustment for all "
            f"{comparison['tested']} rows tested. Rates are in %, their differences in percentage points.")


FEW = "few"       # the status of a row shown but not tested (too few seats behind a rate on one side)


def value_cell(row: dict[str, Any], side: str) -> str:
    v = row[side]
    return "-" if v is None else f"{100 * v:.1f}%" if row["rate"] else f"{v:.3f}"


def diff_cell(row: dict[str, Any]) -> str:
    """B - A [low, high], in percentage points for rates; the row's status instead where it has no
    difference or says why none is read (a card never bought)."""
    if row["value"] is None or row["status"] not in ("", FEW):
        return row["status"] or "-"
    scale, digits = (100, 1) if row["rate"] else (1, 3)

    def num(x: float | None) -> str:
        return "?" if x is None else f"{scale * x:+.{digits}f}"
    return f"{num(row['value'])} [{num(row['low'])}, {num(row['high'])}]"


def flag(row: dict[str, Any]) -> str:
    """``**`` (Holm), ``*`` (the interval excludes 0), ``few`` (shown, not tested) or nothing."""
    return "**" if row["holm"] else "*" if row["significant"] else FEW if row["status"] == FEW else ""


def entity_section(rows: Sequence[dict[str, Any]], group: str, title: str, measures: dict[str, str],
                   count: str) -> Section:
    """One line per subject of ``group`` (a card, a unit...) with its ``measures`` side by side (measure ->
    short column name), led by the first measure's A/B sample sizes (what ``count`` counts)."""
    by_subject: dict[str, dict[str, dict[str, Any]]] = {}
    for r in rows:
        if r["group"] == group:
            by_subject.setdefault(r["subject"], {})[r["measure"]] = r
    headers = [group, f"{count} A/B"]
    for short in measures.values():
        headers += [f"{short} A", f"{short} B", f"{short} B - A [95% CI]", ""]
    body = []
    for subject, found in by_subject.items():
        first = found[next(iter(measures))]
        cells = [subject, f"{first['a_n']:g}/{first['b_n']:g}"]
        for measure in measures:
            r = found[measure]
            cells += [value_cell(r, "a"), value_cell(r, "b"), diff_cell(r), flag(r)]
        body.append(tuple(cells))
    legend = "; ".join(f"{short} = {measure}" for measure, short in measures.items())
    return Section(f"{title}: B - A ({legend}; differences in percentage points)", tuple(headers),
                   tuple(body), level=3, wrap=False)


def players_section(rows: Sequence[dict[str, Any]], title: str = "Win rate by seat and agent: B - A"
                    ) -> Section:
    return Section(title, ("", "A", "B", "B - A [95% CI]", ""),
                   tuple((f"{r['group']} {r['subject']}", value_cell(r, "a"), value_cell(r, "b"),
                          diff_cell(r), flag(r)) for r in rows if r["group"] in ("seat", "agent")),
                   level=3, wrap=False)


def game_section(rows: Sequence[dict[str, Any]]) -> Section:
    return Section("The game: B - A", ("metric", "A", "B", "B - A [95% CI]", "interval", ""),
                   tuple((r["metric"], value_cell(r, "a"), value_cell(r, "b"), diff_cell(r), r["method"],
                          flag(r)) for r in rows if r["group"] == "game"), level=3, wrap=False)


def comparison_sections(comparison: dict[str, Any]) -> list[Section]:
    """Seats and agents, then the game's numbers."""
    return [players_section(comparison["rows"]), game_section(comparison["rows"])]
