"""`rulecraft play`: whole games played at the terminal by a scripted player that reads the screen.

Pins: a full solo game against two Robots (R1: 3-player arena, the person on the north-most Base and first
every round; R8: the verdict), a full 4-player game against heuristic agents, hidden information on the
screen (T16: other players' Mine numbers), illegal input at several prompts (a message and a new prompt,
never a crash), quit + resume giving the very game an uninterrupted run gives (in process and through
standard input), and `rulecraft replay LOG --watch --delay 0`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from players import exec_play

from rulecraft.cli.main import main
from rulecraft.cli.play_ui import load, make_terminal, new_header, play
from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.tem.build import load_ruleset
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.wiring import plugin_names
from rulecraft.runtime import logs
from rulecraft.runtime.games import agents_for, engine_for


def _play(tmp_path: Path, driver, solo: bool = False, opponents: str = "heuristic", seed: str = "7",
          name: str = "game.jsonl", players: int = 4):
    head, ruleset, hooks = new_header([], opponents, players, 0, solo, seed)
    path = tmp_path / name
    return play(head, ruleset, hooks, path, make_terminal(driver.console, driver)), path


def _events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def _replays(path: Path) -> bool:
    return logs.replay(path, load_ruleset, make_hooks, engine_for, agents_for, plugin_names).ok


def test_a_full_solo_game_against_two_robots(Driver, tmp_path):
    driver = Driver(seed=1)
    outcome, path = _play(tmp_path, driver, solo=True)
    assert outcome.status == "finished"
    head = json.loads(path.read_text().splitlines()[0])
    assert head["agents"] == ["human", "robot", "robot"] and "robot-pilots" in head["plugins"]
    events = _events(path)
    assert events[-1]["e"] == "game-end"
    # R1: the person takes the single north-most Base and goes first every round
    session = outcome.session
    vp = [p["vp"] for p in session.view(0)["players"]]
    base = next(e for e in events if e["e"] == "base" and e["player"] == 0)["cell"]
    bases = [e["cell"] for e in events if e["e"] == "base"]
    assert base == min(bases, key=lambda c: int(c[1:].split("c")[0]))
    starts = [e["starting_player"] for e in events if e["e"] == "round-start"]
    assert starts == [0] * session.ruleset.rules.rounds
    out = driver.output()
    assert "Round 6" in out and "Game over." in out
    assert ("You win!" in out) == (vp[0] > max(vp[1:]))   # R8
    assert "[program]" in " ".join(driver.prompts)
    assert _replays(path)


def test_a_full_four_player_game_against_heuristic_agents(Driver, tmp_path):
    driver = Driver(seed=3)
    outcome, path = _play(tmp_path, driver)
    assert outcome.status == "finished"
    head = json.loads(path.read_text().splitlines()[0])
    assert head["agents"] == ["human", "heuristic", "heuristic", "heuristic"]
    out = driver.output()
    for words in ("Turn 4", "Scoring after round 2", "Scoring after round 6", "Game over.", "your hand",
                  "Advanced row"):
        assert words in out
    # T16: another player's secret Mine number is never shown, neither narrated nor on the board
    assert out.count("hides a Mine (its number is secret)") == 3
    assert "mine ?" in out
    # every event the person saw came from a logged event: the log replays identically
    assert _replays(path)


def test_the_person_sees_only_their_own_view(Driver, tmp_path):
    """T16: the screen is drawn from the person's view (the session's ``view``, the UI's only picture of the
    game); no other seat's program shows before its reveal."""
    from rulecraft.runtime.session import Session

    seen: list[dict] = []
    original = Session.view

    def spy(self, seat):
        state = original(self, seat)
        seen.append(state)
        return state

    Session.view = spy
    try:
        _play(tmp_path, Driver(seed=5), opponents="random")
    finally:
        Session.view = original
    mine = [s for s in seen if s["you"] == 0]
    assert mine
    for state in mine:
        for p in state["players"][1:]:
            assert len(p["program"]) == p["revealed"]
            assert isinstance(p["mine_supply"], int)


ILLEGAL = {
    "pilot": ["9", "maverick-and-more", "1"],
    "setup-mine": ["7", "x", "2"],
    "program": ["hello", "9N", "8N", "1N 1E", "1N 2E 3S 4W 5N", "", "1N 2E", "r", "1N 2E 3S 4W"],
    "confirm": ["maybe", "n"],
}


