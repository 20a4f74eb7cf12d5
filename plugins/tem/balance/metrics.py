"""Report: the metrics a designer reads, computed from per-game records, and the comparison of two runs.

``summarize(records)`` gives a JSON-ready dict: the final VP distribution; win rates by seat, agent and
pilot with 95% Wilson intervals (every pilot of the stack, kept or not, with how often each agent kept
it when dealt); VP by source; purchase rate and win rate when owned for every weapon; the Mighty Mech's
control rate; game length and Combats per game; the first player's advantage. ``compare`` (in
``rulecraft.plugins.tem.balance.comparison``) sets two runs side by side.

A win is a share: a shared victory (T15, after its tie-breaks) gives each of its k winners 1/k.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.report import estimate, finished, rate, win_rows


def summarize(records: Sequence[dict[str, Any]], weapons: dict[str, str] | None = None,
              pilots: Sequence[str] = ()) -> dict[str, Any]:
    """The report of one run. ``weapons`` (id -> tier) and ``pilots`` list the stack's cards, so that
    a card nobody took still has its row."""
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
            "purchase_rate": rate(bought, len(seats)),
            "win_when_owned": rate(sum(s["win"] for s in owners), len(owners)),
            "by_agent": weapon_choices(seats, wid),
        })

    first = [s for s in seats if s["first"]]
    controlled = [r for r in games if r["mech_controller"] is not None]
    controller_wins = sum(s["win"] for r in controlled for s in r["seats"] if s["mech"])
    return {
        "games": len(games), "aborted": [{"index": r["index"], "seed": r["seed"], "reason": r["aborted"]}
                                         for r in records if r["aborted"]],
        "players": n_players,
        "final_vp": {"mean": estimate(stats.mean(vps)), "sd": stats.sd(vps), "min": min(vps, default=0),
                     "q1": q1, "median": median, "q3": q3, "max": max(vps, default=0),
                     "winner_mean": estimate(stats.mean(winner_vp)),
                     "margin_mean": estimate(stats.mean(margins)),
                     "values": vps},
        "win_rate": {"seat": win_rows(seats, "seat"), "agent": win_rows(seats, "agent"),
                     "pilot": pilot_rows(seats, pilots)},
        "fractional_wins": sum(1 for r in games if len(r["winners"]) > 1),
        "vp_by_source": by_source,
        "weapons": weapon_rows,
        "mech": {"control_rate": rate(len(controlled), len(games)),
                 "taken_per_game": estimate(stats.mean([r["mech_taken"] for r in games])),
                 "controller_wins": rate(controller_wins, len(controlled))},
        "length": {"events": estimate(stats.mean([r["events"] for r in games])),
                   "turns": estimate(stats.mean([r["turns"] for r in games])),
                   "decisions": estimate(stats.mean([r["decisions"] for r in games])),
                   "rounds": estimate(stats.mean([r["rounds"] for r in games]))},
        "combat": {"combats": estimate(stats.mean([r["combats"] for r in games])),
                   "kos": estimate(stats.mean([r["kos"] for r in games])),
                   "retreats": estimate(stats.mean([r["retreats"] for r in games])),
                   "per_game": [r["combats"] for r in games]},
        "first_player": {**rate(sum(s["win"] for s in first), len(first)),
                         "expected": 1 / n_players if n_players else None},
    }


def pilot_rows(seats: Sequence[dict[str, Any]], pilots: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Win rate when kept for every pilot (the stack's, then any other a record names), with how often
    it was dealt, kept when dealt, and by which agents: the agents' choices make the sample sizes."""
    names = list(dict.fromkeys([*pilots, *sorted({s["pilot"] for s in seats})]))
    rows = []
    for pid in names:
        kept = [s for s in seats if s["pilot"] == pid]
        dealt = sum(1 for s in seats if pid in dealt_pilots(s))
        rows.append({"pilot": pid, **rate(sum(s["win"] for s in kept), len(kept)), "dealt": dealt,
                     "kept_when_dealt": rate(len(kept), dealt), "by_agent": pilot_choices(seats, pid)})
    return rows


def dealt_pilots(seat: dict[str, Any]) -> list[str]:
    """The pilots dealt to a seat (records older than the ``dealt`` field: the one it kept)."""
    return seat.get("dealt") or [seat["pilot"]]


def pilot_choices(seats: Sequence[dict[str, Any]], pid: str) -> dict[str, dict[str, int]]:
    """Per agent: how many times ``pid`` was dealt to its seats, and kept."""
    out: dict[str, dict[str, int]] = {}
    for s in seats:
        if pid in dealt_pilots(s):
            row = out.setdefault(s["agent"], {"kept": 0, "dealt": 0})
            row["dealt"] += 1
            row["kept"] += s["pilot"] == pid
    return dict(sorted(out.items()))


def weapon_choices(seats: Sequence[dict[str, Any]], wid: str) -> dict[str, dict[str, int]]:
    """Per agent: in how many of its player-games ``wid`` was bought."""
    out: dict[str, dict[str, int]] = {}
    for s in seats:
        row = out.setdefault(s["agent"], {"bought": 0, "seats": 0})
        row["seats"] += 1
        row["bought"] += wid in s["purchased"]
    return dict(sorted(out.items()))
