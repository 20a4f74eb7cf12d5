"""Issue 12: the game-agnostic runtime core (``rulecraft.runtime.game.GameCore``), through a game of a few
lines that names nothing of Tiny Epic Mechs: seats, the seeded RNG, events, ask, the step cap, abort."""

from __future__ import annotations

import pytest

from rulecraft.runtime.decisions import Decision, Distinct, IllegalAnswer, RandomAgent, ScriptedAgent
from rulecraft.runtime.errors import StepCapExceeded
from rulecraft.runtime.game import GameCore


class SeatView:
    def __init__(self, game, seat, *, state=True):
        self.player, self.ruleset = seat, None


class Race(GameCore):
    """First to 10: each turn a seat picks 1-3 steps; a die roll (the seeded RNG) adds 0 or 1."""

    view_class = SeatView

    def __init__(self, agents, seed=0, step_cap=1000, listeners=()):
        super().__init__(agents, seed, step_cap, listeners)
        self.score = [0] * len(agents)

    def run(self):
        while max(self.score) < 10:
            for seat in range(len(self.agents)):
                steps = self.ask(Decision("steps", seat, (1, 2, 3)))
                self.score[seat] += steps + int(self.rng.random() < 0.5)
                self.emit("moved", player=seat, total=self.score[seat])
        return sorted(range(len(self.agents)), key=lambda s: -self.score[s])


def test_the_same_seed_plays_the_same_game_and_every_answer_is_logged():
    first, second = (Race([RandomAgent("a"), RandomAgent("b")], seed="s") for _ in range(2))
    assert first.play() == second.play() and first.events == second.events
    decisions = [e for e in first.events if e["e"] == "decision"]
    assert decisions and all(e["kind"] == "steps" and e["answer"] in (1, 2, 3) for e in decisions)


def test_listeners_see_every_event_as_it_happens():
    seen = []
    game = Race([RandomAgent(1), RandomAgent(2)], listeners=[seen.append])
    game.play()
    assert seen == game.events


def test_an_illegal_answer_aborts_the_game_cleanly():
    game = Race([ScriptedAgent([("steps", 7)]), RandomAgent(0)])
    with pytest.raises(IllegalAnswer):
        game.play()
    assert game.aborted.startswith("IllegalAnswer") and game.events[-1]["e"] == "abort"


def test_the_step_cap_stops_a_game_that_loops():
    game = Race([RandomAgent(1), RandomAgent(2)], step_cap=5)
    with pytest.raises(StepCapExceeded):
        game.play()
    assert game.aborted == "step cap of 5 exceeded"
    assert game.events[-1] == {"e": "abort", "reason": game.aborted}


class Picks(GameCore):
    """Each seat in turn picks 1-3 by ``choose`` (a random seat answers by index), forever."""

    view_class = SeatView

    def run(self):
        while True:
            for seat in range(len(self.agents)):
                self.choose("steps", seat, (1, 2, 3))


@pytest.mark.parametrize("summary", [False, True])
def test_a_decision_by_index_is_a_step_in_either_mode_so_the_cap_stops_at_the_same_one(summary):
    game = Picks([RandomAgent(1), RandomAgent(2)], 0, 7)
    if summary:
        game.keep_only(())          # the decision events only counted, never built
    with pytest.raises(StepCapExceeded):
        game.play()
    assert game.aborted == "step cap of 7 exceeded" and game.steps == 8
    assert game.event_counts() == {"decision": 7, "abort": 1}     # the eighth was stopped, not recorded
    assert sum(game.seat_decisions) == 8


def test_a_distinct_key_is_the_game_s_rule_not_the_core_s():
    options = (("a", 1), ("a", 2), ("b", 1))
    assert Decision("pick", 0, options, pick=2).check((("a", 1), ("a", 2))) == (("a", 1), ("a", 2))
    once = Decision("pick", 0, options, pick=2, distinct=Distinct(lambda o: o[0], "a letter"))
    with pytest.raises(IllegalAnswer, match="uses a letter twice"):
        once.check((("a", 1), ("a", 2)))


def test_a_plugin_keeps_its_state_of_one_game_in_the_game_s_stash():
    game = Race([RandomAgent(1)])
    game.stash["my-plugin"] = {"rolls": 0}
    assert Race([RandomAgent(1)]).stash == {} and game.stash["my-plugin"] == {"rolls": 0}
