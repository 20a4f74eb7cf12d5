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
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.metrics import finished, pilot_choices, weapon_choices

Record = dict[str, Any]
# A card's rate over fewer seats than this on either side is shown but not tested: its delta-method
# interval leans on a normal approximation that a handful of owners does not support (2 owners who both
# lost have no spread at all), and an untested row cannot raise a false flag.
MIN_SAMPLE = 10
FEW = "few"       # the status of a row with fewer than MIN_SAMPLE seats on a side
NEVER_BOUGHT = "never bought"
Count = Callable[[Record], tuple[float, float]]   # a game's record -> (numerator, denominator)

FRACTIONAL_WINS = ("A win is a share: a shared victory (T15: still tied after the Mighty Mech and the "
                   "weapon-count tie-breaks) gives each of its k winners 1/k, so win counts can be "
                   "fractional.")
CHOICES = ("Sample sizes are the agents' choices, not players' preferences: each seat's agent keeps one of "
           "the pilots dealt to it and buys its weapons, so a card an agent favours has many games and one "
           "it never picks has none.")


class StackCards(NamedTuple):
    """The cards of a pack stack, so that a card nobody took still has its row."""

    pilots: tuple[str, ...]
    weapons: dict[str, str]     # id -> tier


def cards_of(ruleset: Any) -> StackCards:
    return StackCards(tuple(ruleset.pilots), {w.id: w.tier for w in ruleset.weapons.values()})


class Measure(NamedTuple):
    """One row of the comparison: what is measured on whom, and how one game counts."""

    group: str       # pilot, weapon, seat, agent or game
    subject: str     # the card id, "seat 0", the agent, or "" for a game metric
    measure: str     # e.g. "win rate when kept"
    count: Count
    rate: bool       # a proportion (shown in %, differences in percentage points)
    never: str = ""  # how a row with no denominator on either side reads, e.g. "never kept"

    @property
    def label(self) -> str:
        return f"{self.group} {self.subject}: {self.measure}" if self.subject else self.measure


# --- what one game counts ---------------------------------------------------------------------
def _kept(pid: str, r: Record) -> tuple[float, float]:
    mine = [s for s in r["seats"] if s["pilot"] == pid]
    return sum(s["win"] for s in mine), len(mine)


def _kept_when_dealt(pid: str, r: Record) -> tuple[float, float]:
    dealt = [s for s in r["seats"] if pid in (s.get("dealt") or [s["pilot"]])]
    return sum(1 for s in dealt if s["pilot"] == pid), len(dealt)


def _owned(wid: str, r: Record) -> tuple[float, float]:
    owners = [s for s in r["seats"] if wid in s["owned"]]
    return sum(s["win"] for s in owners), len(owners)


def _bought(wid: str, r: Record) -> tuple[float, float]:
    return sum(1 for s in r["seats"] if wid in s["purchased"]), len(r["seats"])


def _seat(seat: int, r: Record) -> tuple[float, float]:
    return sum(s["win"] for s in r["seats"] if s["seat"] == seat), 1


def _agent(agent: str, r: Record) -> tuple[float, float]:
    mine = [s for s in r["seats"] if s["agent"] == agent]
    return sum(s["win"] for s in mine), len(mine)


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
        rows.append(Measure("seat", str(seat), "win rate", partial(_seat, seat), True))
    agents = sorted({s["agent"] for s in seats})
    if len(agents) > 1:
        rows.extend(Measure("agent", a, "win rate", partial(_agent, a), True) for a in agents)
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
    games_a, games_b = finished(base), finished(variant)
    by_seed = {r["seed"]: r for r in games_b}
    pairs = [(r, by_seed[r["seed"]]) for r in games_a if r["seed"] in by_seed] if paired else []
    paired = len(pairs) >= 2
    if paired:
        games_a, games_b = [x for x, _ in pairs], [y for _, y in pairs]
    rows = [_row(m, games_a, games_b, cards, paired)
            for m in measures([*games_a, *games_b], [c for c in cards if c is not None])]
    for row, adjusted in zip(rows, stats.holm([r["p"] for r in rows]), strict=True):
        row["p_holm"] = adjusted
        row["holm"] = adjusted is not None and adjusted < 0.05
    return {"games": len(pairs) if paired else [len(games_a), len(games_b)], "paired": paired,
            "tested": sum(1 for r in rows if r["p"] is not None), "rows": rows,
            "choices": {"a": choices(games_a), "b": choices(games_b)}}


def _row(m: Measure, games_a: list[Record], games_b: list[Record],
         cards: tuple[StackCards | None, StackCards | None], paired: bool) -> dict[str, Any]:
    a, b = [m.count(r) for r in games_a], [m.count(r) for r in games_b]
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
    pilots = sorted({p for s in seats for p in (s.get("dealt") or [s["pilot"]])} - {"none"})
    weapons = sorted({w for s in seats for w in s["purchased"]})
    return {"pilots": {p: pilot_choices(seats, p) for p in pilots},
            "weapons": {w: weapon_choices(seats, w) for w in weapons}}


