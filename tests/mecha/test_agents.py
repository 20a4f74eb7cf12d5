"""The agents: seeded and reproducible, always legal, and the heuristic beats random clearly."""

from __future__ import annotations

from rulecraft.plugins.mecha.agents import AGENTS, HeuristicAgent
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, simulate
from rulecraft.runtime.decisions import RandomAgent


def test_the_same_seed_gives_the_same_game_event_for_event(core):
    def events(seed):
        game = MechaGame(core, [HeuristicAgent(1), RandomAgent(2)], seed=seed)
        game.play()
        return game.events
    assert events("s") == events("s")
    assert events("s") != events("t")


def test_the_heuristic_beats_random_clearly_from_either_seat(core):
    """Issue 13 item 6, through `rulecraft sim`'s batch: seats rotate every game, so each agent sits in
    each seat half the time."""
    from rulecraft.plugins.mecha.metrics import SIM_REPORT

    config = Config(load_table, agents=("heuristic", "random"), players=2, game="mecha")
    run = simulate(config, 60, seed="test")
    report = SIM_REPORT.summarize(run.records, core)
    heuristic = next(r for r in report["win_rate"]["agent"] if r["agent"] == "heuristic")
    assert heuristic["low"] > 0.75, report["win_rate"]
    assert report["games"] == 60 and {s["agent"] for s in run.records[1]["seats"]} == {"heuristic", "random"}
    assert run.records[0]["seats"][0]["agent"] == run.records[1]["seats"][1]["agent"] == "heuristic"


def test_the_heuristic_answers_every_kind_of_decision_legally(core):
    kinds = set()
    for seed in range(20):
        game = MechaGame(core, [HeuristicAgent(seed), HeuristicAgent(seed + 1)], seed=seed)
        game.asked = []
        game.play()                      # an illegal answer raises IllegalAnswer
        kinds.update(d.kind for d in game.asked)
    assert {"main", "window", "target"} <= kinds


def test_the_metrics_count_seats_first_players_ends_and_cards(core):
    """M20's ways to end a game, the first player (M4) and the cards played, from each game's record."""
    from rulecraft.plugins.mecha.metrics import SIM_REPORT, WAY_NAMES, game_record

    records = []
    for seed in range(6):
        game = MechaGame(core, [RandomAgent(seed), RandomAgent(seed + 7)], seed=seed)
        game.play()
        records.append(game_record(game, seed, str(seed), ["random", "random"]))
        assert records[-1]["first_seat"] == game.first and records[-1]["turns"] == game.turn
    summary = SIM_REPORT.summarize(records, core)
    assert summary["games"] == 6 and sum(e["value"] for e in summary["ends"].values()) == 1
    assert set(summary["ends"]) == set(WAY_NAMES)
    wins_a = sum(1.0 if r["winners"] == [0] else 0.5 if len(r["winners"]) == 2 else 0.0 for r in records)
    assert summary["win_rate"]["seat"][0]["value"] == wins_a / 6
    first = sum(s["win"] for r in records for s in r["seats"] if s["seat"] == r["first_seat"])
    assert summary["first_player"]["wins"] == first
    assert {row["card"] for row in summary["card_win"]} <= set(core.cards)
    assert summary["length"]["turns"]["value"] > 0
    assert set(AGENTS) == {"random", "heuristic"}
