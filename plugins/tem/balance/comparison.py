"""Report: two runs side by side, variant (B) minus base (A), for every card of the stacks and every game
metric, each difference with its 95% interval and a flag adjusted for the number of rows.

Every row is a ratio of per-game sums, R = sum(numerators) / sum(denominators): a pilot's win rate when
kept is (wins of the seats that kept it, seats that kept it); a weapon's purchase rate is (seats that
bought it, seats); a game metric is (its value, 1). Games are paired by seed: game ``S:i`` of the base
and of the variant start from the same shuffle and the same agent seeds, so their difference removes the
luck the two share. The interval is a paired t interval on the per-game linearised values of the ratio
(``stats.ratio_difference``); runs on different seeds fall back to Welch's interval (Newcombe's for 0/1
game metrics).

Many rows are tested at once, so some intervals exclude 0 by chance alone (about 1 in 20 of the rows
where nothing changed). Each row therefore also carries Holm's adjusted p-value: a row flagged by Holm
is a change with at most a 5% chance that any flag of the whole comparison is a false one. A card's
rate over fewer than ``MIN_SAMPLE`` seats on either side is shown but not tested.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

from rulecraft.plugins.tem.balance.metrics import dealt_pilots, pilot_choices, weapon_choices
from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.comparison import FEW, Measure, adjusted, agent_count, pair_by_seed, seat_count

Record = dict[str, Any]
# A card's rate over fewer seats than this on either side is shown but not tested: its delta-method
# interval leans on a normal approximation that a handful of owners does not support (2 owners who both
# lost have no spread at all), and an untested row cannot raise a false flag.
MIN_SAMPLE = 10
NEVER_BOUGHT = "never bought"

class StackCards(NamedTuple):
    """The cards of a pack stack, so that a card nobody took still has its row."""

    pilots: tuple[str, ...]
    weapons: dict[str, str]     # id -> tier


def cards_of(ruleset: Any) -> StackCards:
    return StackCards(tuple(ruleset.pilots), {w.id: w.tier for w in ruleset.weapons.values()})


# --- what one game counts ---------------------------------------------------------------------
def _kept(pid: str, r: Record) -> tuple[float, float]:
    mine = [s for s in r["seats"] if s["pilot"] == pid]
    return sum(s["win"] for s in mine), len(mine)


def _kept_when_dealt(pid: str, r: Record) -> tuple[float, float]:
    dealt = [s for s in r["seats"] if pid in dealt_pilots(s)]
    return sum(1 for s in dealt if s["pilot"] == pid), len(dealt)


def _owned(wid: str, r: Record) -> tuple[float, float]:
    owners = [s for s in r["seats"] if wid in s["owned"]]
    return sum(s["win"] for s in owners), len(owners)


def _bought(wid: str, r: Record) -> tuple[float, float]:
    return sum(1 for s in r["seats"] if wid in s["purchased"]), len(r["seats"])


class _GameMetrics:
    """Each record's game metrics, computed once (keyed by id: the records outlive the comparison)."""

    def __init__(self) -> None:
        self.seen: dict[int, dict[str, float]] = {}

    def of(self, r: Record) -> dict[str, float]:
        if id(r) not in self.seen:
            self.seen[id(r)] = game_metrics(r)
        return self.seen[id(r)]

    def count(self, name: str, r: Record) -> tuple[float, float]:
        return self.of(r).get(name, 0.0), 1


def game_metrics(record: Record) -> dict[str, float]:
    """Every per-game number of the game as a whole: means over its seats, counts, 0/1 indicators."""
    seats = record["seats"]
    n = len(seats)
    out = {
        "final VP (mean per player)": sum(s["vp"] for s in seats) / n,
        "winner's VP": max(s["vp"] for s in seats),
        "combats per game": record["combats"],
        "KOs per game": record["kos"],
        "retreats per game": record["retreats"],
        "events per game": record["events"],
        "Mighty Mech controlled at the end": float(record["mech_controller"] is not None),
        "first player wins": sum(s["win"] for s in seats if s["first"]),
        "shared victories": float(len(record["winners"]) > 1),
    }
    for s in seats:
        for source, vp in s["vp_by_source"].items():
            key = f"VP from {source} (per player)"
            out[key] = out.get(key, 0.0) + vp / n
    return out


