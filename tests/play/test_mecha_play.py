"""`rulecraft play content/mecha-core` through a pseudo-terminal (issue 13 item 7, issue 20 item 1, issue 22
item 4): the 7x5 grid (M1), your hand but only the size of the opponent's (M18), bandwidth and population
(M11), the units' counters (durability, armour, time: M16, M17), the response windows of M15 as prompts of
their own, the game's end (M20), and a log that `rulecraft replay` verifies and `replay --watch` draws; line
by line (``--plain``) and at the full screen (read with the pyte emulator at 120x40 and 80x24: each card in
words, keys that name their action, no event dump, ruling ids in the help pane only), and `u` taking an
answer back or saying why not."""

from __future__ import annotations

import json
import os
import re
import select
import sys
import time
from pathlib import Path

import pytest
from players import exec_play, pane

from rulecraft.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "mecha-core"
PROMPT = re.compile(r"\[([a-z-]+)\] > $")


class Terminal:
    """`rulecraft play ARGS --plain` at a pty: the line-by-line game, read as a transcript."""

    def __init__(self, args: list[str], cwd: Path, columns: int = 160, lines: int = 60) -> None:
        import pty

        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(cwd)
            exec_play([*args, "--plain"], COLUMNS=str(columns), LINES=str(lines), TERM="xterm-256color")
        self.pid, self.fd, self.text = pid, fd, ""

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
            self.text += data.decode("utf-8", "replace")
            match = PROMPT.search(self.text.rstrip("\r\n ") + " ")
            if match and self.text.rstrip(" ").endswith(">"):
                return match.group(1)
        raise AssertionError("no prompt:\n" + self.text[-3000:])

    def options(self) -> list[tuple[str, str]]:
        """The options listed before the prompt: (key pattern, what it does)."""
        return [(m.group(1), m.group(2)) for m in map(OPTION.match, self.text.splitlines()) if m]

    def type(self, line: str) -> None:
        self.text = ""
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


OPTION = re.compile(r"^(?:│ )?  ((?:[a-g]\d(?: x)? )?(?:[a-z]{1,3}\d?|CELL|opp)(?: CELL| [a-g]\d)?)"
                    r"  (.*?)\s*(?:│.*)?\r?$")
CELLS = re.compile(r"\b[a-g][1-5]\b")


def answer(kind: str, options: list[tuple[str, str]], towers: list[int]) -> str:
    """A player who reads the options: two towers, then passes; a target or a waiting ability: the first."""
    if kind == "cannot-undo":               # an answer that could not be taken back: played
        return "y"
    keys = dict(options)
    tower = next(((k, what) for k, what in options if k.startswith("rt")), None)
    if kind == "main" and tower and towers[0] < 2:
        towers[0] += 1
        return tower[0].replace("CELL", CELLS.findall(tower[1])[0])
    if "p" in keys:
        return "p"
    key, what = options[0]
    return key.replace("CELL", CELLS.findall(what)[0]) if "CELL" in key else key


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_whole_game_line_by_line_with_prompts_for_each_window(tmp_path, capsys):
    log = tmp_path / "mecha.jsonl"
    term = Terminal([str(PACK), "--seed", "1", "--opponents", "heuristic", "--log", str(log)], tmp_path)
    seen: set[str] = set()
    screens, transcript, towers = [], [], [0]
    for _ in range(2000):
        kind = term.read_until_prompt()
        transcript.append(term.text)
        if kind is None:
            break
        seen.add(kind)
        screens.append(term.text)
        term.type(answer(kind, term.options(), towers))
    else:
        raise AssertionError("the game did not end")
    assert term.close() == 0
    everything = "".join(transcript)
    assert re.search(r"You win!|Seat [ab] wins:|The game is a draw", everything), everything[-2000:]
    first = screens[0]
    assert "a    b    c    d    e    f    g" in first and "seat a's entry zone" in first
    assert re.search(r"seat a: bandwidth \d+, population \d+, deck \d+, damage \d/5", first)
    assert re.search(r"seat b: .*hand: \d+ cards?\b", first)     # the opponent's hand: its size only (M18)
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
    assert ("p", "pass") in term.options()
    term.type("p")
    kind = term.read_until_prompt()
    if kind == "cannot-undo":             # the other player has nothing to do: your next draw is next
        assert "Drawing reveals a card" in term.text
        term.type("y")
        kind = term.read_until_prompt()
    assert kind is not None
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


