"""The agents: seeded and reproducible, always legal, and the heuristic beats random clearly."""

from __future__ import annotations

from rulecraft.plugins.mecha.agents import AGENTS, HeuristicAgent
from rulecraft.plugins.mecha.duel import duel
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.runtime.decisions import RandomAgent


def test_the_same_seed_gives_the_same_game_event_for_event(core):
    def events(seed):
        game = MechaGame(core, [HeuristicAgent(1), RandomAgent(2)], seed=seed)
        game.play()
        return game.events
    assert events("s") == events("s")
    assert events("s") != events("t")


def test_the_heuristic_beats_random_clearly_from_either_seat():
    result = duel(["heuristic", "random"], 60, seed="test")
    assert result["agent_win"]["heuristic"]["low"] > 0.75, result
    assert result["games"] == 60 and result["decisions"]["heuristic"]["count"] > 0


def test_the_heuristic_answers_every_kind_of_decision_legally(core):
    kinds = set()
    for seed in range(20):
        game = MechaGame(core, [HeuristicAgent(seed), HeuristicAgent(seed + 1)], seed=seed)
        game.asked = []
        game.play()                      # an illegal answer raises IllegalAnswer
        kinds.update(d.kind for d in game.asked)
    assert {"main", "window", "target"} <= kinds


def test_the_metrics_count_seats_first_players_ends_and_cards(core):
    from rulecraft.plugins.mecha.metrics import record, summarize

    records = []
    for seed in range(6):
        game = MechaGame(core, [RandomAgent(seed), RandomAgent(seed + 7)], seed=seed)
        game.play()
        records.append(record(game, ["random", "random"]))
    summary = summarize(records)
    assert summary["games"] == 6 and sum(e["value"] for e in summary["ends"].values()) == 1
    wins_a = sum(1.0 if r["winner"] == 0 else 0.5 if r["winner"] is None else 0.0 for r in records)
    assert summary["seat_win"]["a"]["value"] == wins_a / 6
    assert set(summary["card_win"]) <= set(core.cards) and summary["length"]["value"] > 0
    assert set(AGENTS) == {"random", "heuristic"}
