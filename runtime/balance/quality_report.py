"""Report: the "How it plays" section of a sim report: each measure of ``balance.quality`` over a run's
games, with its 95% interval (issue 25).

Folded one record at a time into running sums (:class:`Moments`), never the records, so a run of any
length keeps none (issue 28). A mean (the branching factor, the length, lead changes, decisiveness)
gets Student's t interval over the games, one value a game, cut to the values the measure can take (a
t interval of a mean near a bound reaches past it: no game has fewer than 0 lead changes or a
decisiveness above 1); a rate (comebacks, drawishness, the first seat's wins) gets Wilson's interval; the
first-move advantage is the first seat's win rate and its interval less the fair share. A measure that
needs a game's lead is left out of a game without one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.balance import quality, stats
from rulecraft.runtime.balance.report import Record, Section, estimate, num, pct, rate

TITLE = "How it plays"


def within(e: stats.Estimate, low: float, high: float = math.inf) -> dict[str, Any]:
    """A mean's estimate as data, its interval cut to the measure's range [low, high]."""
    out = estimate(e)
    if e.n > 1:
        out.update(low=min(max(e.low, low), high), high=max(min(e.high, high), low))
    return out


class Moments:
    """Count, sum and sum of squares of one value a game: its mean and t interval. Whole numbers sum
    exactly; the others (options per decision, decisiveness) are added in game order, as ``sim`` hands
    the records over, so a run's figures are the same every time (a sweep's fractions, exact in any
    order, cost 13 times as much: 250 µs a TEM record, 6% of the game)."""

    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total: float = 0
        self.squares: float = 0

    def add(self, values: list[Any]) -> None:
        for value in values:
            self.n += 1
            self.total += value
            self.squares += value * value

    def mean(self) -> stats.Estimate:
        n = self.n
        if n == 0:
            return stats.Estimate(math.nan, math.nan, math.nan, 0)
        if n == 1:
            return stats.Estimate(float(self.total), -math.inf, math.inf, 1)
        variance = max(0.0, (n * self.squares - self.total * self.total) / (n * (n - 1)))
        return stats.t_estimate(self.total / n, math.sqrt(variance / n), n - 1, n)


class QualityTotals:
    """The measures' running totals over the finished games of a run (``add`` skips none: the caller
    passes finished games only)."""

    def __init__(self) -> None:
        self.branching, self.duration, self.decisions = Moments(), Moments(), Moments()
        self.by_agent: dict[str, Moments] = {}
        self.unit = ""
        self.lead = ""                     # the lead's name and close margin, from the records with one
        self.close: float | None = None
        self.named_first = False           # a record named its first seat (else seat 0 moved first)
        self.changes, self.decided = Moments(), Moments()
        self.comebacks, self.drawish, self.first = Moments(), Moments(), Moments()
        self.fair = 0.0                    # the fair shares of the games with a first seat, summed

    def add(self, record: Record) -> None:
        self.branching.add(quality.branching(record))
        seats = record["seats"]
        if len({s["agent"] for s in seats}) > 1:       # by agent only where the seats differ
            for agent in dict.fromkeys(s["agent"] for s in seats):
                mine = [s for s in seats if s["agent"] == agent]
                decided = sum(s.get("decisions", 0) for s in mine)
                if decided:
                    options = sum(s["options"] for s in mine)
                    self.by_agent.setdefault(agent, Moments()).add([options / decided])
        self.unit = self.unit or quality.duration_unit(record)
        self.duration.add(quality.duration(record))
        self.decisions.add([record["decisions"]])
        if "lead" in record:
            self.lead, self.close = record["lead"], record["close"]
        self.named_first = self.named_first or record.get("first_seat") is not None
        self.changes.add(quality.lead_changes_of(record))
        self.decided.add(quality.decisiveness(record))
        self.comebacks.add(quality.comeback(record))
        self.drawish.add(quality.drawishness(record))
        first = quality.first_move_win(record)
        self.first.add(first)
        if first:
            self.fair += 1 / record["players"]

    def report(self) -> dict[str, Any]:
        """The measures as JSON-ready data: estimates (value, low, high, n) and rates (with ``wins``)."""
        out: dict[str, Any] = {
            "branching": within(self.branching.mean(), 1),
            "branching_by_agent": {a: within(m.mean(), 1) for a, m in sorted(self.by_agent.items())},
            "duration": {"unit": self.unit, **within(self.duration.mean(), 0)},
            "decisions": within(self.decisions.mean(), 0),
            "lead": self.lead or None, "close": self.close if self.lead else None,
            "drawishness": rate(float(self.drawish.total), self.drawish.n) if self.drawish.n else None,
            "first_move": None,
        }
        if self.lead:
            out.update(lead_changes=within(self.changes.mean(), 0),
                       decisiveness=within(self.decided.mean(), 0, 1),
                       comeback=rate(float(self.comebacks.total), self.comebacks.n))
        if self.first.n:
            first = rate(float(self.first.total), self.first.n)
            fair = self.fair / self.first.n
            out["first_move"] = {"first": first, "fair": fair, "named": self.named_first, "advantage": {
                "value": first["value"] - fair, "low": first["low"] - fair, "high": first["high"] - fair,
                "n": first["n"]}}
        return out


def points(e: dict[str, Any]) -> str:
    """A difference of rates in percentage points, signed: ``+4.2 pp [-1.0, +9.5]``."""
    if not e["n"]:
        return "-"
    return f"{100 * e['value']:+.1f} pp [{100 * e['low']:+.1f}, {100 * e['high']:+.1f}]"


def quality_section(measures: dict[str, Any]) -> Section:
    """The section's table: one row per measure, its value and 95% interval, and what it reads."""
    duration = measures["duration"]
    rows = [("branching factor", num(measures["branching"]), "options per decision")]
    by_agent = measures["branching_by_agent"]
    if len(by_agent) > 1:
        rows += [(f"  {agent}", num(e), "options per decision of its seats") for agent, e in by_agent.items()]
    rows += [("duration", num(duration, 1), f"{duration['unit']} per game")]
    if duration["unit"] != "decisions":
        rows.append(("decisions", num(measures["decisions"], 1), "per game"))
    lead = measures["lead"]
    if lead:
        rows += [("lead changes", num(measures["lead_changes"]), f"per game, the lead in {lead}"),
                 ("decisiveness", num(measures["decisiveness"]),
                  "share of the game played when the winner took the lead for good"),
                 ("comeback rate", pct(measures["comeback"]), "games won by a seat behind at halfway")]
    if measures["drawishness"] is not None:
        margin = measures["close"]
        close = ("" if not lead or margin is None else f", or won level on {lead} (by a tie-break)"
                 if margin == 0 else f", or won by at most {margin:g} {lead}")
        rows.append(("drawishness", pct(measures["drawishness"]), f"games drawn or shared{close}"))
    first = measures["first_move"]
    if first is not None:
        who = "the first player" if first["named"] else "seat 0 (the game names no first player)"
        rows.append(("first-move advantage", points(first["advantage"]),
                     f"{who}: win rate {pct(first['first'])} less the fair share {100 * first['fair']:.1f}%"))
    note = ("Means with t intervals over the games, rates with Wilson intervals (the balance guide says "
            "what each measure is)." + ("" if lead else " Lead changes, decisiveness and comebacks need "
                                                        "the game's lead: this game has none."))
    return Section(TITLE, ("measure", "value [95% CI]", "what"), tuple(rows), note, justify="lrl")


