"""`rulecraft play` and `replay --watch` for a game that brings no board: the shared plain board and the
numbered prompts (cli/plain_board.py, cli/choices.py), through the test-only game Pig. It shows the seat's
view only and narrates no event but the core's chance events (Pig's rolls, in the core's words) and the end,
since it cannot know which fields of the game's own events are secret."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

from rich.console import Console

from rulecraft.cli.main import main
from rulecraft.cli.play_ui import make_terminal, new_header, play

PIG = Path(__file__).resolve().parents[1] / "games" / "pig" / "rulecraft_pig" / "content" / "pig-core"


def test_a_whole_game_of_pig_at_the_plain_board(tmp_path, capsys):
    out = io.StringIO()
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if prompt == "[cannot-undo] > ":     # the next player's roll shows: no undo past it (asked once)
            return "a"
        return {1: "x", 2: "b", 3: "?"}.get(len(prompts), "2")   # a bad key, the board, help, then hold

    head, ruleset, hooks = new_header([str(PIG)], "random", 2, 0, False, "5", game="tem")
    assert head["game"] == "pig" and head["colours"] == ["pink", "black"]   # the stack's game, not --game's
    log = tmp_path / "pig.jsonl"
    outcome = play(head, ruleset, hooks, log, make_terminal(Console(file=out, width=100), read))
    assert outcome.status == "finished"
    text = out.getvalue()
    assert "The game (you are pink, seat 0):" in text and "scores: " in text and "turn_total: " in text
    assert "   1  roll" in text and "   2  hold" in text and "Type a number from 1 to 2" in text
    assert "Keys: an option's number" in text
    assert "turn roll: d6 shows " in text and '"e":"chance"' not in text and "kind=" not in text
    assert set(prompts) == {"[roll-or-hold] > ", "[cannot-undo] > "}
    assert prompts.count("[cannot-undo] > ") == 1
    assert "this cannot be undone. Play it? y/n/a" in text
    assert "You win!" in text or "You finish #2." in text
    assert main(["replay", str(log)]) == 0
    assert main(["replay", str(log), "--watch", "--delay", "0"]) == 0
    assert "The game is over." in capsys.readouterr().out
    decisions = [json.loads(line) for line in log.read_text("utf-8").splitlines()[1:]]
    assert {e["answer"] for e in decisions if e["e"] == "decision" and e["player"] == 0} == {"hold"}


def test_play_seats_what_the_game_allows_and_a_solo_pig_game_says_its_target():
    """No hidden 4: `play` seats the most the game allows by default, and one seat where the game has a
    solo mode (Pig: the goal within its turns); holding at once never reaches 30 in 6 turns: a loss."""
    head, _, _ = new_header([str(PIG)], "random", None, 0, False, "5")
    assert head["agents"] == ["human", "random", "random", "random"]
    head, ruleset, hooks = new_header([str(PIG)], "random", 1, 0, False, "5")
    assert head["agents"] == ["human"] and head["colours"] == ["pink"]
    out = io.StringIO()
    terminal = make_terminal(Console(file=out, width=100), lambda prompt: "2" if "roll" in prompt else "y")
    outcome = play(head, ruleset, hooks, Path(os.devnull), terminal)
    assert outcome.status == "finished" and outcome.session.standings[0].result == "loss"
    assert "You lose: the target was 30 points within 6 turns." in out.getvalue()