def measures(games: Sequence[Record], cards: Sequence[StackCards]) -> list[Measure]:
    """Every row: each pilot and weapon of either stack (and any a record names), each seat, each agent
    when the seats have more than one, then the game metrics."""
    seats = [s for r in games for s in r["seats"]]
    pilots = dict.fromkeys([*(p for c in cards for p in c.pilots),
                            *sorted({s["pilot"] for s in seats} - {"none"})])
    weapons = dict.fromkeys([*(w for c in cards for w in c.weapons),
                             *sorted({w for s in seats for w in s["owned"]})])
    rows: list[Measure] = []
    for pid in pilots:
        rows.append(Measure("pilot", pid, "win rate when kept", partial(_kept, pid), True, "never kept"))
        rows.append(Measure("pilot", pid, "kept when dealt", partial(_kept_when_dealt, pid), True,
                            "never dealt"))
    for wid in weapons:
        rows.append(Measure("weapon", wid, "win rate when owned", partial(_owned, wid), True, "never owned"))
        rows.append(Measure("weapon", wid, "purchase rate", partial(_bought, wid), True))
    for seat in sorted({s["seat"] for s in seats}):
        rows.append(Measure("seat", str(seat), "win rate", seat_count(seat), True))
    agents = sorted({s["agent"] for s in seats})
    if len(agents) > 1:
        rows.extend(Measure("agent", a, "win rate", agent_count(a), True) for a in agents)
    metrics = _GameMetrics()
    names = dict.fromkeys(k for r in games for k in metrics.of(r))
    rows.extend(Measure("game", "", name, partial(metrics.count, name), False) for name in names)
    return rows


# --- the comparison ---------------------------------------------------------------------------
def compare(base: Sequence[Record], variant: Sequence[Record],
            cards: tuple[StackCards | None, StackCards | None] = (None, None),
            paired: bool = True) -> dict[str, Any]:
    """Each row's difference, variant - base, with its 95% interval, p-value and Holm-adjusted p-value.

    ``cards`` (the base's and the variant's) give a row to every card of the stacks, and say which card
    one side lacks. Paired (the default, for runs on the same seeds) unless fewer than 2 seeds match.
    """
    games_a, games_b, paired = pair_by_seed(base, variant, paired)
    rows = [_row(m, games_a, games_b, cards, paired)
            for m in measures([*games_a, *games_b], [c for c in cards if c is not None])]
    return {**adjusted(rows, games_a, games_b, paired),
            "choices": {"a": choices(games_a), "b": choices(games_b)}}


def _row(m: Measure, games_a: list[Record], games_b: list[Record],
         cards: tuple[StackCards | None, StackCards | None], paired: bool) -> dict[str, Any]:
    a, b = [m.per_game(r) for r in games_a], [m.per_game(r) for r in games_b]
    a_den, b_den = sum(d for _, d in a), sum(d for _, d in b)
    status = _status(m, cards, a_den, b_den, sum(n for n, _ in a) + sum(n for n, _ in b))
    if m.group == "game" and not paired and all(n in (0, 1) for n, _ in (*a, *b)):
        diff, method = stats.newcombe(sum(n for n, _ in b), len(b), sum(n for n, _ in a), len(a)), "Newcombe"
    else:
        diff = stats.ratio_difference(b, a, paired)
        ratio = m.group in ("pilot", "weapon", "agent")
        method = ("paired t" if paired else "Welch t") + (", ratio (delta method)" if ratio else "")
    defined = not math.isnan(diff.value) and diff.n >= 2 and not status.startswith(("new", "removed"))
    tested = defined and not (m.never and min(a_den, b_den) < MIN_SAMPLE)
    if defined and not tested:
        status = status or FEW
    low, high = (max(-1.0, diff.low), min(1.0, diff.high)) if m.rate else (diff.low, diff.high)
    return {"metric": m.label, "group": m.group, "subject": m.subject, "measure": m.measure, "rate": m.rate,
            "a": sum(n for n, _ in a) / a_den if a_den else None,
            "b": sum(n for n, _ in b) / b_den if b_den else None,
            "a_n": a_den, "b_n": b_den, "status": status,
            "value": diff.value if defined else None, "low": _finite(low) if defined else None,
            "high": _finite(high) if defined else None, "n": diff.n, "method": method,
            "p": diff.p if tested else None, "significant": tested and diff.significant}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _status(m: Measure, cards: tuple[StackCards | None, StackCards | None], a_den: float, b_den: float,
            numerators: float) -> str:
    """Why a row has no difference, or what is special about it; "" for an ordinary row."""
    if m.group in ("pilot", "weapon"):
        held = [c is None or m.subject in (c.pilots if m.group == "pilot" else c.weapons) for c in cards]
        if not held[0]:
            return "new in B"
        if not held[1]:
            return "removed in B"
    if m.never and not a_den and not b_den:
        return m.never
    if m.never and not (a_den and b_den):
        return f"{m.never} in {'A' if not a_den else 'B'}"
    if m.measure == "purchase rate" and not numerators:
        return NEVER_BOUGHT
    return ""


def choices(games: Iterable[Record]) -> dict[str, Any]:
    """Who chose what: per pilot, how often each agent kept it when dealt; per weapon, how often each
    agent's seats bought it."""
    seats = [s for r in games for s in r["seats"]]
    pilots = sorted({p for s in seats for p in dealt_pilots(s)} - {"none"})
    weapons = sorted({w for s in seats for w in s["purchased"]})
    return {"pilots": {p: pilot_choices(seats, p) for p in pilots},
            "weapons": {w: weapon_choices(seats, w) for w in weapons}}
