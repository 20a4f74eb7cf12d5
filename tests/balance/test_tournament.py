"""`rulecraft tournament`: paired-seed seatings, Bradley-Terry ratings with profile intervals, the
head-to-head table, its files, and usage errors (exit 2, with did-you-mean)."""

from __future__ import annotations

import csv
import json
import math
from collections import Counter

import pytest

from rulecraft.cli.main import main
from rulecraft.runtime.balance import bradley_terry, tournament


def play(tmp_path, *args: str) -> dict:
    out = tmp_path / "t"
    assert main(["tournament", *args, "--quiet", "--out", str(out)]) == 0
    return {"report": json.loads((out / "tournament.json").read_text()),
            "records": json.loads((out / "records.json").read_text()), "out": out}


def test_mecha_heuristic_is_rated_above_random_with_separate_intervals(tmp_path, capsys):
    run = play(tmp_path, "content/mecha-core", "--agents", "random,heuristic", "--seeds", "8")
    first, second = run["report"]["ratings"]
    assert (first["agent"], second["agent"]) == ("heuristic", "random")
    assert first["low"] > second["high"]
    assert first["low"] <= first["rating"] <= first["high"]
    head = {(h["agent"], h["opponent"]): h for h in run["report"]["head_to_head"]}
    assert head["heuristic", "random"]["n"] == 16 and head["heuristic", "random"]["low"] > 0.5
    assert head["heuristic", "random"]["value"] + head["random", "heuristic"]["value"] == pytest.approx(1)
    text = capsys.readouterr().out
    assert "Ratings (Bradley-Terry, Elo scale)" in text and "Head to head" in text
    with (run["out"] / "ratings.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [r["agent"] for r in rows] == ["heuristic", "random"] and float(rows[0]["low"]) > 0
    with (run["out"] / "head-to-head.csv").open() as f:
        assert {(r["agent"], r["opponent"]) for r in csv.DictReader(f)} == set(head)
    assert (run["out"] / "records.csv").exists()
    page = (run["out"] / "tournament.html").read_text()
    assert "<table>" in page and page.count("data:image/png;base64,") == 1     # the ratings plot


def test_every_seating_is_played_on_the_same_seeds(tmp_path):
    """Each seed is played once per seating; on each seed every agent sits every seat equally often; the
    games are the same on 2 processes as on 1."""
    run = play(tmp_path, "--game", "tem", "--agents", "heuristic,random,robot", "--players", "3",
               "--seeds", "2", "--jobs", "2")
    records = run["records"]
    seatings = tournament.lineups(("heuristic", "random", "robot"), 3)
    assert len(records) == 2 * len(seatings) == 12
    by_seed: dict[str, list[tuple[str, ...]]] = {}
    for r in records:
        by_seed.setdefault(r["seed"], []).append(tuple(s["agent"] for s in r["seats"]))
    assert sorted(by_seed) == ["1:0", "1:1"]
    for seen in by_seed.values():
        assert sorted(seen) == sorted(seatings)
        taken = Counter((agent, seat) for lineup in seen for seat, agent in enumerate(lineup))
        assert set(taken.values()) == {2} and len(taken) == 9
    assert {row["games"] for row in run["report"]["seats"]} == {4}
    again = play(tmp_path / "one", "--game", "tem", "--agents", "heuristic,random,robot", "--players", "3",
                 "--seeds", "2", "--jobs", "1")
    assert again["records"] == records and again["report"]["ratings"] == run["report"]["ratings"]


@pytest.mark.parametrize(("agents", "seats", "count"), [(3, 2, 6), (2, 4, 14), (3, 4, 36), (4, 4, 24)])
def test_seatings_are_balanced(agents, seats, count):
    names = "abcd"[:agents]
    seatings = tournament.lineups(names, seats)
    assert len(seatings) == len(set(seatings)) == count
    taken = Counter((agent, seat) for lineup in seatings for seat, agent in enumerate(lineup))
    assert len(taken) == agents * seats and len(set(taken.values())) == 1
    assert all(set(lineup) == set(names) for lineup in seatings) or agents > seats


def test_four_seats_two_agents_one_game_is_one_meeting():
    record = {"seats": [{"agent": "a", "win": 1.0, "rank": 1}, {"agent": "b", "win": 0.0, "rank": 2},
                        {"agent": "a", "win": 0.0, "rank": 4}, {"agent": "b", "win": 0.0, "rank": 3}]}
    score = tournament.meetings(record)
    assert score["a", "b"] == pytest.approx((1 + 1 + 0 + 0) / 4)
    assert score["b", "a"] == pytest.approx(1 - score["a", "b"])


@pytest.mark.parametrize(("won", "lost"), [(12, 3), (20, 0), (5, 5)])
def test_two_agent_rating_and_its_profile_interval(won, lost):
    """Two agents: the rating difference d has the closed form log((w + 1/2) / (l + 1/2)) (one virtual
    tie), and the interval's ends are where the log-likelihood is chi2(1)/2 below its top."""
    a, b = bradley_terry.ratings([[0, won], [lost, 0]])
    w, v = won + 0.5, lost + 0.5     # with the virtual tie's halves
    assert a.value - b.value == pytest.approx(math.log(w / v))
    assert a.value == pytest.approx(-b.value) and (a.low, a.high) == pytest.approx((-b.high, -b.low))

    def loglik(d: float) -> float:
        return -w * math.log1p(math.exp(-d)) - v * math.log1p(math.exp(d))

    top = loglik(math.log(w / v))
    for end in (a.low, a.high):
        assert 2 * (top - loglik(2 * end)) == pytest.approx(1.959963984540054 ** 2, abs=1e-6)


def test_three_agents_are_ordered_by_their_scores():
    rated = bradley_terry.ratings([[0, 30, 35], [10, 0, 25], [5, 15, 0]])
    assert rated[0].value > rated[1].value > rated[2].value
    assert sum(r.value for r in rated) == pytest.approx(0, abs=1e-9)
    assert all(r.low < r.value < r.high for r in rated)


@pytest.mark.parametrize("game", ["tem", "teq", "mecha", "pig"])
def test_it_runs_for_every_game(game, tmp_path):
    if game == "pig":
        pytest.importorskip("rulecraft_pig")
    seeds = "1" if game == "tem" else "3"
    report = play(tmp_path, "--game", game, "--agents", "random,heuristic", "--seeds", seeds)["report"]
    assert {r["agent"] for r in report["ratings"]} == {"random", "heuristic"}
    assert report["games"] == int(seeds) * len(tournament.lineups("ab", report["players"]))


@pytest.mark.parametrize(("agents", "message"), [
    ("heuristic,randm", "did you mean 'random'?"),
    ("random", "at least two different agents"),
    ("random,random,heuristic", "name each agent once"),
])
def test_bad_agents_are_usage_errors(agents, message, capsys):
    assert main(["tournament", "--game", "mecha", "--agents", agents, "--seeds", "1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "teq", "--players", "1"], "two or more seats"),
    (["--game", "mecha", "--seeds", "0"], "--seeds must be at least 1"),
    (["--game", "mecha", "--players", "3"], "--players must be 2"),
])
def test_bad_seats_and_seeds_are_usage_errors(args, message, capsys):
    assert main(["tournament", *args, "--agents", "random,heuristic", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_guides_example_is_what_the_command_prints(capsys):
    """site/docs/guides/tournament.md shows this run's ratings and head-to-head rows as printed."""
    from pathlib import Path

    guide = (Path(__file__).parents[2] / "site/docs/guides/tournament.md").read_text(encoding="utf-8")
    assert main(["tournament", "content/tem-core", "--agents", "heuristic,robot,random", "--players", "3",
                 "--seeds", "10", "--quiet"]) == 0
    printed = capsys.readouterr().out.splitlines()
    shown = [line for line in guide.splitlines() if line.startswith("│")]
    assert len(shown) == 6 and all(line in printed for line in shown)
