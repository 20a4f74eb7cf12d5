"""Report: the metrics a designer reads, computed from per-game records, and the comparison of two runs.

``summarize(records)`` gives a JSON-ready dict: the final VP distribution; win rates by seat, agent and
pilot with 95% Wilson intervals; VP by source; purchase rate and win rate when owned for every weapon;
the Mighty Mech's control rate; game length and Combats per game; the first player's advantage.
``compare(a, b)`` pairs the games of two runs by seed and gives each metric's difference, a - b, with a
95% interval on the paired differences (unpaired intervals when the games cannot be paired), flagging
the intervals that exclude 0.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.stats import Estimate


def _est(e: Estimate) -> dict[str, Any]:
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n}


def _rate(wins: float, n: int) -> dict[str, Any]:
    return {"wins": wins, **_est(stats.wilson(wins, n))}


def finished(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if not r["aborted"]]


def summarize(records: Sequence[dict[str, Any]], weapons: dict[str, str] | None = None) -> dict[str, Any]:
    """The report of one run. ``weapons`` (id -> tier) lists every weapon, bought or not."""
    games = finished(records)
    seats = [s for r in games for s in r["seats"]]
    n_players = games[0]["players"] if games else 0
    vps = [s["vp"] for s in seats]
    q1, median, q3 = stats.quantiles(vps)
    winner_vp = [max(s["vp"] for s in r["seats"]) for r in games]
    margins = []
    for r in games:
        ordered = sorted((s["vp"] for s in r["seats"]), reverse=True)
        margins.append(ordered[0] - ordered[1] if len(ordered) > 1 else 0)

    def win_table(key: str) -> list[dict[str, Any]]:
        wins: dict[Any, float] = defaultdict(float)
        count: dict[Any, int] = defaultdict(int)
        for s in seats:
            wins[s[key]] += s["win"]
            count[s[key]] += 1
        return [{key: k, **_rate(wins[k], count[k])} for k in sorted(count, key=str)]

    sources: dict[str, float] = defaultdict(float)
    for s in seats:
        for source, vp in s["vp_by_source"].items():
            sources[source] += vp
    total_vp = sum(sources.values()) or 1
    agents = sorted({s["agent"] for s in seats})
    per_agent: dict[str, dict[str, float]] = {a: defaultdict(float) for a in agents}
    count = {a: sum(1 for s in seats if s["agent"] == a) for a in agents}
    for s in seats:
        for source, vp in s["vp_by_source"].items():
            per_agent[s["agent"]][source] += vp / count[s["agent"]]
    by_source = [{"source": k, "mean": v / len(seats), "share": v / total_vp,
                  "by_agent": {a: per_agent[a].get(k, 0.0) for a in agents}}
                 for k, v in sorted(sources.items(), key=lambda kv: -kv[1])] if seats else []

    all_weapons = dict(weapons or {})
    for s in seats:
        for w in s["owned"]:
            all_weapons.setdefault(w, "?")
    weapon_rows = []
    for wid, tier in sorted(all_weapons.items(), key=lambda kv: (kv[1], kv[0])):
        bought = sum(1 for s in seats if wid in s["purchased"])
        owners = [s for s in seats if wid in s["owned"]]
        weapon_rows.append({
            "weapon": wid, "tier": tier, "purchases": sum(s["purchased"].count(wid) for s in seats),
            "purchase_rate": _rate(bought, len(seats)),
            "win_when_owned": _rate(sum(s["win"] for s in owners), len(owners)),
        })

    first = [s for s in seats if s["first"]]
    controlled = [r for r in games if r["mech_controller"] is not None]
    controller_wins = sum(s["win"] for r in controlled for s in r["seats"] if s["mech"])
    return {
        "games": len(games), "aborted": [{"index": r["index"], "seed": r["seed"], "reason": r["aborted"]}
                                         for r in records if r["aborted"]],
        "players": n_players,
        "final_vp": {"mean": _est(stats.mean(vps)), "sd": stats.sd(vps), "min": min(vps, default=0),
                     "q1": q1, "median": median, "q3": q3, "max": max(vps, default=0),
                     "winner_mean": _est(stats.mean(winner_vp)), "margin_mean": _est(stats.mean(margins)),
                     "values": vps},
        "win_rate": {"seat": win_table("seat"), "agent": win_table("agent"), "pilot": win_table("pilot")},
        "vp_by_source": by_source,
        "weapons": weapon_rows,
        "mech": {"control_rate": _rate(len(controlled), len(games)),
                 "taken_per_game": _est(stats.mean([r["mech_taken"] for r in games])),
                 "controller_wins": _rate(controller_wins, len(controlled))},
        "length": {"events": _est(stats.mean([r["events"] for r in games])),
                   "turns": _est(stats.mean([r["turns"] for r in games])),
                   "decisions": _est(stats.mean([r["decisions"] for r in games])),
                   "rounds": _est(stats.mean([r["rounds"] for r in games]))},
        "combat": {"combats": _est(stats.mean([r["combats"] for r in games])),
                   "kos": _est(stats.mean([r["kos"] for r in games])),
                   "retreats": _est(stats.mean([r["retreats"] for r in games])),
                   "per_game": [r["combats"] for r in games]},
        "first_player": {**_rate(sum(s["win"] for s in first), len(first)),
                         "expected": 1 / n_players if n_players else None},
    }


# --- comparing two runs --------------------------------------------------------------------------
def game_metrics(record: dict[str, Any], weapons: Iterable[str] = ()) -> dict[str, float]:
    """Every per-game number ``compare`` pairs: means over the game's seats, counts, 0/1 indicators."""
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
    }
    for s in seats:
        out[f"win rate: seat {s['seat']}"] = s["win"]
    agents = sorted({s["agent"] for s in seats})
    if len(agents) > 1:
        for agent in agents:
            mine = [s for s in seats if s["agent"] == agent]
            out[f"win rate: agent {agent}"] = sum(s["win"] for s in mine) / len(mine)
    for s in seats:
        for source, vp in s["vp_by_source"].items():
            key = f"VP from {source} (per player)"
            out[key] = out.get(key, 0.0) + vp / n
    for wid in weapons:
        out[f"purchase rate: {wid}"] = sum(1 for s in seats if wid in s["purchased"]) / n
    return out


