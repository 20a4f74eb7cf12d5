"""Report: the balance metrics that fit Mecha Game, each with its 95% interval.

``record(game, agents)`` keeps what one finished game says (winner, first player, how it ended, its
length, the cards each seat played); ``summarize(records)`` gives the seat and first-player win rates, the
win rate of each agent and of a seat that played each card, how games end (damage, deck-out, full entry
zone, draws) and the mean length in turns. Rates use the Wilson interval and the mean a t interval
(``rulecraft.runtime.balance.stats``); a draw counts half a win to each side.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.runtime.balance import stats

SEAT_NAMES = ("a", "b")


def record(game: MechaGame, agents: Sequence[str]) -> dict[str, Any]:
    played: list[set[str]] = [set(), set()]
    for event in game.events:
        if event["e"] in ("enter", "command"):
            played[event["player"]].add(event["card"])
    return {"winner": game.winner, "first": game.first, "reason": game.reason if game.winner is not None
            else "draw", "turns": game.turn, "agents": list(agents), "played": [sorted(p) for p in played],
            "aborted": game.aborted is not None}


def _est(estimate: stats.Estimate) -> dict[str, Any]:
    return {"value": estimate.value, "low": estimate.low, "high": estimate.high, "n": estimate.n}


def _score(r: dict[str, Any], seat: int) -> float:
    return 0.5 if r["winner"] is None else float(r["winner"] == seat)


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    games = [r for r in records if not r["aborted"]]
    n = len(games)
    seat = [_est(stats.wilson(sum(_score(r, s) for r in games), n)) for s in (0, 1)]
    first = _est(stats.wilson(sum(_score(r, r["first"]) for r in games), n))
    ends: dict[str, int] = defaultdict(int)
    agent_wins: dict[str, float] = defaultdict(float)
    agent_games: dict[str, int] = defaultdict(int)
    card_wins: dict[str, float] = defaultdict(float)
    card_games: dict[str, int] = defaultdict(int)
    for r in games:
        ends[r["reason"]] += 1
        for s in (0, 1):
            agent_wins[r["agents"][s]] += _score(r, s)
            agent_games[r["agents"][s]] += 1
            for card in r["played"][s]:
                card_wins[card] += _score(r, s)
                card_games[card] += 1
    return {
        "games": n, "aborted": len(records) - n,
        "seat_win": {SEAT_NAMES[s]: seat[s] for s in (0, 1)}, "first_player_win": first,
        "agent_win": {a: _est(stats.wilson(agent_wins[a], agent_games[a])) for a in sorted(agent_games)},
        "ends": {reason: _est(stats.wilson(k, n)) for reason, k in sorted(ends.items())},
        "length": _est(stats.mean([float(r["turns"]) for r in games])),
        "card_win": {c: _est(stats.wilson(card_wins[c], card_games[c])) for c in sorted(card_games)},
    }
