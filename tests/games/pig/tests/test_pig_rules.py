"""Pig's own rules, pinned on its engine with a model built in the test (the conformance suite plays Pig
from its pack): a bust loses the turn's points, holding banks them, reaching the goal ends the game at once,
and a seat that never holds on a die without a bust face hits the step cap and aborts cleanly."""

from __future__ import annotations

import pytest
from rulecraft_pig.engine import HOLD, ROLL, Pig
from rulecraft_pig.model import PigRules

from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.chance import Die
from rulecraft.runtime.decisions import IllegalAnswer, ScriptedAgent
from rulecraft.runtime.errors import StepCapExceeded

SEATS = ("pink", "black", "white", "spotted")
D6 = Die("d6", (1, 2, 3, 4, 5, 6))


def rules(**changes) -> PigRules:
    values = {"goal": 30, "die": D6, "bust": 1, "seats": SEATS, "step_cap": 5000, **changes}
    return PigRules(**values)


class Always:
    needs_state = False

    def __init__(self, answer):
        self.answer = answer

    def decide(self, decision, view):
        return self.answer


def test_holding_banks_the_turn_total_and_a_bust_loses_it():
    """Seat 0 holds after every roll; seat 1 never holds, so it only ever busts."""
    game = Pig(rules(goal=1000, step_cap=200), [Always(HOLD), Always(ROLL)], seed=3)
    with pytest.raises(StepCapExceeded):
        game.play()
    turn, banked, lost = 0, 0, []
    for event in game.events:
        if event["e"] == "roll" and event["face"] != 1:
            turn += event["face"]
        elif event["e"] == "hold":
            assert event["player"] == 0 and event["banked"] == turn
            banked += turn
            turn = 0
        elif event["e"] == "bust":
            lost.append((event["player"], event["lost"], turn))
            turn = 0
    assert game.scores == [banked, 0] and banked > 0
    assert any(player == 1 and amount > 0 for player, amount, _ in lost)
    assert all(amount == turn for _, amount, turn in lost)


def test_reaching_the_goal_ends_the_game_at_once_with_ranked_standings():
    game = Pig(rules(goal=12), [Always(ROLL), Always(ROLL)], seed=7)
    standings = game.play()
    winner = standings[0]
    assert winner["rank"] == 1 and winner["score"] >= 12 and game.aborted is None
    assert game.events[-1] == {"e": "game-end", "standings": standings}
    assert sum(1 for e in game.events if e["e"] == "hold") == 1   # only the winning roll banks


def test_an_illegal_answer_aborts_the_game_with_the_reason_logged():
    game = Pig(rules(bust=7), [ScriptedAgent([("roll-or-hold", "double")]), Always(HOLD)], seed=1)
    with pytest.raises(IllegalAnswer):
        game.play()
    assert game.aborted and game.events[-1]["e"] == "abort"


def test_a_seat_that_never_holds_on_a_die_with_no_bust_face_hits_the_step_cap():
    game = Pig(rules(goal=10**9, bust=7, step_cap=100), [Always(ROLL), Always(ROLL)], seed=1)
    with pytest.raises(StepCapExceeded):
        game.play()
    assert game.aborted.startswith("step cap of 100 exceeded")
    assert len(game.events) == 101 and game.events[-1] == {"e": "abort", "reason": game.aborted}


def test_the_player_count_is_checked():
    with pytest.raises(ValueError, match="2-4 players"):
        Pig(rules(), [Always(HOLD)])


def test_the_die_is_the_packs_and_a_designed_one_is_marked(tmp_path):
    """Dice are data: a pack layered on pig-core patches the die (a designed one, faces 2 2 3 4 5 6: no 1, so
    no bust), and every roll of the game shows one of its faces, its chance event naming the die."""
    (tmp_path / "pack.yaml").write_text("id: no-ones\nname: No ones\nversion: 0.1.0\n"
                                        "depends: [{id: pig-core, version: '>=1.0,<2'}]\n"
                                        "files: [rules.yaml]\n", "utf-8")
    (tmp_path / "rules.yaml").write_text("kind: pig-rules\npatch:\n  - id: pig-rules\n    die: {id: no-ones, "
                                         "faces: [2, 2, 3, 4, 5, 6], designed: true}\n", "utf-8")
    ruleset = load_ruleset((str(tmp_path),), (), "pig")
    assert ruleset.die == Die("no-ones", (2, 2, 3, 4, 5, 6), designed=True)
    assert load_ruleset((), (), "pig").die == Die("d6", (1, 2, 3, 4, 5, 6))   # the folk die: not designed
    game = Pig(ruleset, [Always(ROLL), Always(HOLD)], seed=2)
    game.play()
    rolls = [e for e in game.events if e["e"] == "chance"]
    assert rolls and all(e["dice"] == ["no-ones"] and e["faces"][0] in (2, 3, 4, 5, 6) for e in rolls)
    assert not any(e["e"] == "bust" for e in game.events)