def compare(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]],
            paired: bool = True) -> list[dict[str, Any]]:
    """Each metric's difference a - b with its 95% interval; ``significant`` when it excludes 0.

    Paired (the default, for runs on the same seeds): games matched by game seed, a t interval on the
    per-game differences, which removes the variation the two runs share. Unpaired (different seeds, or
    ``paired=False``): Newcombe's interval for metrics that are 0/1 per game, Welch's for the others.
    """
    games_a, games_b = finished(a), finished(b)
    weapons = sorted({w for r in (*a, *b) for s in r["seats"] for w in s["purchased"]})
    by_seed = {r["seed"]: r for r in games_b}
    pairs = [(r, by_seed[r["seed"]]) for r in games_a if r["seed"] in by_seed] if paired else []
    if len(pairs) >= 2:
        per_a = [game_metrics(x, weapons) for x, _ in pairs]
        per_b = [game_metrics(y, weapons) for _, y in pairs]
    else:
        per_a = [game_metrics(x, weapons) for x in games_a]
        per_b = [game_metrics(y, weapons) for y in games_b]
    names = list(dict.fromkeys(k for m in (*per_a, *per_b) for k in m))
    rows = []
    for name in names:
        xs = [m.get(name, 0.0) for m in per_a]
        ys = [m.get(name, 0.0) for m in per_b]
        if len(pairs) >= 2:
            diff, method = stats.paired_difference(xs, ys), "paired t"
        elif all(v in (0, 1) for v in (*xs, *ys)):
            diff, method = stats.newcombe(sum(xs), len(xs), sum(ys), len(ys)), "Newcombe"
        else:
            diff, method = stats.welch_difference(xs, ys), "Welch t"
        rows.append({"metric": name, "a": stats.mean(xs).value if xs else None,
                     "b": stats.mean(ys).value if ys else None, **_est(diff), "method": method,
                     "significant": diff.n >= 2 and diff.significant})
    return rows
