"""`rulecraft play content/mecha-core` through a pseudo-terminal read with the pyte emulator (issue 13 item
7): the 7x5 grid (M1), your hand but only the size of the opponent's (M18), bandwidth and population (M11),
the units' counters (durability, armour, time: M16, M17), the response windows of M15 as prompts of their
own, the game's end (M20), and a log that `rulecraft replay` verifies and `replay --watch` draws."""

from __future__ import annotations

import os
import re
import select
import sys
import time
from pathlib import Path

import pytest
from players import exec_play

from rulecraft.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "mecha-core"
PROMPT = re.compile(r"\[([a-z-]+)\] > $")


class Terminal:
    """`rulecraft play ARGS` at a pty; what it shows is read through a terminal emulator."""

    def __init__(self, args: list[str], cwd: Path, columns: int = 160, lines: int = 60) -> None:
        import pty

        import pyte

        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.text = ""
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(cwd)
            exec_play(args, COLUMNS=str(columns), LINES=str(lines), TERM="xterm-256color")
        self.pid, self.fd = pid, fd

    def read_until_prompt(self, timeout: float = 30.0) -> str | None:
        """The next prompt's kind, or None when the program ended."""
        end = time.time() + timeout
        while time.time() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return None
            if not data:
                return None
            self.stream.feed(data)
            self.text += data.decode("utf-8", "replace")
            match = PROMPT.search(self.text.rstrip("\r\n ") + " ")
            if match and self.text.rstrip(" ").endswith(">"):
                return match.group(1)
        raise AssertionError("no prompt:\n" + "\n".join(self.screen.display))

    def options(self) -> dict[str, str]:
        """The numbered options listed before the prompt: text -> number."""
        found = re.findall(r"^ +(\d+)  (.+?)\r?$", self.text, flags=re.M)
        return {text.strip(): number for number, text in found}

    def type(self, line: str) -> None:
        self.text = ""
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_whole_game_in_the_terminal_with_prompts_for_each_window(tmp_path, capsys):
    log = tmp_path / "mecha.jsonl"
    term = Terminal([str(PACK), "--seed", "1", "--opponents", "heuristic", "--log", str(log)], tmp_path)
    seen: set[str] = set()
    screens, transcript = [], []
    towers = 0
    for _ in range(2000):
        kind = term.read_until_prompt()
        transcript.append(term.text)
        if kind is None:
            break
        seen.add(kind)
        screens.append(term.text)
        options = term.options()
        tower = next((n for text, n in options.items() if text.startswith("play Radio Tower")), None)
        if kind == "main" and tower and towers < 2:      # two towers, then hold the cards for the windows
            towers += 1
            term.type(tower)
        elif kind == "main":
            term.type(options["pass"])
        else:
            term.type("1")                                 # the first command of a window, the first target
    else:
        raise AssertionError("the game did not end")
    assert term.close() == 0
    everything = "".join(transcript)
    assert re.search(r"You win!|Seat [ab] wins:|The game is a draw", everything), everything[-2000:]
    first = screens[0]
    assert "a    b    c    d    e    f    g" in first and "seat a's entry zone" in first
    assert re.search(r"seat a: bandwidth \d+, population \d+, deck \d+, damage \d/5", first)
    assert re.search(r"seat b: .*hand: \d+ cards?\b", first)           # the opponent's hand: its size only (M18)
    assert re.search(r"Radio Tower \(a\): durability \d+, armour \d+", everything)       # a unit's counters
    assert re.search(r"power \d+, durability \d+, armour \d+", everything)
    assert "main" in seen and "window" in seen, seen
    assert "Attack window (b)" in everything or "End window (c)" in everything
    assert "seat b draws a card" in everything and "seat b draw " not in everything  # its draws are secret
    assert main(["replay", str(log)]) == 0
    assert "events replayed identically" in capsys.readouterr().out


def test_a_quit_game_resumes_where_it_stopped(tmp_path, capsys):
    """`q` saves the log; `play --resume` replays the answers given and goes on from there."""
    log = tmp_path / "quit.jsonl"
    term = Terminal([str(PACK), "--seed", "2", "--log", str(log)], tmp_path)
    assert term.read_until_prompt() == "main"
    term.type(term.options()["pass"])
    assert term.read_until_prompt() is not None
    term.type("q")
    assert term.read_until_prompt() is None and term.close() == 0
    lines = log.read_text("utf-8").splitlines()
    assert '"game":"mecha"' in lines[0] and '"kind":"main","player":0,"answer":["pass"]' in "".join(lines)
    assert main(["replay", str(log)]) == 0                 # a stopped game's log verifies as far as it goes
    assert "the game stopped there" in capsys.readouterr().out
    again = Terminal(["--resume", str(log)], tmp_path)
    assert again.read_until_prompt() is not None
    assert "Resuming" in again.text
    again.type("q")
    assert again.read_until_prompt() is None and again.close() == 0
    assert log.read_text("utf-8").splitlines()[: len(lines)] == lines


def test_replay_watch_draws_the_mecha_board(tmp_path, capsys):
    logs = tmp_path / "logs"
    assert main(["sim", str(PACK), "--games", "1", "--agents", "heuristic,random", "--quiet",
                 "--log", str(logs)]) == 0
    capsys.readouterr()
    assert main(["replay", str(logs / "game-000000.jsonl"), "--watch", "--delay", "0"]) == 0
    shown = capsys.readouterr().out
    assert "seat a's entry zone" in shown and "Turn 1" in shown and "lost to" in shown
    assert main(["replay", str(logs / "game-000000.jsonl"), "--watch", "--delay", "0", "--seat", "0"]) == 0
    assert "hand: " in capsys.readouterr().out


def test_the_windows_say_which_window_and_which_unit_attacks_which():
    """M15: each response window is its own prompt; the attack window (b) names the attacker and its
    target from the asked seat's view, and a direct attack (M19) names who is attacked."""
    from rulecraft.plugins.mecha import api
    from rulecraft.plugins.mecha import decisions as K
    from rulecraft.plugins.mecha.pack import core_ruleset
    from rulecraft.plugins.mecha.picture import Board
    from rulecraft.runtime.decisions import Decision

    ruleset = core_ruleset()
    game = api.table(ruleset, active=0)
    api.place(game, "lancer", "c2", owner=0)
    api.place(game, "radio-tower", "c3", owner=1)
    board = Board(ruleset, ["a", "b"])
    attack = {"window": "attack", "attacker": "c2", "target": "c3"}
    said = board.describe(Decision(K.WINDOW, 1, (K.PASS,), attack), game.view_state(1))
    assert said.startswith("Attack window (b): seat a's Lancer on c2 attacks your Radio Tower on c3")
    direct = {**attack, "target": K.OPPONENT}
    assert "attacks you directly." in board.describe(Decision(K.WINDOW, 1, (K.PASS,), direct),
                                                          game.view_state(1))
    assert "attacks seat b directly." in board.describe(Decision(K.WINDOW, 0, (K.PASS,), direct),
                                                             game.view_state(0))
    end = board.describe(Decision(K.WINDOW, 1, (K.PASS,), {"window": "end"}), game.view_state(1))
    assert end.startswith("End window (c)")
    assert board.option_text(("play", "radio-tower", "a1")) == "play Radio Tower on a1"