def test_illegal_input_gets_a_message_and_a_new_prompt(Driver, tmp_path):
    driver = Driver(seed=2, script=ILLEGAL)
    outcome, _ = _play(tmp_path, driver, opponents="random")
    assert outcome.status == "finished"
    out = driver.output()
    for message in ("9 is not one of the options", "maverick-and-more is not one of the options",
                    "7 is not one of the options", "'hello': write a card number and a direction",
                    "'9N': there is no card 9", "'8N': Diagonal Jump moves NE SE SW NW, not N",
                    "'1E': card 1 is already in your program", "a program has exactly 4 cards",
                    "nothing given", "answer y (play it) or n (start over)"):
        assert message in out, message
    prompts = [p.split("]")[0] for p in driver.prompts]
    assert prompts[:3] == ["[pilot"] * 3          # the same prompt again after each illegal answer
    assert driver.typed[-1] != "q"


def _stop_point(driver, nth_program: int) -> int:
    programs = [i for i, p in enumerate(driver.prompts) if p.startswith("[program]")]
    return programs[nth_program]


@pytest.mark.parametrize("solo", [False, True], ids=["heuristic", "solo"])
def test_quit_and_resume_give_the_same_game(Driver, tmp_path, solo):
    whole = Driver(seed=4)
    outcome, full = _play(tmp_path, whole, solo=solo, name="whole.jsonl")
    assert outcome.status == "finished"
    stop = _stop_point(whole, 2)                    # quit at round 3's program prompt
    quitter = Driver(seed=4, script={}, stop_after=stop)
    outcome, part = _play(tmp_path, quitter, solo=solo, name="part.jsonl")
    assert outcome.status == "quit"
    full_lines, part_lines = full.read_text().splitlines(), part.read_text().splitlines()
    assert len(part_lines) < len(full_lines) and full_lines[:len(part_lines)] == part_lines
    # resume: the rest of the same answers, typed at the prompts that follow
    rest = iter(whole.typed[stop:])
    resumer = Driver()
    resumer.answer = lambda tag, fresh: next(rest)
    head, lines = logs.read(part, plugin_names)
    ruleset, hooks, _ = load([], head["plugins"])
    outcome = play(head, ruleset, hooks, part, make_terminal(resumer.console, resumer), lines)
    assert outcome.status == "finished"
    assert part.read_text() == full.read_text()
    assert "Resuming" in resumer.output()


def test_ctrl_c_saves_the_log(Driver, tmp_path):
    driver = Driver(seed=6)

    def interrupt(prompt: str) -> str:
        if prompt.startswith("[program]"):
            raise KeyboardInterrupt
        return driver(prompt)

    head, ruleset, hooks = new_header([], "random", 3, 0, False, "11")
    outcome = play(head, ruleset, hooks, tmp_path / "c.jsonl", make_terminal(driver.console, interrupt))
    assert outcome.status == "interrupted"      # saved as a quit game is; `rulecraft play` exits 130
    events = _events(tmp_path / "c.jsonl")
    assert events and events[-1]["e"] != "game-end"
    assert any(e["e"] == "decision" and e["kind"] == "basic-weapon" for e in events)


def _cli(args: list[str], stdin: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "120"}
    return subprocess.run([sys.executable, "-m", "rulecraft.cli", *args], input=stdin, text=True,
                          capture_output=True, cwd=cwd, env=env, timeout=120)


def test_the_cli_through_standard_input_quit_resume_and_watch(Driver, tmp_path):
    """The same answers typed on standard input: quit with q, resume, the log equals the in-process game;
    then `replay --watch --delay 0` shows it and `replay` verifies it."""
    whole = Driver(seed=8)
    _, full = _play(tmp_path, whole, seed="21", opponents="random", name="whole.jsonl", players=2)
    stop = _stop_point(whole, 1)
    log = tmp_path / "cli.jsonl"
    first = _cli(["play", "--seed", "21", "--opponents", "random", "--players", "2", "--log", str(log)],
                 "\n".join([*whole.typed[:stop], "q"]) + "\n", tmp_path)
    assert first.returncode == 0, first.stderr
    assert "--resume" in first.stdout
    second = _cli(["play", "--resume", str(log)], "\n".join(whole.typed[stop:]) + "\n", tmp_path)
    assert second.returncode == 0, second.stderr
    assert "Game over." in second.stdout
    assert log.read_text().splitlines()[1:] == full.read_text().splitlines()[1:]
    watched = _cli(["replay", str(log), "--watch", "--delay", "0"], "", tmp_path)
    assert watched.returncode == 0, watched.stderr
    assert watched.stdout.count("Round 6/6") >= 2 and "Game over." in watched.stdout
    assert "mine 1" in watched.stdout or "mine 2" in watched.stdout or "mine 3" in watched.stdout \
        or "mine 4" in watched.stdout      # watching a whole log shows every Mine's number
    assert _replays(log)


