"""Run: measures of how a game plays, read from one played game into its record (issue 25).

Ludii's analysis names them (decisiveness, drawishness, lead changes, branching factor, duration); here
each game's record carries what they need, counted as the game is played and never logged (the log is
the same byte for byte), so a summary-mode simulation (``GameCore.keep_only``) measures them too:

- per seat, the decisions it was asked and the options they offered (``GameCore.seat_decisions``,
  ``seat_options``): the **branching factor** is options per decision (a multi-pick decision counts its
  options, not its combinations: what a player looks at, not the size of the answer space);
- with a game's **lead** (its ``GameDefinition.lead``: a :class:`Lead`), each seat's standing so far
  sampled at the game's boundaries (``GameCore.follow_lead``: TEM's VP after each round and at the end,
  Mecha Game's damage dealt after each turn), from which the record keeps how often the lead changed
  hands, when the eventual winner took the lead for good, whether the winner trailed at the halfway
  point, and the final margin.

The leader at a sample is the one seat strictly ahead; a tie at the top is nobody's lead, and a lead
change is the lead passing from one seat to another (across any ties between). A game's length is the
record's own (rounds, else turns, else decisions: ``report.LENGTHS``). The report's totals and intervals
are ``rulecraft.runtime.balance.quality_report``'s; the sweep's metrics read the fields below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

Record = dict[str, Any]
Sample = Sequence[float]          # each seat's standing at one point of the game, in seat order
DURATIONS = ("rounds", "turns", "decisions")   # a game's length, the first of these its record has


@dataclass(frozen=True)
class Lead:
    """A game's ``lead`` member: ``standing(game)`` gives each seat's standing so far from the state (more
    is better), sampled after every event of the kinds ``at`` (the game's turn or round boundaries and its
    end); ``what`` names it in the report (``"VP"``); a final margin of at most ``close`` is a close game
    (drawishness: TEM's 1 VP; by default 0, a level finish decided by tie-breaks; None where the lead is
    not what decides the game, so its margin says nothing of how close it was: Mecha Game's damage)."""

    standing: Callable[[Any], Sample]
    at: frozenset[str]
    what: str
    close: float | None = 0


# --- the lead, one game's samples --------------------------------------------------------------------
def leader(sample: Sample) -> int | None:
    """The seat strictly ahead, or None when the top is shared."""
    if not sample:
        return None
    top = max(sample)
    seat = sample.index(top)
    return None if top in sample[seat + 1:] else seat


def lead_changes(samples: Iterable[Sample]) -> int:
    """How often the lead passed from one seat to another (a tie between is nobody's: A, tie, B is one
    change; A, tie, A none)."""
    changes, last = 0, None
    for sample in samples:
        now = leader(sample)
        if now is not None:
            changes += last is not None and now != last
            last = now
    return changes


def decided_at(samples: Sequence[Sample], winner: int) -> float:
    """When ``winner`` took the lead for good, as the share of the game's samples played by then: from
    sample k of m on it led alone at every one, k/m (1/m: it led all along; 1: only the last sample, or
    never, the lead foretelling nothing: a tie-break or another way to win decided it)."""
    m = len(samples)
    k = m
    while k > 0 and leader(samples[k - 1]) == winner:
        k -= 1
    return min(k + 1, m) / m


def trailed_at_half(samples: Sequence[Sample], winner: int) -> bool:
    """Whether some other seat was strictly ahead of ``winner`` at the halfway sample (ceil(m/2) of m)."""
    half = samples[(len(samples) + 1) // 2 - 1]
    return max(value for seat, value in enumerate(half) if seat != winner) > half[winner]


def margin(sample: Sample) -> float:
    """The top standing minus the next (0: level at the top)."""
    top, second = sorted(sample, reverse=True)[:2]
    return top - second


# --- one game's record -----------------------------------------------------------------------------
def record_fields(record: Record, game: Any, lead: Lead | None) -> None:
    """Add the measures' fields to the record of a played ``game``: each seat's ``decisions`` and
    ``options``; with a ``lead`` followed and sampled (two seats or more), ``lead`` (its name) and
    ``close`` (its close margin), ``lead_changes``, ``margin`` (at the last sample), and with one winner
    ``decided_at`` and ``comeback`` (None otherwise); and ``drawish``: a draw or shared win, or a margin
    of at most ``close``."""
    for seat in record["seats"]:
        seat.update(decisions=game.seat_decisions[seat["seat"]], options=game.seat_options[seat["seat"]])
    samples = game.lead_samples
    if lead is None or not samples or record["players"] < 2:
        return
    winners = record["winners"]
    alone = winners[0] if len(winners) == 1 else None
    close = lead.close is not None and margin(samples[-1]) <= lead.close
    record.update(lead=lead.what, close=lead.close, lead_changes=lead_changes(samples),
                  margin=margin(samples[-1]),
                  decided_at=None if alone is None else decided_at(samples, alone),
                  comeback=None if alone is None else trailed_at_half(samples, alone),
                  drawish=alone is None or close)


# --- what a record gives each measure: per game, the observations (the sweep's readers too) --------------
def branching(record: Record, _: str = "") -> list[float]:
    """The game's options per decision (all seats): one observation, none in a game with no decision."""
    decisions = sum(s.get("decisions", 0) for s in record["seats"])
    return [sum(s["options"] for s in record["seats"]) / decisions] if decisions else []


def duration(record: Record, _: str = "") -> list[int]:
    """The game's length in its own unit (the first of :data:`DURATIONS` its record has)."""
    return [record[key] for key in DURATIONS if key in record][:1]


def duration_unit(record: Record) -> str:
    return next((key for key in DURATIONS if key in record), "decisions")


def lead_changes_of(record: Record, _: str = "") -> list[int]:
    """The game's lead changes (a game with a lead)."""
    return [] if record.get("lead_changes") is None else [record["lead_changes"]]


def decisiveness(record: Record, _: str = "") -> list[float]:
    """When the winner took the lead for good (a game with a lead and one winner)."""
    return [] if record.get("decided_at") is None else [record["decided_at"]]


def comeback(record: Record, _: str = "") -> list[int]:
    return [] if record.get("comeback") is None else [int(record["comeback"])]


def drawishness(record: Record, _: str = "") -> list[int]:
    """A draw or shared win, or (with a lead) a close finish; a solo game says nothing."""
    if record["players"] < 2:
        return []
    if "drawish" in record:
        return [int(record["drawish"])]
    return [int(len(record["winners"]) != 1)]


def first_seat(record: Record) -> int:
    """The seat that moved first: the record's ``first_seat``, else seat 0 (a game that names none)."""
    first = record.get("first_seat")
    return 0 if first is None else int(first)


def first_move_win(record: Record) -> list[float]:
    """The first seat's share of a win (none in a solo game)."""
    if record["players"] < 2:
        return []
    seat = first_seat(record)
    return [sum(s["win"] for s in record["seats"] if s["seat"] == seat)]


def first_move_advantage(record: Record, _: str = "") -> list[Fraction]:
    """The first seat's share of a win minus the fair share 1/players."""
    return [Fraction(win) - Fraction(1, record["players"]) for win in first_move_win(record)]


# What `rulecraft sweep` reads of every game's record (``sweep.metrics``'s table shape): name ->
# (shape, reader, argument usage, text).
QUALITY_METRICS: dict[str, tuple[str, Callable[[Record, str], Iterable[Any]], str, str]] = {
    "branching": ("mean", branching, "", "options per decision (the branching factor)"),
    "duration": ("mean", duration, "", "the game's length: rounds, else turns, else decisions"),
    "lead-changes": ("mean", lead_changes_of, "", "times the lead passed to another seat (a game's lead)"),
    "decisiveness": ("mean", decisiveness, "", "share of the game played when the winner took the lead "
                                               "for good (low: decided early)"),
    "comeback-rate": ("rate", comeback, "", "share of games won by a seat behind at the halfway point"),
    "drawishness": ("rate", drawishness, "", "share of games drawn, shared or won by at most the lead's "
                                             "close margin"),
    "first-move-advantage": ("mean", first_move_advantage, "", "the first seat's win rate minus the fair "
                                                               "share"),
}
