"""Report: the game-agnostic skeleton of a ``rulecraft sim`` report, and what a game's report adds to it.

Every game's records (``records.core_record``) say who sat where, who won and how long the game was, so
every game's report has: win rates by seat and by agent with 95% Wilson intervals (flagged when the
interval excludes the fair share), the target rate of the seats that played for a target (a solo game:
reached or not, with its interval; a solo game's report shows it instead of a win rate, which would say
nothing), the first player's win rate where the game's record names a first seat,
game length (t intervals on the per-game means), how the game plays (``balance.quality_report``: the
branching factor, lead changes, decisiveness, ...), and the aborted games; a report that seats a search
agent opens with its measured strength (``balance.strength``), and a comparison ends with how the game
plays on each side. A report is a list of blocks:
:class:`Section` s (tables), lines, lists and, on the page, headings and figures; the terminal
(``balance.terminal``), the HTML page (``balance.html``) and the CSV (``balance.files``) are written from
them alike, for every game.

A game's ``metrics`` module (its GameDefinition member) offers ``SIM_REPORT``, a :class:`SimReport` whose
methods declare what differs: ``summarize`` its numbers, ``sections`` and ``page`` its blocks, ``numbers``
the per-game values a comparison of two runs sets side by side, ``csv_columns`` its records' columns. A
game with no metrics module gets this class as it is.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecraft.runtime.balance import stats

Record = dict[str, Any]
Column = tuple[str, Callable[[Record, Record], Any]]   # a CSV column: its header, (game, seat) -> cell
# Per-game length fields, in the order a report lists them; a record has those its game counts.
LENGTHS = {"rounds": "rounds per game", "turns": "turns per game", "decisions": "decisions per game",
           "events": "events per game"}


def estimate(e: stats.Estimate) -> dict[str, Any]:
    """An estimate as JSON-ready data."""
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n}


def rate(wins: float, n: int) -> dict[str, Any]:
    """A win count and its rate with the Wilson interval."""
    return {"wins": wins, **estimate(stats.wilson(wins, n))}


def finished(records: Iterable[Record]) -> list[Record]:
    return [r for r in records if not r["aborted"]]


def pct(e: dict[str, Any]) -> str:
    """``51.0% [40.1, 61.5]``; ``-`` with no observation."""
    if not e["n"] or math.isnan(e["value"]):
        return "-"
    return f"{100 * e['value']:.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def num(e: dict[str, Any], digits: int = 2) -> str:
    """``12.31 [11.80, 12.82]``; no interval from one observation, ``-`` from none."""
    if not e["n"] or math.isnan(e["value"]):
        return "-"
    if e["n"] < 2:
        return f"{e['value']:.{digits}f}"
    return f"{e['value']:.{digits}f} [{e['low']:.{digits}f}, {e['high']:.{digits}f}]"


# --- the blocks a report is made of: tables, lines, and on the page headings and figures ------------
@dataclass(frozen=True)
class RatesPlot:
    """Rates with their 95% intervals as bars, against ``expected`` (the fair share) when given; a row with
    no observation keeps its place, labelled ``empty``."""

    labels: tuple[str, ...]
    rows: tuple[dict[str, Any], ...]
    title: str
    expected: float | None = None
    empty: str = "no games"
    xlabel: str = "win rate (95% Wilson interval)"


@dataclass(frozen=True)
class RatePanels:
    """Several rates of the same rows side by side, one panel each: (title, the rows' estimates, colour)."""

    labels: tuple[str, ...]
    panels: tuple[tuple[str, tuple[dict[str, Any], ...], str], ...]


@dataclass(frozen=True)
class HistogramPlot:
    """The distribution of a per-game or per-seat number (one bin per whole value over a short range)."""

    values: tuple[float, ...]
    title: str
    xlabel: str


@dataclass(frozen=True)
class BarsPlot:
    """Plain values as horizontal bars (means with no interval, e.g. VP by source)."""

    labels: tuple[str, ...]
    values: tuple[float, ...]
    title: str
    xlabel: str


@dataclass(frozen=True)
class ForestPlot:
    """A comparison's B - A rows of one ``group`` with their intervals, one panel per measure."""

    rows: tuple[dict[str, Any], ...]
    group: str
    measures: tuple[str, ...]
    title: str


@dataclass(frozen=True)
class IntervalsPlot:
    """Values on any scale with their 95% intervals as points and bars, around a line at 0 (ratings)."""

    labels: tuple[str, ...]
    rows: tuple[dict[str, Any], ...]     # value, low, high
    title: str
    xlabel: str


Figure = RatesPlot | RatePanels | HistogramPlot | BarsPlot | ForestPlot | IntervalsPlot


@dataclass(frozen=True)
class Section:
    """One table of the report: its title, columns and rows (text cells) and a note printed under it; on
    the page, the figure drawn above it and its heading's level (3 under a :class:`Heading`). ``justify``
    gives each column's alignment (``l``/``r``; default the first left, the others right); a table that
    must not ``wrap`` keeps each cell on one line in the terminal."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    plot: Figure | None = None
    level: int = 2
    justify: str = ""
    wrap: bool = True


@dataclass(frozen=True)
class Lines:
    """Sentences between the tables: one line each in the terminal, one paragraph each on the page."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Bullets:
    """A list: one line each in the terminal, a bulleted list on the page."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Heading:
    """A page heading over the sections after it (the terminal's tables carry their own titles)."""

    title: str
    level: int = 2


Block = Section | Lines | Bullets | Heading | Figure


# --- what every game's records say -----------------------------------------------------------------
def core_summary(records: Sequence[Record]) -> dict[str, Any]:
    """The skeleton's numbers: games, players, win rates by seat and agent, the first player's, length."""
    totals = CoreTotals()
    for record in records:
        totals.add(record)
    return totals.report()


class Rates:
    """Wins (or targets reached) and seats per value of a seat's key, folded: :func:`win_rows`'s rows."""

    def __init__(self, key: str, value: str = "win") -> None:
        self.key, self.value = key, value
        self.wins: dict[Any, float] = defaultdict(float)
        self.count: dict[Any, int] = defaultdict(int)

    def add(self, seat: Record, under: Any = None) -> None:
        k = seat[self.key] if under is None else under
        self.wins[k] += seat[self.value]
        self.count[k] += 1

    def rows(self) -> list[dict[str, Any]]:
        return [{self.key: k, **rate(self.wins[k], self.count[k])} for k in sorted(self.count, key=str)]


class CoreTotals:
    """:func:`core_summary` folded one record at a time (counts, sums and histograms, never the records), so a
    game whose report builds on the skeleton keeps no record however long the run (issue 28: flat memory).
    Every figure is the one the records give: sums of halves and whole numbers are exact, and the means
    (``statistics.fmean``, ``stdev``) do not depend on the order of the values."""

    def __init__(self) -> None:
        from rulecraft.runtime.balance.quality_report import QualityTotals  # it writes this module's blocks

        self.games = self.players = self.shared = self.seated = 0
        self.colours: dict[Any, Any] = {}
        self.by = {key: Rates(key) for key in ("seat", "agent")}
        self.first: list[float] = [0, 0]       # games with a first seat, its wins
        self.lengths = {key: stats.Histogram() for key in LENGTHS}
        self.missing: set[str] = set()          # lengths some finished game does not record
        self.aimed = {key: Rates(key, "reached") for key in ("seat", "agent")}
        self.targets: set[Any] = set()
        self.aborted: list[dict[str, Any]] = []
        self.quality = QualityTotals()          # how the game plays (balance.quality)

    def add(self, r: Record) -> None:
        if r["aborted"]:
            self.aborted.append({"index": r["index"], "seed": r["seed"], "reason": r["aborted"]})
            return
        if not self.games:
            self.players = r["players"]
        self.games += 1
        self.quality.add(r)
        self.shared += len(r["winners"]) > 1
        for s in r["seats"]:
            self.seated += 1
            self.colours[s["seat"]] = s["colour"]
            for rates in self.by.values():
                rates.add(s)
            if s.get("target") is not None:
                self.targets.add(s["target"])
                for rates in self.aimed.values():
                    rates.add(s)
        if r.get("first_seat") is not None:
            self.first[0] += 1
            self.first[1] += sum(s["win"] for s in r["seats"] if s["seat"] == r["first_seat"])
        for key, values in self.lengths.items():
            if key in r:
                values.add(r[key])
            else:
                self.missing.add(key)

    def report(self) -> dict[str, Any]:
        by_seat = [{**row, "colour": self.colours[row["seat"]]} for row in self.by["seat"].rows()]
        out = {
            "games": self.games, "players": self.players,
            "win_rate": {"seat": by_seat, "agent": self.by["agent"].rows()},
            "first_player": rate(self.first[1], int(self.first[0])) if self.first[0] else None,
            "length": {key: estimate(stats.mean(self.lengths[key])) for key in LENGTHS
                       if self.games and key not in self.missing},
            "shared_wins": self.shared,
            "how_it_plays": self.quality.report(),
            "aborted": self.aborted,
        }
        aimed = sum(self.aimed["seat"].count.values())
        if aimed:
            reached = sum(self.aimed["seat"].wins.values())
            out["target"] = {"targets": sorted(self.targets), "all": rate(reached, aimed),
                             "seat": self.aimed["seat"].rows(), "agent": self.aimed["agent"].rows(),
                             "solo": aimed == self.seated}
        return out


def flagged(row: dict[str, Any], expected: float | None) -> str:
    """A rate with `` *`` when its interval excludes the fair share."""
    off = expected is not None and row["n"] and (row["low"] > expected or row["high"] < expected)
    return pct(row) + (" *" if off else "")


def wins_text(wins: float) -> str:
    """A win count as printed: whole when it is (``104``), else to one decimal (``89.8``): a shared victory
    gives each of its k winners 1/k of a win, and six decimals of thirds say nothing."""
    return f"{wins:.0f}" if wins == int(wins) else f"{wins:.1f}"


def rate_headers(key: str, counted: tuple[str, str] = ("wins", "win rate")) -> tuple[str, ...]:
    return (key, "n", counted[0], f"{counted[1]} [95% CI]")


def rate_cells(rows: Sequence[dict[str, Any]], expected: float | None,
               label: Callable[[dict[str, Any]], str]) -> tuple[tuple[str, ...], ...]:
    """Each row's label, count, wins and rate, the rate flagged against ``expected`` when given."""
    return tuple((label(r), str(r["n"]), wins_text(r["wins"]), flagged(r, expected)) for r in rows)


def section_plot(title: str, labels: Sequence[str], rows: Sequence[dict[str, Any]],
                 expected: float | None = None) -> RatesPlot:
    """The rates plot of a section (its title without the parenthesis: the heading says the rest)."""
    return RatesPlot(tuple(labels), tuple(rows), title.split(" (")[0], expected,
                     xlabel="rate (95% Wilson interval)")


def rate_section(title: str, key: str, rows: Sequence[dict[str, Any]], expected: float | None,
                 label: Callable[[dict[str, Any]], str] | None = None, note: str = "",
                 counted: tuple[str, str] = ("wins", "win rate")) -> Section:
    """Win count and rate per row (a seat, an agent, a card), flagged against the fair share; ``counted``
    names the count and the rate (targets reached)."""
    name = label or (lambda row: str(row[key]))
    return Section(title, rate_headers(key, counted), rate_cells(rows, expected, name), note,
                   section_plot(title, [name(r) for r in rows], rows, expected))


def _solo(report: dict[str, Any]) -> bool:
    """Every seat played for a target: a solo game, whose win rate would say nothing."""
    return bool(report.get("target") and report["target"]["solo"])


def _seat_label(row: dict[str, Any]) -> str:
    return f"{row['seat']} ({row['colour']})"


def core_sections(report: dict[str, Any]) -> list[Block]:
    """Seats, agents (their win rates, or a solo game's target rates), the first player, the game's
    length and how it plays (``balance.quality_report``)."""
    from rulecraft.runtime.balance.quality_report import quality_section

    players = report["players"]
    expected = 1 / players if players and not _solo(report) else None
    out: list[Block] = [] if _solo(report) else [
        rate_section("Win rate by seat", "seat", report["win_rate"]["seat"], expected, _seat_label),
        rate_section("Win rate by agent", "agent", report["win_rate"]["agent"], expected)]
    target = report.get("target")
    if target is not None:
        reached = ("reached", "target rate")
        what = "; ".join(target["targets"])
        out += [rate_section(f"Target rate by seat (the target: {what})", "seat", target["seat"], None,
                             note="A seat playing for a target wins by reaching it and loses otherwise.",
                             counted=reached),
                rate_section("Target rate by agent", "agent", target["agent"], None, counted=reached)]
    rows = []
    first = report["first_player"]
    if first is not None:
        rows.append(("first player wins", flagged(first, expected)))
    rows += [(LENGTHS[key], num(e, 1)) for key, e in report["length"].items()]
    shared = (f"{report['shared_wins']} of {report['games']} games had more than one winner (each gets "
              f"1/k of a win)." if report["shared_wins"] else "")
    out.append(Section("The game", ("metric", "value [95% CI]"), tuple(rows), shared))
    out.append(quality_section(report["how_it_plays"]))
    return out


def method_line(report: dict[str, Any]) -> str:
    """What the intervals are and what a flag means."""
    players = report["players"]
    if not players:                 # no game finished: nothing to read intervals of
        return f"{report['games']} games"
    fair = "" if _solo(report) else f"; * = the interval excludes the fair share {100 / players:.1f}%"
    return (f"{report['games']} games, {players} players; intervals are 95% (Wilson for rates, t for "
            f"means){fair}")


def core_numbers(record: Record) -> dict[str, float]:
    """The per-game values a comparison sets side by side: the first player's win, the game's length."""
    out: dict[str, float] = {}
    if record.get("first_seat") is not None:
        out["first player wins"] = sum(s["win"] for s in record["seats"] if s["seat"] == record["first_seat"])
    out.update({LENGTHS[key]: float(record[key]) for key in LENGTHS if key in record})
    return out


def strength_blocks(report: dict[str, Any]) -> list[Block]:
    """What the report says of its search agents' measured strength (``balance.strength``; nothing for a
    run that seats none)."""
    if report.get("strength") is None:
        return []
    from rulecraft.runtime.balance.strength import blocks

    return blocks(report["strength"], [Path(p).name for p in report.get("run", {}).get("packs", ())],
                  report.get("players") or None)


class SimReport:
    """What ``rulecraft sim`` reports for a game: the skeleton by default; a game's ``metrics`` module
    offers a subclass as ``SIM_REPORT``, which declares its blocks (``sections``, ``page``, the
    comparison's) and its CSV columns; the terminal, the page and the files are written from them alike."""

    intro: tuple[str, ...] = ()       # lines printed under the report's title (what a win or a draw is)

    def seat_range(self, ruleset: Any, seats: tuple[int, int]) -> tuple[int, int]:
        """The players a simulation of this pack stack may seat (a pack may narrow the game's range)."""
        return seats

    def summarize(self, records: Sequence[Record], ruleset: Any) -> dict[str, Any]:
        return core_summary(records)

    def totals(self, ruleset: Any) -> Any:
        """What ``sim`` folds a run's records into as they come (``add(record)``) and reports from at the
        end (``report()``): by default the records themselves, kept for :meth:`summarize`; a game whose
        report folds running totals instead keeps no record (issue 14: flat memory)."""
        return KeptRecords(self, ruleset)

    def intro_lines(self, report: dict[str, Any]) -> list[str]:
        """The lines under the terminal report's title: how to read it."""
        return [method_line(report), *self.intro]

    def sections(self, report: dict[str, Any]) -> list[Block]:
        """The terminal report's blocks (the page's too, unless :meth:`page` says otherwise)."""
        return core_sections(report)

    def page_intro(self, report: dict[str, Any]) -> list[str]:
        return self.intro_lines(report)

    def page(self, report: dict[str, Any]) -> list[Block]:
        """The HTML page's blocks: by default the terminal's, each rate section with its plot."""
        return self.sections(report)

    def numbers(self, record: Record) -> dict[str, float]:
        return core_numbers(record)

    def compare(self, base: Sequence[Record], variant: Sequence[Record], rulesets: tuple[Any, Any]
                ) -> dict[str, Any]:
        from rulecraft.runtime.balance.comparison import compare

        return compare(base, variant, self.numbers)

    def comparison(self, base: Sequence[Record], variant: Sequence[Record], rulesets: tuple[Any, Any]
                   ) -> dict[str, Any]:
        """What ``sim --compare`` reports: the game's :meth:`compare`, and how the game plays on each side
        with B - A (``balance.quality_report.compare_quality``), the same for every game."""
        from rulecraft.runtime.balance.quality_report import compare_quality

        return {**self.compare(base, variant, rulesets), "how_it_plays": compare_quality(base, variant)}

    def comparison_sections(self, comparison: dict[str, Any]) -> list[Block]:
        """The comparison's blocks in the terminal: how to read it, then its tables."""
        from rulecraft.runtime.balance.comparison import comparison_sections, method_note

        return [Lines((method_note(comparison),)), *comparison_sections(comparison)]

    def comparison_page(self, comparison: dict[str, Any]) -> list[Block]:
        """The comparison's blocks on the page (above the report of its base): by default the terminal's."""
        return self.comparison_sections(comparison)

    def csv_columns(self, records: Collection[Record]) -> list[Column]:
        """The columns of ``records.csv`` (one row per seat per game); ``records`` may be read once more
        for the rows."""
        from rulecraft.runtime.balance.files import seat_columns

        return seat_columns(records)

    # --- written from the declarations above, the same for every game ------------------------------
    def print_report(self, report: dict[str, Any], title: str, console: Any) -> None:
        from rulecraft.runtime.balance.terminal import print_blocks

        print_blocks(title, self.intro_lines(report), [*strength_blocks(report), *self.sections(report)],
                     report["aborted"], console)

    def print_content(self, comparison: dict[str, Any], console: Any) -> None:
        """What B changes in the content, printed before either run is played (the first thing to read)."""
        from rulecraft.runtime.balance.content import content_blocks
        from rulecraft.runtime.balance.terminal import print_blocks

        print_blocks(f"B against A: {comparison['b']}  against  {comparison['a']}", [],
                     content_blocks(comparison), [], console)

    def print_comparison(self, comparison: dict[str, Any], a: str, b: str, console: Any) -> None:
        from rulecraft.runtime.balance.terminal import print_blocks

        blocks = self.comparison_blocks(comparison, self.comparison_sections)
        print_blocks(f"B - A: {b}  minus  {a}", [], blocks, [], console)

    def comparison_blocks(self, comparison: dict[str, Any], declared: Callable[[dict[str, Any]], list[Block]]
                          ) -> list[Block]:
        """The game's ``declared`` comparison blocks, then how the game plays side by side."""
        from rulecraft.runtime.balance.quality_report import compare_section

        found = comparison.get("how_it_plays")
        return [*declared(comparison), *([compare_section(found)] if found else [])]

    def report_html(self, report: dict[str, Any], title: str, comparison: dict[str, Any] | None = None
                    ) -> str:
        from rulecraft.runtime.balance.content import content_blocks
        from rulecraft.runtime.balance.html import sections_page

        extra = [] if comparison is None else [
            (f"B - A: {comparison['b']} minus {comparison['a']}",
             [*content_blocks(comparison), *self.comparison_blocks(comparison, self.comparison_page)])]
        return sections_page(title, report, self.page_intro(report), [*strength_blocks(report),
                                                                      *self.page(report)], extra)

    def write_records_csv(self, path: Path, records: Collection[Record]) -> None:
        from rulecraft.runtime.balance.files import write_seat_csv

        write_seat_csv(path, records, self.csv_columns(records))


class KeptRecords:
    """The default :meth:`SimReport.totals`: every record, summarized at the end."""

    def __init__(self, report: SimReport, ruleset: Any) -> None:
        self.sim_report, self.ruleset = report, ruleset
        self.records: list[Record] = []

    def add(self, record: Record) -> None:
        self.records.append(record)

    def report(self) -> dict[str, Any]:
        return self.sim_report.summarize(self.records, self.ruleset)
