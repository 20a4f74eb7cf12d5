"""The agents: seeded and reproducible, always legal, and the heuristic beats random clearly."""

from __future__ import annotations

from rulecraft.plugins.mecha.agents import AGENTS, HeuristicAgent
from rulecraft.plugins.mecha.duel import duel, wilson
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
    low, _ = result["interval"]
    assert low > 0.75, result


def test_the_heuristic_answers_every_kind_of_decision_legally(core):
    kinds = set()
    for seed in range(20):
        game = MechaGame(core, [HeuristicAgent(seed), HeuristicAgent(seed + 1)], seed=seed)
        game.asked = []
        game.play()                      # an illegal answer raises IllegalAnswer
        kinds.update(d.kind for d in game.asked)
    assert {"main", "window", "target"} <= kinds


def test_wilson_interval_brackets_the_rate():
    low, high = wilson(90, 100)
    assert low < 0.9 < high and low > 0.8 and high < 0.96
    assert set(AGENTS) == {"random", "heuristic"}