def choice_lines(comparison: dict[str, Any]) -> list[str]:
    """One line per side and agent: the pilots it kept when dealt (most kept first), and how many
    weapons its seats bought; a card it never picks shows 0 of its deals."""
    lines = []
    for side in "ab":
        found = comparison["choices"][side]
        agents = sorted({a for by in found["pilots"].values() for a in by})
        for agent in agents:
            kept = sorted(((by[agent]["kept"], by[agent]["dealt"], p) for p, by in found["pilots"].items()
                           if agent in by), key=lambda t: (-t[0] / t[1], -t[1], t[2]))
            pilots = ", ".join(f"{p} {k}/{d}" for k, d, p in kept)
            bought = sorted(((by[agent]["bought"], w) for w, by in found["weapons"].items()
                             if agent in by and by[agent]["bought"]), reverse=True)
            weapons = ", ".join(f"{w} {n}" for n, w in bought[:5]) or "none"
            lines.append(f"{side.upper()}, {agent} seats: kept when dealt: {pilots}; bought most: {weapons}")
    return lines


def agent_choices(by_agent: dict[str, dict[str, int]]) -> str:
    """``heuristic 27/27, random 6/13``: how often each agent kept a pilot when it was dealt one."""
    return ", ".join(f"{agent} {n['kept']}/{n['dealt']}" for agent, n in by_agent.items()) or "never dealt"


def method_note(comparison: dict[str, Any]) -> str:
    """The sentences that say which interval and which flags the comparison uses."""
    games = comparison["games"]
    if comparison["paired"]:
        how = (f"{games} games paired by seed; each row is B - A with a 95% paired t interval on the "
               f"per-game differences (a card's rates are ratios over games: linearised by the delta "
               f"method, each game one unit)")
    else:
        how = (f"{games[0]} and {games[1]} games on different seeds, not paired; each row is B - A with "
               f"Welch's interval (Newcombe's for 0/1 game metrics)")
    return (f"{how}. * = the interval excludes 0. With {comparison['tested']} rows tested, about 1 in 20 of "
            f"the unchanged ones is starred by chance alone; ** = still significant after Holm's adjustment "
            f"for all {comparison['tested']} (a 5% chance that any ** is false). {FEW} = a card's rate over "
            f"fewer than {MIN_SAMPLE} seats on a side: shown, not tested.")


# --- the comparison as tables (the terminal and the HTML page render the same ones) --------------
class TableSpec(NamedTuple):
    title: str
    headers: list[str]
    rows: list[list[str]]


# group, title, its two measures with their short column names, what the first measure's n counts
CARD_TABLES = (("pilot", "Pilots", {"win rate when kept": "win", "kept when dealt": "kept/dealt"}, "kept"),
               ("weapon", "Weapons", {"win rate when owned": "win", "purchase rate": "bought"}, "owners"))


def flag(row: dict[str, Any]) -> str:
    """``**`` (Holm), ``*`` (the interval excludes 0), ``few`` (shown, not tested) or nothing."""
    return "**" if row["holm"] else "*" if row["significant"] else FEW if row["status"] == FEW else ""


def value_cell(row: dict[str, Any], side: str) -> str:
    v = row[side]
    if v is None:
        return "-"
    return f"{100 * v:.1f}%" if row["rate"] else f"{v:.3f}"


def diff_cell(row: dict[str, Any]) -> str:
    """B - A [low, high], in percentage points for rates; the row's status where there is no difference."""
    if row["value"] is None or row["status"] == NEVER_BOUGHT:
        return row["status"] or "-"
    scale, digits = (100, 1) if row["rate"] else (1, 3)

    def num(x: float | None) -> str:
        return "?" if x is None else f"{scale * x:+.{digits}f}"
    return f"{num(row['value'])} [{num(row['low'])}, {num(row['high'])}]"


def tables(comparison: dict[str, Any]) -> list[TableSpec]:
    """Pilots and weapons (two measures each, every card of the stacks), seats and agents, the game."""
    rows = comparison["rows"]
    out = []
    for group, title, pair, count in CARD_TABLES:
        by_subject: dict[str, dict[str, dict[str, Any]]] = {}
        for r in rows:
            if r["group"] == group:
                by_subject.setdefault(r["subject"], {})[r["measure"]] = r
        headers = [group, f"{count} A/B"]
        for short in pair.values():
            headers += [f"{short} A", f"{short} B", f"{short} B - A [95% CI]", ""]
        body = []
        for subject, found in by_subject.items():
            first = found[next(iter(pair))]
            cells = [subject, f"{first['a_n']:g}/{first['b_n']:g}"]
            for measure in pair:
                r = found[measure]
                cells += [value_cell(r, "a"), value_cell(r, "b"), diff_cell(r), flag(r)]
            body.append(cells)
        legend = "; ".join(f"{short} = {measure}" for measure, short in pair.items())
        out.append(TableSpec(f"{title}: B - A ({legend}; differences in percentage points)", headers, body))
    out.append(TableSpec("Win rate by seat and agent: B - A (percentage points)",
                         ["", "A", "B", "B - A [95% CI]", ""],
                         [[f"{r['group']} {r['subject']}", value_cell(r, "a"), value_cell(r, "b"),
                           diff_cell(r), flag(r)] for r in rows if r["group"] in ("seat", "agent")]))
    out.append(TableSpec("The game: B - A", ["metric", "A", "B", "B - A [95% CI]", "interval", ""],
                         [[r["metric"], value_cell(r, "a"), value_cell(r, "b"), diff_cell(r), r["method"],
                           flag(r)] for r in rows if r["group"] == "game"]))
    return out


def notes(comparison: dict[str, Any]) -> list[str]:
    """What a reader needs before the tables: the interval and flags, fractional wins, who chose."""
    return [method_note(comparison), FRACTIONAL_WINS, CHOICES, *choice_lines(comparison)]
