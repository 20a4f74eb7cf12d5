"""Report: the metrics a designer reads, computed from per-game records, and the comparison of two runs.

``summarize(records)`` gives a JSON-ready dict: the final VP distribution; win rates by seat, agent and
pilot with 95% Wilson intervals (every pilot of the stack, kept or not, with how often each agent kept
it when dealt); VP by source; purchase rate and win rate when owned for every weapon; the Mighty Mech's
control rate; game length and Combats per game; the first player's advantage; how the game plays
(``rulecraft.runtime.balance.quality_report``: lead changes in VP, decisiveness, the branching factor).
``compare`` (in ``rulecraft.plugins.tem.balance.comparison``) sets two runs side by side.

A win is a share: a shared victory (T15, after its tie-breaks) gives each of its k winners 1/k.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.quality_report import QualityTotals
from rulecraft.runtime.balance.report import estimate, rate
from rulecraft.runtime.balance.stats import Histogram


def summarize(records: Iterable[dict[str, Any]], weapons: dict[str, str] | None = None,
              pilots: Sequence[str] = ()) -> dict[str, Any]:
    """The report of one run. ``weapons`` (id -> tier) and ``pilots`` list the stack's cards, so that
    a card nobody took still has its row."""
    totals = Totals(weapons, pilots)
    for record in records:
        totals.add(record)
    return totals.report()


# The per-game numbers a report keeps (as histograms, with the seats' VPs), for its quantiles, intervals
# and plots: game length, then combat and the Mech.
LENGTHS = ("events", "turns", "decisions", "rounds", "combats", "kos", "retreats", "mech_taken")


class Totals:
    """The running totals of a run's report, folded one record at a time in game order: counts, sums and
    histograms of the per-game numbers (VPs, lengths) for the quantiles and intervals, never the records,
    so that their size does not grow with the run (issue 14: flat memory). The report lists the values of
    its two distributions (final VP, Combats per game) in ascending order."""

    def __init__(self, weapons: dict[str, str] | None = None, pilots: Sequence[str] = ()) -> None:
        self.weapons, self.pilots = dict(weapons or {}), list(pilots)
        self.aborted: list[dict[str, Any]] = []
        self.games = 0
        self.players = 0
        self.vps, self.winner_vp, self.margins = Histogram(), Histogram(), Histogram()
        self.lengths = {key: Histogram() for key in LENGTHS}
        self.wins: dict[str, dict[Any, float]] = {"seat": defaultdict(float), "agent": defaultdict(float)}
        self.seats: dict[str, dict[Any, int]] = {"seat": defaultdict(int), "agent": defaultdict(int)}
        self.sources: dict[str, float] = defaultdict(float)
        self.agent_sources: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.bought: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))   # weapon -> agent
        self.purchases: dict[str, int] = defaultdict(int)
        # [count, wins]: the wins start as the int 0, as a sum() of them would, so the report is the same; the
        # count is a whole number in a list typed by its wins (int() of it, for the type checker, is a no-op)
        self.owned: dict[str, list[float]] = defaultdict(lambda: [0, 0])      # weapon -> owners, their wins
        self.kept: dict[str, list[float]] = defaultdict(lambda: [0, 0])       # pilot -> keepers, their wins
        self.dealt: dict[str, dict[str, list[int]]] = defaultdict(dict)       # pilot -> agent -> kept, dealt
        self.first: list[float] = [0, 0]
        self.controlled: list[float] = [0, 0]
        self.fractional = 0
        self.quality = QualityTotals()     # how the game plays (lead changes in VP, decisiveness, ...)

    def add(self, r: dict[str, Any]) -> None:
        if r["aborted"]:
            self.aborted.append({"index": r["index"], "seed": r["seed"], "reason": r["aborted"]})
            return
        if not self.games:
            self.players = r["players"]
        self.games += 1
        self.quality.add(r)
        self.fractional += len(r["winners"]) > 1
        seats = r["seats"]
        ordered = sorted((s["vp"] for s in seats), reverse=True)
        for vp in ordered:
            self.vps.add(vp)
        self.winner_vp.add(ordered[0] if ordered else 0)
        self.margins.add(ordered[0] - ordered[1] if len(ordered) > 1 else 0)
        for key, values in self.lengths.items():
            values.add(r[key])
        if r["mech_controller"] is not None:
            self.controlled[0] += 1
            for s in seats:
                if s["mech"]:
                    self.controlled[1] += s["win"]
        for s in seats:
            agent, win = s["agent"], s["win"]
            for key in ("seat", "agent"):
                self.wins[key][s[key]] += win
                self.seats[key][s[key]] += 1
            for source, vp in s["vp_by_source"].items():
                self.sources[source] += vp
                self.agent_sources[agent][source] += vp
            for w in dict.fromkeys(s["purchased"]):
                self.bought[w][agent] += 1
            for w in s["purchased"]:
                self.purchases[w] += 1
            for w in dict.fromkeys(s["owned"]):
                self.weapons.setdefault(w, "?")
                owners = self.owned[w]
                owners[0] += 1
                owners[1] += win
            kept = self.kept[s["pilot"]]
            kept[0] += 1
            kept[1] += win
            for pid in dict.fromkeys(dealt_pilots(s)):
                row = self.dealt[pid].setdefault(agent, [0, 0])
                row[0] += s["pilot"] == pid
                row[1] += 1
            if s["first"]:
                self.first[0] += 1
                self.first[1] += win

    def report(self) -> dict[str, Any]:
        n_seats = len(self.vps)
        vps = self.vps
        q1, median, q3 = stats.quantiles(vps)
        agents = sorted(self.seats["agent"])
        count = self.seats["agent"]
        total_vp = sum(self.sources.values()) or 1
        by_source = [{"source": k, "mean": v / n_seats, "share": v / total_vp,
                      "by_agent": {a: self.agent_sources[a].get(k, 0.0) / count[a] for a in agents}}
                     for k, v in sorted(self.sources.items(), key=lambda kv: -kv[1])] if n_seats else []
        weapon_rows = []
        for wid, tier in sorted(self.weapons.items(), key=lambda kv: (kv[1], kv[0])):
            bought = self.bought.get(wid, {})
            owners, owner_wins = self.owned.get(wid, (0, 0))
            weapon_rows.append({
                "weapon": wid, "tier": tier, "purchases": self.purchases.get(wid, 0),
                "purchase_rate": rate(sum(bought.values()), n_seats),
                "win_when_owned": rate(owner_wins, int(owners)),
                "by_agent": {a: {"bought": bought.get(a, 0), "seats": count[a]} for a in agents},
            })
        lengths = self.lengths
        games = self.games
        return {
            "games": games, "aborted": self.aborted,
            "players": self.players,
            "final_vp": {"mean": estimate(stats.mean(vps)), "sd": stats.sd(vps), "min": min(vps, default=0),
                         "q1": q1, "median": median, "q3": q3, "max": max(vps, default=0),
                         "winner_mean": estimate(stats.mean(self.winner_vp)),
                         "margin_mean": estimate(stats.mean(self.margins)), "values": list(vps)},
            "win_rate": {key: [{key: k, **rate(self.wins[key][k], n)}
                               for k, n in sorted(self.seats[key].items(), key=lambda kv: str(kv[0]))]
                         for key in ("seat", "agent")} | {"pilot": self._pilot_rows()},
            "fractional_wins": self.fractional,
            "vp_by_source": by_source,
            "weapons": weapon_rows,
            "mech": {"control_rate": rate(self.controlled[0], games),
                     "taken_per_game": estimate(stats.mean(lengths["mech_taken"])),
                     "controller_wins": rate(self.controlled[1], int(self.controlled[0]))},
            "length": {key: estimate(stats.mean(lengths[key])) for key in LENGTHS[:4]},
            "combat": {"combats": estimate(stats.mean(lengths["combats"])),
                       "kos": estimate(stats.mean(lengths["kos"])),
                       "retreats": estimate(stats.mean(lengths["retreats"])),
                       "per_game": list(lengths["combats"])},
            "first_player": {**rate(self.first[1], int(self.first[0])),
                             "expected": 1 / self.players if self.players else None},
            "how_it_plays": self.quality.report(),
        }

    def _pilot_rows(self) -> list[dict[str, Any]]:
        """Win rate when kept for every pilot (the stack's, then any other a record names), with how often
        it was dealt, kept when dealt, and by which agents: the agents' choices make the sample sizes."""
        names = list(dict.fromkeys([*self.pilots, *sorted(self.kept)]))
        rows = []
        for pid in names:
            kept, wins = self.kept.get(pid, (0, 0))
            by_agent = {a: {"kept": k, "dealt": d} for a, (k, d) in sorted(self.dealt.get(pid, {}).items())}
            dealt = sum(row["dealt"] for row in by_agent.values())
            rows.append({"pilot": pid, **rate(wins, int(kept)), "dealt": dealt,
                         "kept_when_dealt": rate(kept, dealt), "by_agent": by_agent})
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
