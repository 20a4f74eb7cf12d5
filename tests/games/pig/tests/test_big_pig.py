"""Big Pig (designed; the ``pig-big`` pack): a turn's scoring dice are set aside one at a time, a choice in
steps (``rulecraft.runtime.steps``). Pinned here: each step offers the faces still on the table and ``stop``
only after the first; an illegal step stops the game with nothing of it applied; the pack plays to the end
under ``rulecraft sim`` and its logs replay byte for byte. Its rule scenarios: ``scenarios/big-pig.yaml``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from rulecraft_pig.engine import HOLD, ROLL_OR_HOLD, SET_ASIDE, STOP, THROW, Pig
from rulecraft_pig.model import PigRules

from rulecraft.cli.main import main
from rulecraft.cli.play_ui import make_terminal, new_header, play
from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.wiring import load_ruleset, plugin_names
from rulecraft.runtime import logs
from rulecraft.runtime.chance import Die, Draw, ScriptedChance, UnscriptedChance
from rulecraft.runtime.decisions import IllegalAnswer, RandomAgent, ScriptedAgent
from rulecraft.runtime.games import agents_for, engine_for

BIG_PIG = Path(__file__).parents[1] / "rulecraft_pig" / "content" / "pig-big"


def big(**changes) -> PigRules:
    values = {"goal": 50, "die": Die("d6", (1, 2, 3, 4, 5, 6)), "bust": 1, "seats": ("pink", "black"),
              "solo_turns": 6, "step_cap": 5000, "dice": 3, **changes}
    return PigRules(**values)


def scripted_game(throws, *scripts):
    game = Pig(big(), [ScriptedAgent(script) for script in scripts], seed=0)
    game.chance = ScriptedChance([Draw(THROW, faces) for faces in throws])
    game.asked = []
    return game


def test_each_set_aside_step_offers_the_faces_left_and_stop_only_after_the_first():
    turn = [(SET_ASIDE, 2), (SET_ASIDE, 6), (SET_ASIDE, STOP), (ROLL_OR_HOLD, HOLD)]
    game = scripted_game([[2, 6, 2]], turn, [])
    with pytest.raises(UnscriptedChance, match="used up"):     # seat 1's throw: the scripted turn is over
        game.play()
    steps = [d for d in game.asked if d.kind == SET_ASIDE]
    assert [d.options for d in steps] == [(2, 6), (2, 6, STOP), (2, STOP)]
    assert [d.context["chosen"] for d in steps] == [(), (2,), (2, 6)]
    assert steps[2].context == {"thrown": (2, 6, 2), "turn_total": 8, "step": 2, "chosen": (2, 6),
                                "done": STOP}
    assert game.scores == [8, 0]


def test_an_illegal_step_stops_the_game_with_nothing_of_it_applied():
    game = scripted_game([[4, 3, 1]], [(SET_ASIDE, 4), (SET_ASIDE, 4)], [])
    with pytest.raises(IllegalAnswer, match="4 is not a legal answer to the set-aside decision"):
        game.play()
    assert game.turn_total == 4 and game.aborted
    assert [e["e"] for e in game.events[-3:]] == ["decision", "set-aside", "abort"]   # the illegal: unlogged


def test_stop_is_no_answer_before_a_die_is_set_aside():
    game = scripted_game([[5, 5, 1]], [(SET_ASIDE, STOP)], [])
    with pytest.raises(IllegalAnswer, match="'stop' is not a legal answer"):
        game.play()
    assert game.turn_total == 0


def test_random_big_pig_games_end_and_every_set_aside_was_on_the_table():
    ruleset = load_ruleset([BIG_PIG], (), "pig")
    assert ruleset.dice == 3 and ruleset.goal == 50
    for seed in range(20):
        game = Pig(ruleset, [RandomAgent(f"{seed}/{s}") for s in range(3)], seed=seed)
        standings = game.play()
        assert standings[0].score >= 50 and game.aborted is None
        table: list[int] = []
        for event in game.events:
            if event["e"] == "chance":
                table = [face for face in event["faces"] if face != ruleset.bust]
            elif event["e"] == "decision" and event["kind"] == SET_ASIDE and event["answer"] != STOP:
                table.remove(event["answer"])        # a ValueError if the face was not on the table


def test_rulecraft_sim_plays_big_pig_and_its_logs_replay_byte_for_byte(tmp_path, capsys):
    code = main(["sim", str(BIG_PIG), "--games", "4", "--players", "2", "--log", str(tmp_path / "logs")])
    assert code == 0, capsys.readouterr().err
    paths = sorted((tmp_path / "logs").glob("*.jsonl"))
    assert len(paths) == 4
    for path in paths:
        assert '"kind":"set-aside"' in path.read_text("utf-8")
        result = logs.replay(path, load_ruleset, make_hooks, engine_for, agents_for, plugin_names)
        assert result.ok, result.message


def test_a_person_sets_dice_aside_step_by_step_at_the_plain_board(tmp_path):
    """`rulecraft play`: each step is one numbered prompt; answering 1 sets aside the lowest face left."""
    out, prompts = io.StringIO(), []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "a" if prompt == "[cannot-undo] > " else "1"   # a roll shows: play it, and ask no more

    head, ruleset, hooks = new_header([str(BIG_PIG)], "random", 2, 0, False, "3", game="pig")
    log = tmp_path / "big-pig.jsonl"
    outcome = play(head, ruleset, hooks, log, make_terminal(Console(file=out, width=100), read))
    assert outcome.status == "finished"
    assert set(prompts) == {"[set-aside] > ", "[roll-or-hold] > ", "[cannot-undo] > "}
    assert prompts.count("[cannot-undo] > ") == 1
    assert main(["replay", str(log)]) == 0
