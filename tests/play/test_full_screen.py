"""`rulecraft play` at a real terminal: the full-screen UI through a pty, read by a terminal emulator (pyte).

Pins: whole games (solo against two Robots, R1; two players against the heuristic agent) played through the
panes; the board never scrolls away (the header and the board pane are on the same rows at every prompt);
the log still replays (the UI changes nothing the engine does); no key is lost (answers typed before their
prompt is drawn, even while the screen redraws, answer the prompts that follow).
"""

from __future__ import annotations

import json
import random

from players import pane, random_card, random_program

from rulecraft.cli.main import main
from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.tem.build import load_ruleset
from rulecraft.plugins.wiring import plugin_names
from rulecraft.runtime import logs
from rulecraft.runtime.games import agents_for, engine_for


def answer(rng: random.Random, tag: str, keys: list[str]) -> str:
    """A person who reads the program pane: a random legal-looking answer for the prompt shown."""
    if tag == "program":
        return random_program(rng)
    if tag == "ad-hoc-card":
        return random_card(rng)
    if tag.startswith("confirm"):
        return rng.choice(["", "y", "n"]) if tag != "confirm" else ""
    if tag == "cannot-undo":                # an answer that could not be taken back: play it or not
        return rng.choice(["y", "n"])
    return rng.choice(keys) if keys else rng.choice(["1", "-", "y"])


def play_through(game, seed: int) -> list[str]:
    rng = random.Random(seed)
    tags = []
    while (tag := game.wait_prompt()) is not None:
        tags.append(tag)
        game.type(answer(rng, tag, game.options()) + "\r")
        assert len(tags) < 2000, "the game does not end"
    return tags


def _replays(path) -> bool:
    return logs.replay(path, load_ruleset, make_hooks, engine_for, agents_for, plugin_names).ok


def _stays_in_place(game) -> None:
    """At every prompt the header is the first row and the board pane starts on the second."""
    for screen in game.screens:
        assert screen[0].startswith(("Round ", "rulecraft play")), screen[0]
        assert screen[1].startswith("╭─ board"), "\n".join(screen)


def test_a_whole_solo_game_at_80x24(pty_game, tmp_path):
    log = tmp_path / "solo.jsonl"
    game = pty_game(["--solo", "--seed", "5", "--log", str(log)], 80, 24)
    tags = play_through(game, seed=1)
    assert game.close() == 0
    assert {"pilot", "setup-mine", "basic-weapon", "program"} <= set(tags)
    _stays_in_place(game)
    events = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    assert events[-1]["e"] == "game-end"
    text = "\n".join(game.screen.display)
    assert "You win!" in text or "The Robots win" in text          # the verdict, R8
    assert "Game over." in game.raw.decode(errors="replace")
    assert _replays(log)


def test_a_whole_two_player_game_at_120x40(pty_game, tmp_path):
    log = tmp_path / "two.jsonl"
    game = pty_game(["--players", "2", "--seed", "8", "--delay", "0.001", "--log", str(log)], 120, 40)
    play_through(game, seed=2)
    assert game.close() == 0
    programs = [e for e in map(json.loads, log.read_text().splitlines()[1:])
                if e.get("e") == "decision" and e.get("player") == 0 and e["kind"] == "program"]
    assert len(programs) == 6                      # one program per round, each typed at the program pane
    _stays_in_place(game)
    wide = [s for s in game.screens if any("MECH ZONE" in row for row in s)]
    assert wide, "the 120x40 screen draws the big arena"
    assert any("Advanced row" in row for row in game.screens[-1])
    moving = "The other players are moving…"
    assert moving.encode() in game.raw         # --delay: the board is drawn during the others' turns
    assert json.loads(log.read_text().splitlines()[-1])["e"] == "game-end"
    assert _replays(log)