# --- a comparison's: each measure of base A and variant B side by side, and B - A -------------------
COMPARE_TITLE = "How it plays: B - A"
# (key of QualityTotals.report, label, the per-game reader, a rate, needs the game's lead)
COMPARED: tuple[tuple[str, str, Any, bool, bool], ...] = (
    ("branching", "branching factor", quality.branching, False, False),
    ("duration", "duration", quality.duration, False, False),
    ("decisions", "decisions", lambda r, _="": [r["decisions"]], False, False),
    ("lead_changes", "lead changes", quality.lead_changes_of, False, True),
    ("decisiveness", "decisiveness", quality.decisiveness, False, True),
    ("comeback", "comeback rate", quality.comeback, True, True),
    ("drawishness", "drawishness", quality.drawishness, True, False),
    ("first_move", "first-move advantage", quality.first_move_advantage, True, False),
)


def _side(measures: dict[str, Any], key: str) -> dict[str, Any] | None:
    """One side's estimate of a measure (None where the side has no such measure)."""
    found = measures.get(key)
    return found["advantage"] if key == "first_move" and found is not None else found


def _observed(reader: Any) -> Any:
    """A game's (sum, count) of a measure's observations: the comparison's ratio over games."""
    def count(record: Record) -> tuple[float, float]:
        values = [float(v) for v in reader(record)]
        return sum(values), len(values)
    return count


