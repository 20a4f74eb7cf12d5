"""Report: what a sweep reads from each game, folded into exact running totals where the games are played.

A metric is named on the command line (``--metric``). The core ones read what every game's per-game
record has (``rulecraft.runtime.balance.records.core_record``: ``seat-win-rate:N``, ``target-rate``, a
solo game's targets reached, ``decisions``, ``events``; and how the game plays, ``decisiveness``,
``lead-changes``, ``branching``, ``duration``, ``comeback-rate``, ``drawishness``,
``first-move-advantage``: ``rulecraft.runtime.balance.quality``), and :func:`held_win` reads "the win
rate of the seats that held X" for the game that says what its seats held; a game offers its own through its
``metrics`` module (``SWEEP_METRICS``: TEM's ``owner-win-rate:ID``, ``vp:SOURCE``, ``rounds``, ...).
Each reads a game record (the game's ``game_record``) into observations.

A worker folds each game's observations into a :class:`Total` (count, sum, sum of squares) and drops the
record. Totals are exact (integers and fractions: a shared win is 1/k), so adding them in any order, on
any number of workers, gives the same figures to the last digit. Each game's sum and count of every
metric also travel back (:class:`GameValues`, 16 bytes a game in the parent): the points share seeds, so
they are compared game by game (``rulecraft.runtime.balance.sweep.paired``).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.quality import QUALITY_METRICS

Record = dict[str, Any]
Reader = Callable[[Record, str], Iterable[Any]]


@dataclass(frozen=True)
class Total:
    """Count, sum and sum of squares of a metric's observations: enough for its mean and interval."""

    n: int = 0
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)

    def __add__(self, other: Total) -> Total:
        return Total(self.n + other.n, self.total + other.total, self.squares + other.squares)

    @classmethod
    def of(cls, values: Iterable[Any]) -> Total:
        out = [Fraction(v) for v in values]
        return cls(len(out), sum(out, Fraction(0)), sum((v * v for v in out), Fraction(0)))


class GameValues:
    """Each game's (sum, count) of one metric's observations at one point, by game index, in two flat
    arrays (16 bytes a game): what pairs two points game by game. An aborted game is (0, 0)."""

    __slots__ = ("counts", "sums")

    def __init__(self) -> None:
        self.sums = array("d")
        self.counts = array("d")

    def __len__(self) -> int:
        return len(self.sums)

    def put(self, start: int, values: Sequence[tuple[float, int]]) -> None:
        """The values of games ``start``, ``start + 1``, ... (batches arrive in any order)."""
        missing = start + len(values) - len(self.sums)
        if missing > 0:
            self.sums.extend([0.0] * missing)
            self.counts.extend([0.0] * missing)
        for index, (total, count) in enumerate(values, start):
            self.sums[index], self.counts[index] = total, count

    def games(self) -> list[tuple[float, float]]:
        return list(zip(self.sums, self.counts, strict=True))


@dataclass(frozen=True)
class Metric:
    """``rate`` metrics (observations in [0, 1]) get a Wilson interval, ``mean`` ones a t interval."""

    name: str
    shape: str
    reader: Reader
    argument: str
    description: str

    def read(self, record: Record) -> Total:
        return Total.of(self.reader(record, self.argument))

    def estimate(self, total: Total) -> stats.Estimate:
        if self.shape == "rate":
            return stats.wilson(float(total.total), total.n)
        if total.n == 0:
            return stats.Estimate(math.nan, math.nan, math.nan, 0)
        mean = total.total / total.n
        if total.n == 1:
            return stats.Estimate(float(mean), -math.inf, math.inf, 1)
        variance = (total.squares - total.n * mean * mean) / (total.n - 1)
        return stats.t_estimate(float(mean), math.sqrt(float(variance) / total.n), total.n - 1, total.n)


def _seat_win(record: Record, seat: str) -> list[float]:
    return [s["win"] for s in record["seats"] if str(s["seat"]) == seat]


def _target(record: Record, seat: str) -> list[int]:
    """Each seat that played for a target (``seat``: only that one): 1 reached, 0 missed."""
    return [int(s["reached"]) for s in record["seats"]
            if s.get("target") is not None and (not seat or str(s["seat"]) == seat)]


def held_win(held: Callable[[Record], Iterable[str]]) -> Reader:
    """The reader of "the win rate of the seats that held X" (``held(seat)``: the things a seat of the
    record held, the cards it played or the weapons it owned), one observation per seat holding it."""
    return lambda record, thing: [s["win"] for s in record["seats"] if thing in held(s)]


def _length(field: str) -> Reader:
    return lambda record, _: [record[field]]