def test_watch_a_quit_game_and_as_one_seat(Driver, tmp_path, capsys):
    driver = Driver(seed=9, stop_after=30)
    outcome, path = _play(tmp_path, driver, opponents="random", name="q.jsonl")
    assert outcome.status == "quit"
    assert main(["replay", str(path), "--watch", "--delay", "0", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "The log ends here" in out and "--resume" in out
    assert "Blue (you)" in out
    # `rulecraft replay` verifies a stopped game as far as it goes
    assert main(["replay", str(path)]) == 0
    assert "the game stopped there" in capsys.readouterr().out
    lines = path.read_text().splitlines()
    last = max(i for i, line in enumerate(lines) if '"e":"decision"' not in line)   # an event, not an answer
    lines[last] = lines[last].replace('"e":"', '"e":"x', 1)
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 1
    assert "no longer follows its log" in capsys.readouterr().out


def test_usage_errors(Driver, tmp_path, capsys):
    driver = Driver(seed=1)
    _, done = _play(tmp_path, driver, opponents="random", players=2, name="done.jsonl")
    assert main(["play", "--resume", str(done)]) == 2
    assert "this game is over" in capsys.readouterr().err
    sim_log = tmp_path / "sim.jsonl"
    head = {"rulecraft_log": 1, "game": "tem", "seed": 1, "colours": ["red", "blue"]}
    sim_log.write_text(json.dumps(head) + "\n")
    assert main(["play", "--resume", str(sim_log)]) == 2
    assert "not a log of `rulecraft play`" in capsys.readouterr().err
    assert main(["play", "--players", "9", "--log", str(tmp_path / "x.jsonl")]) == 2
    assert main(["play", "--opponents", "nobody", "--log", str(tmp_path / "x.jsonl")]) == 2
    assert main(["play", "--resume", str(tmp_path / "missing.jsonl")]) == 2


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "win32", reason="needs a POSIX pty")
def test_at_a_real_terminal_pty(tmp_path):
    """A person at a terminal who asked for ``--plain`` (a pty: line editing, colours): an illegal answer,
    a re-prompt, then q. The full screen has its own tests (test_full_screen)."""
    import pty
    import select
    import time

    log = tmp_path / "pty.jsonl"
    pid, fd = pty.fork()
    if pid == 0:   # the child: rulecraft play at the terminal
        exec_play(["--solo", "--seed", "3", "--plain", "--log", str(log)], COLUMNS="110", LINES="50")
    seen = b""

    def until(marker: bytes, times: int = 1, timeout: float = 60.0) -> None:
        nonlocal seen
        end = time.time() + timeout
        while seen.count(marker) < times:
            assert time.time() < end, f"no {marker!r} on the screen:\n{seen[-1500:].decode(errors='replace')}"
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                seen += os.read(fd, 65536)

    try:
        until(b"[pilot] > ")
        os.write(fd, b"7\r")
        until(b"7 is not one of the options")
        until(b"[pilot] > ", times=2)        # the same prompt again
        os.write(fd, b"q\r")
        until(b"--resume")
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"\x1b[" in seen                          # drawn in colour: rich saw a terminal
    assert b"\x1b[?1049h" not in seen                # ... line by line, not on the alternate screen
    assert logs.read(log, plugin_names)[1]                         # the setup so far is saved


KIND_CASES = {   # kind -> (options, pick, what the person types, the answer the engine gets)
    "pilot": (("maverick", "diamond"), 1, ["2"], "diamond"),
    "base": ((2, 10), 1, ["c1"], 2),
    "setup-mine": ((1, 2, 3, 4), 1, ["3"], 3),
    "basic-weapon": (("energy-sword", "pulse-pistol"), 1, ["pulse-pistol"], "pulse-pistol"),
    "program": (None, 4, ["1N 3E", "5S 8NE", "y"],
                (("red-collect", "N"), ("red-purchase", "E"), ("red-deploy-mine", "S"),
                 ("red-diagonal-jump", "NE"))),
    "ad-hoc-card": (None, 1, ["2w"], ("red-collect-2", "W")),
    "equip": ((("energy-sword",), ("energy-sword", "pulse-pistol")), 1, [""], ("energy-sword",)),
    "take-mech": ((None, "troy-3000", "sparta-3000"), 1, ["2"], "sparta-3000"),
    "attack": ((("energy-sword", False), ("energy-sword", True)), 1, ["2"], ("energy-sword", True)),
    "boost": ((0, 1, 2, 3), 1, ["3"], 3),
    "ability-choice": ((True, False), 1, ["y"], True),
    "power-up": ((None, ("heal", 1), ("upgrade",)), 1, ["2"], ("upgrade",)),
    "purchase": ((None, "warhammer"), 1, ["-"], None),
    "mine-number": ((None, 2, 4), 1, ["4"], 4),
    "deploy-turret": ((True, False), 1, ["n"], False),
    "move-token": ((None, 7), 1, ["C2"], 7),
    "zone": ((6, 8), 1, ["D2"], 8),
}


@pytest.mark.parametrize("kind", sorted(KIND_CASES))
def test_every_decision_kind_lists_its_options_and_takes_a_short_answer(Driver, kind):
    """Each kind of runtime.decisions.KINDS, asked of a person: its options are listed (or the hand drawn),
    a short key answers it, and a wrong key first gets a message and the same prompt again."""
    from rulecraft.plugins.tem import api
    from rulecraft.plugins.tem.board import Picture
    from rulecraft.plugins.tem.prompts import Prompts
    from rulecraft.runtime.decisions import Decision

    ruleset, _, _ = load([], [])
    game = api.table(ruleset, colours=("red", "blue", "green", "yellow"))
    options, pick, typed, expected = KIND_CASES[kind]
    if options is None:
        options = game.program_options(game.players[0])
    driver = Driver(script={kind: ["zz", *typed], "confirm": typed[-1:]})
    human = Prompts(make_terminal(driver.console, driver), Picture(ruleset, list(game.ruleset.colours)), 0)
    answer = human.ask(Decision(kind, 0, tuple(options), pick=pick), game.view_state(0))
    assert answer == expected
    out = driver.output()
    assert "zz" in out and ("not one of the options" in out or "write a card number" in out or
                            "write cards like" in out)
    assert sum(p.startswith(f"[{kind}]") for p in driver.prompts) >= 2
    if kind not in ("program", "ad-hoc-card"):
        assert len([line for line in out.splitlines() if line.startswith("  ")]) >= len(options)


def test_every_decision_kind_is_covered():
    from rulecraft.plugins.tem.kinds import KINDS

    assert set(KINDS) == set(KIND_CASES)


def test_every_event_of_real_games_is_narrated():
    """Narration covers every event the engine and Robot Pilots emit (none falls back to the raw dump), and
    never shows another player's secret Mine number (T16)."""
    from rulecraft.plugins.tem.board import Picture
    from rulecraft.plugins.tem.robot_pilots import robot_hooks, solo_game
    from rulecraft.runtime.decisions import RandomAgent

    ruleset, hooks, _ = load([], [])
    games = []
    for seed in range(4):
        game = Game(ruleset, [RandomAgent(f"{seed}/{s}") for s in range(4)], seed=seed, hooks=hooks)
        game.play()
        games.append(game)
    for seed in range(3):
        game = solo_game(ruleset, RandomAgent(seed), seed=seed, hooks=robot_hooks())
        game.play()
        games.append(game)
    kinds = set()
    for game in games:
        picture = Picture(ruleset, [p.colour for p in game.players])
        for event in game.events:
            kinds.add(event["e"])
            for you in (0, None):
                text = picture.narrate(event, you)
                assert text is None or not text.startswith(f"[dim]{event['e']}:"), event
            if event["e"] == "deploy" and event["token"] == "mine" and event["player"] != 0:
                text = picture.narrate(event, 0)
                assert "its number is secret" in text and f"Mine {event['number']}" not in text
    assert {"reveal", "move", "combat-start", "attack", "damage", "vp", "ko", "scoring", "game-end",
            "robot-sight"} <= kinds


def test_resume_refuses_a_log_the_game_no_longer_follows(Driver, tmp_path):
    """A log edited (or from another pack version) stops the resume with a message; the log is untouched."""
    outcome, path = _play(tmp_path, Driver(seed=5, stop_after=12), opponents="random", name="p.jsonl")
    assert outcome.status == "quit"
    lines = path.read_text().splitlines()
    edited = next(i for i, line in enumerate(lines) if '"e":"arena"' in line)
    lines[edited] = lines[edited].replace('"mech":"', '"mech":"x')
    path.write_text("\n".join(lines) + "\n")
    before = path.read_text()
    driver = Driver(seed=5)
    head, expected = logs.read(path, plugin_names)
    ruleset, hooks, _ = load([], head["plugins"])
    outcome = play(head, ruleset, hooks, path, make_terminal(driver.console, driver), expected)
    assert outcome.status == "aborted"
    assert "no longer follows its log" in " ".join(driver.output().split())
    assert path.read_text() == before