def compare_quality(base: Sequence[Record], variant: Sequence[Record]) -> dict[str, Any]:
    """Each measure of A and of B with its 95% interval (over the games the comparison reads: paired by
    seed where at least 2 seeds match), and B - A with its paired interval (``comparison.measure_row``),
    Holm-adjusted over these rows. A difference is not read where it means nothing: a measure one side
    has no observation of (a lead neither side's game has; no single winner), or lengths counted in
    different units."""
    from rulecraft.runtime.balance.comparison import Measure, adjusted, measure_row, pair_by_seed

    games_a, games_b, paired = pair_by_seed(base, variant)
    sides = []
    for games in (games_a, games_b):
        totals = QualityTotals()
        for record in games:
            totals.add(record)
        sides.append(totals.report())
    a, b = sides
    rows = []
    for key, label, reader, is_rate, needs_lead in COMPARED:
        if needs_lead and not (a["lead"] or b["lead"]):
            continue
        if key == "decisions" and a["duration"]["unit"] == b["duration"]["unit"] == "decisions":
            continue
        row = measure_row(Measure("how it plays", "", label, _observed(reader), is_rate), games_a, games_b,
                          paired)
        row.update(key=key, a_estimate=_side(a, key), b_estimate=_side(b, key))
        missing = [side for side, e in (("A", row["a_estimate"]), ("B", row["b_estimate"]))
                   if e is None or not e["n"]]
        why = (f"none in {' and '.join(missing)}" if missing else
               f"not comparable: {a['duration']['unit']} and {b['duration']['unit']}"
               if key == "duration" and a["duration"]["unit"] != b["duration"]["unit"] else "")
        if why:
            row.update(status=why, value=None, low=None, high=None, p=None, significant=False)
        rows.append(row)
    out = adjusted(rows, games_a, games_b, paired)
    out.update(unit=a["duration"]["unit"], lead=a["lead"] or b["lead"])
    return out


def _cell(row: dict[str, Any], side: str) -> str:
    e = row[f"{side}_estimate"]
    if e is None:
        return "-"
    return points(e) if row["key"] == "first_move" else pct(e) if row["rate"] else num(e)


def compare_section(found: dict[str, Any]) -> Section:
    """The comparison's table: each measure's A and B with their intervals, and B - A."""
    from rulecraft.runtime.balance.comparison import diff_cell, flag

    unit = {"duration": f" ({found['unit']})", "lead_changes": f" (in {found['lead']})"}
    rows = tuple((r["measure"] + unit.get(r["key"], ""), _cell(r, "a"), _cell(r, "b"), diff_cell(r), flag(r))
                 for r in found["rows"])
    games = found["games"]
    how = (f"{games} games paired by seed; B - A with a paired t interval" if found["paired"] else
           f"{games[0]} and {games[1]} games, not paired; B - A with Welch's interval")
    note = (f"A and B: means with t intervals, rates with Wilson intervals, the first-move advantage in "
            f"percentage points; {how} (rates in percentage points). * = the interval excludes 0; ** = still "
            f"so after Holm's adjustment for the {found['tested']} rows here. The sim report's How it plays "
            f"says what each measure is.")
    return Section(COMPARE_TITLE, ("measure", "A [95% CI]", "B [95% CI]", "B - A [95% CI]", ""), rows,
                   note, level=3, wrap=False)