# --- the full screen (issue 20) ----------------------------------------------------------------------
DUMP = re.compile(r"\b[a-z]+=\S")          # an event's fields, `cell=c1`
RULING = re.compile(r"\bM\d{1,2}\b")        # a ruling id: only the help pane may name one
HELP = "help: any answer closes it"


def screen_options(screen: list[str]) -> list[tuple[str, str]]:
    """The options in the prompt pane: (key pattern, what it does)."""
    found = []
    for row in screen:
        match = OPTION.match(row)
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def play_through(game, towers: list[int], extra=None) -> list[list[str]]:
    """Answer every prompt as :func:`answer` does (``extra(game, kind)`` first: it may type instead,
    returning True); the screens at each prompt."""
    for _ in range(3000):
        kind = game.wait_prompt()
        if kind is None:
            return game.screens
        if extra is not None and extra(game, kind):
            continue
        game.type(answer(kind, screen_options(game.screen.display), towers) + "\r")
    raise AssertionError("the game does not end")


def _words(screens: list[list[str]]) -> None:
    """Every screen in words: no event dump anywhere; no ruling id but in the help pane."""
    for screen in screens:
        text = "\n".join(screen)
        assert not DUMP.search(text), text
        if HELP not in text:
            assert not RULING.search(text), text


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_a_whole_game_at_the_full_screen(pty_game, tmp_path, capsys, size):
    """Issue 20: the grid, both players, your hand with each card's cost, keywords and ability in words
    (whole at 120x40; at 80x24 one row each, and `c` shows them whole), keys that name their action, `?`
    with the rule behind the prompt; no event dump and no ruling id outside the help pane."""
    from rulecraft.plugins.mecha.pack import core_ruleset
    from rulecraft.plugins.mecha.words import card_words

    cards = core_ruleset().cards.values()
    log = tmp_path / "full.jsonl"
    game = pty_game([str(PACK), "--seed", "3", "--log", str(log)], *size)
    shown: dict[str, str] = {}               # help pane / hand pane texts seen, by what was asked

    def extra(game, kind: str) -> bool:
        if kind == "main" and "cards" not in shown:
            shown["cards"] = ""
            game.type("c\r")
            return True
        if kind == "main" and not shown["cards"]:
            shown["cards"] = pane(game.screens[-1], "help")     # the screen `c` drew
            game.type("?\r")
            return True
        if kind == "main" and "rules" not in shown:
            shown["rules"] = pane(game.screens[-1], "help")
        return False

    screens = play_through(game, [0], extra)
    assert game.close() == 0
    _words(screens)
    assert json.loads(log.read_text().splitlines()[-1])["e"] == "game-end"
    assert main(["replay", str(log)]) == 0 and "replayed identically" in capsys.readouterr().out
    whole = [" ".join(card_words(card).split()) for card in cards]
    in_help = [words for words in whole if words in shown["cards"]]
    assert len(in_help) >= 3, shown["cards"]           # `c`: each card of the hand in full
    assert "main phase (M6)" in shown["rules"] and "bandwidth" in shown["rules"]   # `?`: the rule, in words
    first = "\n".join(screens[0])
    assert "you (seat a): bandwidth" in first and "seat b: bandwidth" in first
    assert re.search(r"\b5 .*\b1 ", first, re.S)          # the grid's rows
    if size == (120, 40):
        hands = [pane(s, "your hand") for s in screens]
        assert any(words in hand for hand in hands for words in whole if "cost" in words)
        assert any(words in hand for hand in hands for words in whole if "When" in words)
    texts = ["\n".join(s) for s in screens]
    assert any("  p  pass" in t for t in texts) and any(re.search(r"rt (CELL|[a-g]1)  play Radio Tower", t)
                                                         for t in texts)
    verdict = " ".join(game.screen.display)
    assert re.search(r"You win!|Seat [ab] wins:|The game is a draw", verdict), verdict


