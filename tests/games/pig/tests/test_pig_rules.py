"""Pig's own rules, pinned on its engine with a model built in the test (the conformance suite plays Pig
from its pack): a bust loses the turn's points, holding banks them, reaching the goal ends the game at once,
a solo game is won by reaching the goal within its turns and lost otherwise, and a seat that never holds on
a die without a bust face hits the step cap and aborts cleanly."""

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
    values = {"goal": 30, "die": D6, "bust": 1, "seats": SEATS, "solo_turns": 6, "step_cap": 5000, **changes}
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
    winner, loser = standings
    assert (winner.rank, winner.result, winner.share) == (1, "win", 1.0) and winner.score >= 12
    assert (loser.rank, loser.result, loser.share) == (2, "loss", 0.0) and game.aborted is None
    assert game.events[-1] == {"e": "game-end", "standings": [s.row() for s in standings]}
    assert winner.row() == {"rank": 1, "player": winner.seat, "colour": SEATS[winner.seat],
                            "score": winner.score}
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


def test_solo_reaching_the_goal_within_the_turns_is_a_win():
    """Solo: a seat that always rolls on a die with no bust face banks the goal in its first turn."""
    game = Pig(rules(goal=12, bust=7), [Always(ROLL)], seed=2)
    (standing,) = game.play()
    assert (standing.rank, standing.result, standing.share, standing.reached) == (1, "win", 1.0, True)
    assert standing.target == "12 points within 6 turns" and standing.score >= 12
    assert game.events[-1]["result"] == "win" and game.events[-1]["turns"] == 1


def test_solo_missing_the_goal_within_the_turns_is_a_loss():
    """Solo: holding after every roll banks at most 6 a turn, never 30 in 3 turns: a loss after turn 3."""
    game = Pig(rules(solo_turns=3), [Always(HOLD)], seed=4)
    (standing,) = game.play()
    assert (standing.rank, standing.result, standing.share, standing.reached) == (1, "loss", 0.0, False)
    assert standing.score == game.scores[0] < 30 and game.aborted is None
    assert game.events[-1] == {"e": "game-end", "standings": [standing.row()],
                               "target": "30 points within 3 turns", "result": "loss", "turns": 3}
    assert sum(1 for e in game.events if e["e"] in ("hold", "bust")) == 3


def test_the_player_count_is_checked():
    with pytest.raises(ValueError, match="1-4 players"):
        Pig(rules(), [Always(HOLD)] * 5)


def test_the_die_is_the_packs_and_a_designed_one_is_marked(tmp_path):
    """Dice are data: a pack layered on pig-core patches the die (a designed one, faces 1 1 3 4 5 6: two busts
    in six), and every roll of the game shows one of its faces, its chance event naming the die."""
    (tmp_path / "pack.yaml").write_text("id: no-twos\nname: No twos\nversion: 0.1.0\n"
                                        "depends: [{id: pig-core, version: '>=1.0,<2'}]\n"
                                        "files: [rules.yaml]\n", "utf-8")
    (tmp_path / "rules.yaml").write_text("kind: pig-rules\npatch:\n  - id: pig-rules\n    die: {id: no-twos, "
                                         "faces: [1, 1, 3, 4, 5, 6], designed: true}\n", "utf-8")
    ruleset = load_ruleset((str(tmp_path),), (), "pig")
    assert ruleset.die == Die("no-twos", (1, 1, 3, 4, 5, 6), designed=True)
    assert load_ruleset((), (), "pig").die == Die("d6", (1, 2, 3, 4, 5, 6))   # the folk die: not designed
    game = Pig(ruleset, [Always(ROLL), Always(HOLD)], seed=2)
    game.play()
    rolls = [e for e in game.events if e["e"] == "chance"]
    assert rolls and all(e["dice"] == ["no-twos"] and e["faces"][0] in (1, 3, 4, 5, 6) for e in rolls)
    assert not any(e["e"] == "roll" and e["face"] == 2 for e in game.events)
