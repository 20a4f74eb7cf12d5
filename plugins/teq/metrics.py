"""Report: Tiny Epic Quest's balance report, its GameDefinition's ``metrics`` member: the records and
sections ``rulecraft sim`` adds to the report skeleton (``rulecraft.runtime.balance.report``).

``game_record`` keeps, beyond the skeleton's record, the first player (Q1; none in solo) and the rounds,
and per seat its VP by category (Q29), quests, goblins, spell level, legendary items found, exhaustions
(Q22), and its rolls and rests per night (Q14). ``SIM_REPORT`` adds the mean of each per seat with its t
interval; in solo the skeleton shows the target rate (Q31) instead of win rates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.plugins.teq.model import GOBLINS, QUESTS, SPELLS
from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.records import core_record
from rulecraft.runtime.balance.report import (
    Block,
    Record,
    Section,
    SimReport,
    core_numbers,
    core_sections,
    core_summary,
    estimate,
    finished,
    num,
)

# The events a record reads one by one (rolls, rests and exhaustions per seat); every other kind it only
# counts (``GameCore.event_counts``), so a simulation that keeps no log plays in summary mode
# (``GameCore.keep_only``).
RECORD_EVENTS = frozenset({"roll", "rest", "exhausted"})

# per-seat measures: record key -> what the report calls it
MEASURES = {"vp": "VP", "vp_spells": "VP from spell level", "vp_quests": "VP from quests",
            "vp_goblins": "VP from goblins", "vp_legendary": "VP from legendary items",
            "quests": "quests completed", "goblins": "goblins defeated", "spell": "spell level",
            "legendary": "legendary items found", "exhaustions": "exhaustions",
            "rolls_per_night": "rolls per night", "rests": "rests"}


def game_record(game: Any, index: int, seed: str, agents: Sequence[str]) -> Record:
    """The skeleton's record of one game, with its first seat, rounds and each seat's measures."""
    record = core_record(game, index, seed, agents)
    nights = max(1, game.round)
    rolls = [0] * len(game.players)
    rests = [0] * len(game.players)
    exhaustions = [0] * len(game.players)
    for event in game.events:     # the full log, or only RECORD_EVENTS in summary mode
        kind = event["e"]
        if kind == "roll":
            rolls[event["player"]] += 1
        elif kind == "rest":
            rests[event["player"]] += 1
        elif kind == "exhausted":
            exhaustions[event["player"]] += 1
    for seat, player in zip(record["seats"], game.players, strict=True):
        vp = game.vp(player)
        seat.update(vp=sum(vp.values()), vp_spells=vp[SPELLS], vp_quests=vp[QUESTS], vp_goblins=vp[GOBLINS],
                    vp_legendary=vp["legendary"], quests=len(player.quests), goblins=len(player.goblins),
                    spell=player.spell, legendary=len(player.found), exhaustions=exhaustions[player.seat],
                    rolls_per_night=rolls[player.seat] / nights, rests=rests[player.seat])
    solo = len(game.players) == 1       # no first player to compare (Q31)
    record.update(first_seat=None if solo else game.first, rounds=game.round)
    return record


def _per_seat(key: str) -> Callable[[Record, str], list[Any]]:
    return lambda record, _: [s[key] for s in record["seats"]]


# vp:CATEGORY -> the record's key (Q29's ladders, Q26's legendary items)
VP_CATEGORIES = {"spells": "vp_spells", "quests": "vp_quests", "goblins": "vp_goblins",
                 "legendary": "vp_legendary"}


def _vp(record: Record, category: str) -> list[Any]:
    return [s[VP_CATEGORIES[category]] if category else s["vp"] for s in record["seats"]]


def _first_player_win(record: Record, _: str) -> list[Any]:
    """The first player's win share (Q1); a solo game has none."""
    return [s["win"] for s in record["seats"] if s["seat"] == record["first_seat"]]


# What `rulecraft sweep` can read of a Tiny Epic Quest record beyond the core metrics (target-rate reads a
# solo game's target, Q31), in rulecraft.runtime.balance.sweep.metrics's table shape; and what it reads
# of every point without --metric.
SWEEP_METRICS: dict[str, tuple[str, Callable[[Record, str], Iterable[Any]], str, str]] = {
    "vp": ("mean", _vp, f"[{'|'.join(VP_CATEGORIES)}]", "final VP per player, or VP from one category (Q29, "
                                                          "Q26: vp:quests)"),
    "quests": ("mean", _per_seat("quests"), "", "quests completed per player"),
    "goblins": ("mean", _per_seat("goblins"), "", "goblins defeated per player (Q23)"),
    "spell-level": ("mean", _per_seat("spell"), "", "final spell level per player (Q21)"),
    "legendary-items": ("mean", _per_seat("legendary"), "", "legendary items found per player (Q26)"),
    "exhaustions": ("mean", _per_seat("exhaustions"), "", "exhaustions per player (Q22)"),
    "rolls-per-night": ("mean", _per_seat("rolls_per_night"), "", "rolls per player per night (Q14)"),
    "rests": ("mean", _per_seat("rests"), "", "rests per player (Q21)"),
    "first-player-win-rate": ("rate", _first_player_win, "", "win rate of the first player (Q1; not solo)"),
}
SWEEP_DEFAULTS: dict[str, tuple[str, ...]] = {"*": ("vp",)}


class QuestReport(SimReport):
    intro = ("A shared victory (equal after every tie-break, Q30) gives each winner 1/k of a win.",)

    def summarize(self, records: Sequence[Record], ruleset: Any) -> dict[str, Any]:
        report = core_summary(records)
        seats = [s for r in finished(records) for s in r["seats"]]
        report["measures"] = {key: estimate(stats.mean([float(s[key]) for s in seats]))
                              for key in MEASURES if seats and all(key in s for s in seats)}
        return report

    def sections(self, report: dict[str, Any]) -> list[Block]:
        rows = tuple((MEASURES[key], num(e)) for key, e in report["measures"].items())
        per_seat = Section("Per seat (mean over seats and games)", ("measure", "mean [95% CI]"), rows,
                           "VP by category follow the scoring ladders (Q29) and 4 VP per legendary item "
                           "(Q26).")
        return [*core_sections(report), per_seat]

    def numbers(self, record: Record) -> dict[str, float]:
        out = core_numbers(record)
        seats = record["seats"]
        out.update({f"mean {MEASURES[key]}": sum(float(s[key]) for s in seats) / len(seats)
                    for key in ("vp", "quests", "goblins", "spell", "exhaustions") if seats})
        return out


SIM_REPORT = QuestReport()