def test_u_takes_a_move_back_and_refuses_after_a_draw(pty_game, tmp_path):
    """Issue 22: `u` takes back a tower just played (the log file loses it, the same prompt comes back);
    after a pass the other player moves and you draw, so `u` is refused with the reason in words."""
    log = tmp_path / "undo.jsonl"
    game = pty_game([str(PACK), "--seed", "3", "--log", str(log)], 120, 40)
    kind = game.wait_prompt()
    while kind != "main" or not any(k.startswith("rt") for k, _ in screen_options(game.screen.display)):
        game.type(answer(kind, screen_options(game.screen.display), [2]) + "\r")
        kind = game.wait_prompt()
    tower = next(what for k, what in screen_options(game.screen.display) if k.startswith("rt"))
    cell = CELLS.findall(tower)[0]
    game.type(f"rt {cell}\r")
    assert game.wait_prompt() == "main"
    entered = f'"e":"enter","player":0,"card":"radio-tower","cell":"{cell}"'
    assert entered in log.read_text()
    game.type("u\r")
    assert game.wait_prompt() == "main"
    assert entered not in log.read_text()                 # the log is the session's again
    assert "Taken back your main answer" in " ".join(game.screen.display)
    assert any(k.startswith("rt") for k, _ in screen_options(game.screen.display))   # asked anew
    game.type("p\r")
    kind = game.wait_prompt()
    while kind != "main":                                  # to your next turn: its draw is yours
        game.type(answer(kind, screen_options(game.screen.display), [2]) + "\r")
        kind = game.wait_prompt()
    game.type("u\r")
    assert game.wait_prompt() == "main"
    text = " ".join(" ".join(game.screen.display).split())
    assert "Not taken back: You cannot take back your" in text and "since then, you have seen" in text
    game.type("q\r")
    assert game.close() == 0
    assert main(["replay", str(log)]) == 0


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


def test_a_play_that_draws_asks_first_and_then_cannot_be_taken_back(tmp_path):
    """Issue 20 item 1: a Courier draws as it enters, which no undo may take back (its card is seen), so
    `play` asks in words first; `n` asks the decision again, `y` plays it, and `u` then says why not."""
    log = tmp_path / "confirm.jsonl"
    term = Terminal([str(PACK), "--seed", "1", "--log", str(log)], tmp_path)
    courier = None
    for _ in range(400):
        kind = term.read_until_prompt()
        assert kind is not None, "the game ended before a Courier could be played"
        courier = next((key for key, what in term.options() if what.startswith("play Courier")), None)
        if kind == "main" and courier is not None:
            break
        term.type(answer(kind, term.options(), [0]))
    assert courier is not None
    key = courier.replace("CELL", CELLS.findall(dict(term.options())[courier])[0])
    term.type(key)
    assert term.read_until_prompt() == "cannot-undo"
    assert "Drawing reveals a card: this cannot be undone. Play it? y/n/a" in term.text
    term.type("maybe")
    assert term.read_until_prompt() == "cannot-undo"
    assert "Answer y (play it), n (choose again) or a (play it, and stop asking)." in term.text
    term.type("n")
    assert term.read_until_prompt() == "main" and "Not played: choose again." in term.text
    entered = '"e":"enter","player":0,"card":"courier"'
    assert entered not in log.read_text("utf-8")
    term.type(key)
    assert term.read_until_prompt() == "cannot-undo"
    term.type("y")
    assert term.read_until_prompt() is not None
    assert entered in log.read_text("utf-8")
    term.type("u")
    assert term.read_until_prompt() is not None and "Not taken back" in term.text
    term.type("q")
    assert term.read_until_prompt() is None and term.close() == 0


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_full_screen_asks_before_a_draw_in_words(pty_game, tmp_path, size):
    """The same confirmation at the full screen, whole at 80x24 too, with no event dump or ruling id."""
    game = pty_game([str(PACK), "--seed", "1", "--log", str(tmp_path / "confirm.jsonl")], *size)
    for _ in range(400):
        kind = game.wait_prompt()
        assert kind is not None, "the game ended before a Courier could be played"
        options = screen_options(game.screen.display)
        courier = next(((k, what) for k, what in options if what.startswith("play Courier")), None)
        if kind == "main" and courier is not None:
            break
        game.type(answer(kind, options, [0]) + "\r")
    key, what = courier
    game.type(key.replace("CELL", CELLS.findall(what)[0]) + "\r")
    assert game.wait_prompt() == "cannot-undo"
    text = pane(game.screen.display, "your main phase")          # the prompt pane, its rows joined
    assert "Drawing reveals a card: this cannot be undone. Play it? y/n/a" in text
    _words([game.screen.display])
    game.type("n\r")
    assert game.wait_prompt() == "main"
    game.type("q\r")
    assert game.close() == 0
