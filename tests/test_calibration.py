"""bench.calibration (issue 27): the calibration loop replays exactly what the recorded games did, one step
per decision (with its number of options) and one per event, so its games are the same games without rules."""

from __future__ import annotations

import random

from bench import calibration
from rulecraft.plugins.tem.build import load_ruleset
from rulecraft.plugins.tem.engine import Game
from rulecraft.runtime.decisions import RandomAgent


def test_a_trace_holds_each_decision_and_event_of_its_game():
    [trace] = calibration.traces(1)
    game = Game(load_ruleset(), [RandomAgent(f"calibration:0/{s}") for s in range(4)], seed="calibration:0")
    game.play()
    decisions = [e for e in game.events if e["e"] == "decision"]
    assert sum(step < 0 for step in trace) == len(game.events)
    assert sum(step > 0 for step in trace) == len(decisions) > 0
    assert calibration.replay((trace,), random.Random(0)) >= 0