MetricTable = dict[str, tuple[str, Reader, str, str]]
# name -> (shape, reader, its argument as usage shows it ("" none, "N" needed, "[SOURCE]" optional, and
# "[a|b|c]" or "a|b|c" only one of these), text).
# What every game's record has: seats with their win share, and the game's length in decisions and events.
CORE_METRICS: MetricTable = {
    "seat-win-rate": ("rate", _seat_win, "N", "win rate of seat N (0 = the first seat)"),
    "target-rate": ("rate", _target, "[N]", "share of the seats playing for a target (a solo game) that "
                                            "reached it, or of seat N"),
    "decisions": ("mean", _length("decisions"), "", "decisions per game"),
    "events": ("mean", _length("events"), "", "events per game"),
    **QUALITY_METRICS,      # how the game plays (rulecraft.runtime.balance.quality)
}
LENGTH = "*"     # a game's SWEEP_DEFAULTS key for what a sweep reads of every point (its game length)


# A game's ``metrics`` module (``GameDefinition.metrics``, loaded by the caller; the table's ``metrics``)
# may offer ``SWEEP_METRICS`` (more metrics for its records) and ``SWEEP_DEFAULTS`` (what to read about a
# varied entity of each kind, and under ``"*"`` what to read of every point: its game length); ``None`` is
# a game without one (the core metrics only).
GameMetrics = Any


def known(game: GameMetrics) -> MetricTable:
    """The core metrics and those the game offers."""
    return {**CORE_METRICS, **getattr(game, "SWEEP_METRICS", {})}


def default_metrics(entities: Iterable[tuple[str, str]], game: GameMetrics) -> list[str]:
    """The metrics a sweep reads without ``--metric``, for the varied ``(kind, id)`` entities."""
    defaults = getattr(game, "SWEEP_DEFAULTS", {})
    names = [f"{name}:{entity_id}" for kind, entity_id in entities for name in defaults.get(kind, ())]
    return list(dict.fromkeys([*names, *defaults.get(LENGTH, ("decisions",))]))


def usage_lines(game: GameMetrics) -> list[str]:
    """One line per metric, ``name:ARG  what it reads``, for ``--help``."""
    return [f"  {name}{':' + usage if usage and not usage.startswith('[') else usage.replace('[', '[:')}"
            f"  {text}" for name, (_, _, usage, text) in known(game).items()]


class MetricError(ValueError):
    """An unknown metric, or one missing its argument or given one it does not read: a usage error."""


def parse_metric(text: str, game: GameMetrics) -> Metric:
    """``NAME`` or ``NAME:ARGUMENT`` -> Metric, among the core metrics and ``game``'s."""
    name, _, argument = text.strip().partition(":")
    table = known(game)
    if name not in table:
        import difflib

        close = difflib.get_close_matches(name, table, n=1)
        raise MetricError(f"unknown metric {name!r}" + (f"; did you mean {close[0]!r}?" if close else "")
                          + "; known: " + ", ".join(table))
    shape, reader, usage, description = table[name]
    if usage and not usage.startswith("[") and not argument:
        raise MetricError(f"metric {name!r} needs an argument: {name}:{usage} ({description})")
    choices = usage.strip("[]").split("|") if "|" in usage else ()
    if argument and choices and argument not in choices:
        import difflib

        close = difflib.get_close_matches(argument, choices, n=1)
        raise MetricError(f"metric {name!r} reads {', '.join(choices)}, not {argument!r}"
                          + (f"; did you mean {name}:{close[0]}?" if close else ""))
    return Metric(text.strip(), shape, reader, argument, description)


GameValue = tuple[float, int]      # one game's sum of a metric's observations and their count


def fold(records: Iterable[Record], metrics: Iterable[Metric]) -> tuple[dict[str, Total], int, int]:
    """Per metric name the total over the finished games; also the games played and aborted."""
    totals, played, aborted, _ = fold_games(records, metrics)
    return totals, played, aborted


def fold_games(records: Iterable[Record], metrics: Iterable[Metric]
               ) -> tuple[dict[str, Total], int, int, dict[str, list[GameValue]]]:
    """:func:`fold`, and per metric each game's (sum, count) of observations in the records' order, an
    aborted game (0, 0): what pairs two points game by game (``rulecraft.runtime.balance.sweep.paired``)."""
    metrics = list(metrics)
    totals = {m.name: Total() for m in metrics}
    values: dict[str, list[GameValue]] = {m.name: [] for m in metrics}
    played = aborted = 0
    for record in records:
        played += 1
        if record["aborted"]:
            aborted += 1
            for m in metrics:
                values[m.name].append((0.0, 0))
            continue
        for m in metrics:
            game = m.read(record)
            totals[m.name] = totals[m.name] + game
            values[m.name].append((float(game.total), game.n))
    return totals, played, aborted, values