def test_no_key_is_lost(pty_game, tmp_path):
    """Answers typed before the game has drawn anything (while it loads and enters the full screen), then
    one typed byte by byte while the screen redraws: each answers its own prompt, in order (type-ahead)."""
    log = tmp_path / "keys.jsonl"
    game = pty_game(["--solo", "--seed", "3", "--log", str(log)], 80, 24)
    game.type("2\r3\r")                      # the pilot, then the setup Mine, before any prompt is drawn
    for key in "1\r":                        # the Basic weapon, typed while the screens are redrawn
        game.type(key)
    assert game.wait_prompt() not in (None, "pilot", "setup-mine", "basic-weapon")
    game.type("q\r")
    assert game.close() == 0
    answers = [(e["kind"], e["answer"]) for e in map(json.loads, log.read_text().splitlines()[1:])
               if e.get("e") == "decision" and e.get("player") == 0]
    kinds = [kind for kind, _ in answers]
    assert kinds[:3] == ["pilot", "setup-mine", "basic-weapon"], answers
    assert answers[1][1] == 3


def test_ctrl_c_saves_and_resume_goes_on_at_the_full_screen(pty_game, tmp_path):
    """Ctrl-C leaves the full screen (the terminal is given back as it was) with the log saved; ``--resume``
    goes on with the same game in the full screen to its end, and the log replays."""
    log = tmp_path / "cut.jsonl"
    game = pty_game(["--players", "2", "--seed", "4", "--log", str(log)], 80, 24)
    rng = random.Random(3)
    for _ in range(12):
        tag = game.wait_prompt()
        game.type(answer(rng, tag, game.options()) + "\r")
    assert game.wait_prompt() is not None
    game.type("\x03")
    assert game.close() == 130       # Ctrl-C: saved, and the exit says interrupted
    assert game.raw.count(b"\x1b[?1049h") == 1 and game.raw.rstrip().find(b"\x1b[?1049l") > 0
    assert "--resume" in "".join(game.screen.display)
    cut = log.read_text().splitlines()
    assert json.loads(cut[-1])["e"] != "game-end"
    again = pty_game(["--resume", str(log)], 80, 24)
    play_through(again, seed=4)
    assert again.close() == 0
    whole = log.read_text().splitlines()
    assert whole[:len(cut)] == cut and json.loads(whole[-1])["e"] == "game-end"
    assert _replays(log)


def test_u_takes_an_answer_back_and_refuses_once_another_seat_has_moved(pty_game, tmp_path):
    """Issue 22: at the full screen, `u` at the setup Mine takes the pilot back (the log file loses it, the
    pilot prompt comes back); once the programs are revealed and the Robots have moved, `u` is refused,
    with the reason in words (never an event's fields)."""
    log = tmp_path / "undo.jsonl"
    game = pty_game(["--solo", "--seed", "3", "--log", str(log)], 80, 24)
    assert game.wait_prompt() == "pilot"
    game.type("1\r")
    assert game.wait_prompt() == "setup-mine"
    assert '"kind":"pilot","player":0' in log.read_text()
    game.type("u\r")
    assert game.wait_prompt() == "pilot"
    assert '"kind":"pilot","player":0' not in log.read_text()     # the log is the session's lines
    assert "Taken back your pilot answer" in pane(game.screen.display, "log")
    rng = random.Random(5)
    tag = "pilot"
    while tag != "program":                        # to the first program: its reveal shows the others'
        game.type(answer(rng, tag, game.options()) + "\r")
        tag = game.wait_prompt()
    game.type(random_program(rng) + "\r")
    tag = game.wait_prompt()
    while tag == "confirm":                        # the program's confirmation is the prompt's, not an answer
        game.type("\r")
        tag = game.wait_prompt()
    game.type("u\r")
    assert game.wait_prompt() == tag
    text = pane(game.screen.display, "log")
    assert "Not taken back: You cannot take back your" in text and "since then, you have seen" in text
    assert "{" not in text and "=" not in text
    game.type("q\r")
    assert game.close() == 0
    assert main(["replay", str(log)]) == 0          # the rewritten log verifies as far as it goes
