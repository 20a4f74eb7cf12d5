"""Report: a tournament of agents: every seating of them played on the same seeds, rated by Bradley-Terry.

A round is one seed played once per seating (:func:`lineups`), so every seating meets the same dice and
decks and a seat's advantage is shared out evenly: each agent sits each seat equally often, on the same
seeds. The games are an ordinary run of the balance machinery (``batch.simulate`` with the configuration's
``lineups``: batches, processes, seeded games, records), so a tournament plays as fast as ``sim``.

Two agents *meet* in a game where both sit. Their meeting's score (:func:`meetings`) is the share of
their pairs of seats in which the first agent's seat finished above the other's (a larger share of the
win, ``runtime.outcomes``; between equal shares, the better rank), a tie counting half; in a two-seat game
this is the first agent's share of the win. A game counts once per pair of agents however many seats they
hold, so the two seats an agent takes in a four-seat game with two agents are not counted as two
independent meetings. The head-to-head table is each pair's mean score with its Wilson interval
(``stats.wilson``, one game one observation); the ratings are the Bradley-Terry fit of the same scores
(``balance.bradley_terry``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from rulecraft.runtime.balance import bradley_terry, stats
from rulecraft.runtime.balance.report import IntervalsPlot, Lines, Section, estimate, pct

Record = dict[str, Any]
MAX_LINEUPS = 720      # seatings per seed: 6 agents in 6 seats; more make a round too long to be a unit


def lineups(agents: Sequence[str], seats: int) -> tuple[tuple[str, ...], ...]:
    """Every seating of ``agents`` in ``seats`` seats: with at least as many agents as seats, every ordered
    choice of different agents; with fewer, every assignment in which each agent sits at least once (two
    agents in four seats: the 14 of the 16 that are not one agent alone). Either set is unchanged by any
    reordering of the seats or of the agents, so each agent sits each seat equally often and each pair
    meets equally often in each pair of seats."""
    if len(agents) >= seats:
        return tuple(itertools.permutations(agents, seats))
    return tuple(p for p in itertools.product(agents, repeat=seats) if len(set(p)) == len(agents))


def _above(a: Record, b: Record) -> float:
    """1 if seat ``a`` finished above seat ``b``, 1/2 if level, else 0."""
    ka, kb = (a["win"], -a["rank"]), (b["win"], -b["rank"])
    return 1.0 if ka > kb else 0.5 if ka == kb else 0.0


def meetings(record: Record) -> dict[tuple[str, str], float]:
    """For each pair of different agents of a finished game, ``(a, b)`` in both orders: a's score
    against b."""
    seats: dict[str, list[Record]] = {}
    for seat in record["seats"]:
        seats.setdefault(seat["agent"], []).append(seat)
    out = {}
    for a, b in itertools.permutations(seats, 2):
        pairs = [_above(x, y) for x in seats[a] for y in seats[b]]
        out[a, b] = sum(pairs) / len(pairs)
    return out


def summarize(records: Iterable[Record], agents: Sequence[str]) -> dict[str, Any]:
    """The tournament's report (JSON-ready): ratings (Elo scale, centred, with 95% profile intervals),
    the head-to-head table, how often each agent sat each seat, and the aborted games."""
    index = {a: i for i, a in enumerate(agents)}
    wins = [[0.0] * len(agents) for _ in agents]
    scores: dict[tuple[str, str], list[float]] = {pair: [] for pair in itertools.permutations(agents, 2)}
    sat: dict[tuple[str, int], int] = {}
    aborted, games, seeds = [], 0, set()
    for r in records:
        games += 1
        seeds.add(r["seed"])
        for seat in r["seats"]:
            sat[seat["agent"], seat["seat"]] = sat.get((seat["agent"], seat["seat"]), 0) + 1
        if r["aborted"]:
            aborted.append({"index": r["index"], "seed": r["seed"], "reason": r["aborted"]})
            continue
        for (a, b), score in meetings(r).items():
            scores[a, b].append(score)
            wins[index[a]][index[b]] += score
    fitted = bradley_terry.ratings(wins)
    order = sorted(range(len(agents)), key=lambda i: -fitted[i].value)
    rated = [{"agent": agents[i], "place": place, "rating": bradley_terry.elo(fitted[i].value),
              "low": bradley_terry.elo(fitted[i].low), "high": bradley_terry.elo(fitted[i].high),
              "meetings": sum(len(scores[agents[i], b]) for b in agents if b != agents[i])}
             for place, i in enumerate(order, 1)]
    head = [{"agent": a, "opponent": b, **estimate(stats.wilson(sum(s), len(s)))}
            for (a, b), s in scores.items()]
    players = max((seat for _, seat in sat), default=-1) + 1
    return {"agents": list(agents), "games": games, "seeds": len(seeds), "players": players,
            "ratings": rated, "head_to_head": head,
            "seats": [{"agent": a, "seat": s, "games": sat.get((a, s), 0)} for a in agents
                      for s in range(players)],
            "aborted": aborted}


def _rating(row: dict[str, Any]) -> str:
    return f"{row['rating']:+.0f} [{row['low']:+.0f}, {row['high']:+.0f}]"


def blocks(report: dict[str, Any]) -> list[Any]:
    """The report as blocks (``balance.report``) for the terminal and the page."""
    agents = report["agents"]
    ratings = Section("Ratings (Bradley-Terry, Elo scale)", ("place", "agent", "rating [95% CI]", "meetings"),
                      tuple((str(r["place"]), r["agent"], _rating(r), str(r["meetings"]))
                            for r in report["ratings"]),
                      "Centred on the agents' mean (0); 400 points is 10:1 odds. Intervals: profile "
                      "likelihood with one virtual tie per pair (a clean sweep still has a finite rating).",
                      IntervalsPlot(tuple(r["agent"] for r in report["ratings"]),
                                    tuple({"value": r["rating"], "low": r["low"], "high": r["high"]}
                                          for r in report["ratings"]),
                                    "Ratings", "rating, Elo scale (95% profile-likelihood interval)"),
                      justify="rlrr")
    score = {(h["agent"], h["opponent"]): h for h in report["head_to_head"]}
    head = Section("Head to head: the row's score against the column [95% Wilson CI]",
                   ("agent", *agents),
                   tuple((a, *("-" if a == b else f"{pct(score[a, b])} (n={score[a, b]['n']})"
                               for b in agents)) for a in agents),
                   "A score is the share of their meetings in which the row's agent finished above the "
                   "column's (a larger share of the win, then the better rank), a tie counting half; one "
                   "game is one meeting.")
    seats = Section("Seats taken (every seating on every seed)",
                    ("agent", *(f"seat {s}" for s in range(report["players"]))),
                    tuple((a, *(str(row["games"]) for row in report["seats"] if row["agent"] == a))
                          for a in agents))
    out: list[Any] = [ratings, head, seats]
    if report["aborted"]:
        out.append(Lines((f"{len(report['aborted'])} aborted game(s) are left out of the scores.",)))
    return out


def intro(report: dict[str, Any], lineup_count: int) -> list[str]:
    return [f"{report['seeds']} seeds x {lineup_count} seatings = {report['games']} games, "
            f"{report['players']} seats, agents {', '.join(report['agents'])}."]

