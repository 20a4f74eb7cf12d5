"""Snapshots of the full screen at fixed sizes (80x24 and 120x40), committed and compared.

Each is a seeded game played through the panes (``PanesTerminal``: the same calls as at a terminal, with no
terminal), rendered to plain text at the moment named. A change to the screen shows up as a diff of these
files: look at it, then write the new ones with ``RULECRAFT_SNAPSHOTS=update``.
"""

from __future__ import annotations

import io
import os
import random
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from rulecraft.cli.fullscreen import PanesTerminal
from rulecraft.cli.play_ui import board_class, new_header, play
from rulecraft.plugins.tem.board import Picture
from rulecraft.runtime.panes import render_text

sys.path.insert(0, str(Path(__file__).parent))

from players import random_card, random_program

HERE = Path(__file__).parent / "snapshots"
SIZES = [(80, 24), (120, 40)]
OPTION = re.compile(r"^  (\S+)(?: / \S+)?  ")


class Scripted:
    """Answers as the scripted player of the line-mode tests, reading the program pane; stops (quits) at
    the prompt ``stop`` (a tag and how many times it must have been asked), keeping the panes as they are."""

    def __init__(self, seed: int, stop: tuple[str, int], script: dict[str, list[str]] | None = None) -> None:
        self.rng, self.stop, self.seen = random.Random(seed), stop, {}
        self.script = {k: list(v) for k, v in (script or {}).items()}
        self.term: PanesTerminal | None = None

    def __call__(self, prompt: str) -> str:
        tag = prompt[1:prompt.index("]")]
        self.seen[tag] = self.seen.get(tag, 0) + 1
        if (tag, self.seen[tag]) == self.stop:
            raise EOFError
        if self.script.get(tag):
            return self.script[tag].pop(0)
        if tag == "program":
            return random_program(self.rng)
        if tag == "ad-hoc-card":
            return random_card(self.rng)
        if tag.startswith("confirm"):
            return ""
        if tag == "cannot-undo":            # an answer that could not be taken back: played
            return "y"
        keys = [m.group(1) for m in (OPTION.match(Text.from_markup(line).plain)
                                     for line in self.term.panes.program) if m]
        return self.rng.choice(keys)


def screen_at(stop: tuple[str, int], seed: str = "7", players: int = 4, solo: bool = False,
              answers: int = 1, script: dict[str, list[str]] | None = None, tmp: Path | None = None):
    """The panes of a seeded game stopped at a prompt (they stay as the person saw them)."""
    head, ruleset, hooks = new_header([], "heuristic", players, 0, solo, seed)
    reader = Scripted(answers, stop, script)
    console = Console(file=io.StringIO(), width=120, color_system=None)
    term = PanesTerminal(console, Picture(ruleset, head["colours"], head["agents"]).panes(0), reader)
    reader.term = term
    outcome = play(head, ruleset, hooks, tmp / "game.jsonl", term)
    assert outcome.status == "quit", "the game ended before the prompt of the snapshot"
    return term.panes


def compare(name: str, text: str) -> None:
    path = HERE / f"{name}.txt"
    if os.environ.get("RULECRAFT_SNAPSHOTS") == "update":
        path.write_text(text + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {path}: write it with RULECRAFT_SNAPSHOTS=update"
    assert text + "\n" == path.read_text(encoding="utf-8"), f"{path} differs (RULECRAFT_SNAPSHOTS=update)"


def check_sizes(name: str, panes) -> dict[tuple[int, int], str]:
    shown = {}
    for width, height in SIZES:
        text = render_text(panes, width, height)
        lines = text.split("\n")
        assert len(lines) == height and all(len(line) <= width for line in lines), (width, height)
        compare(f"{name}-{width}x{height}", text)
        shown[width, height] = text
    return shown


def test_a_program_prompt(tmp_path):
    """Round 2's program: the board with tokens and players, your status, the legend, your hand, the log."""
    panes = screen_at(("program", 2), tmp=tmp_path)
    shown = check_sizes("program", panes)
    for (width, _), text in shown.items():
        assert "Program your 4 cards" in text and "Round 2/6" in text
        side = " ".join(row.split("││")[-1].strip("│") for row in text.split("\n") if "││" in row)
        side = " ".join(side.split())                      # the right-hand panes, read top to bottom
        for line in panes.pic.legend(wide=width >= 110):   # the whole legend is on screen at both sizes
            assert " ".join(Text.from_markup(line).plain.split()) in side, line
    assert "Advanced row" in shown[120, 40]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshots_are_deterministic(tmp_path, size):
    first = render_text(screen_at(("program", 2), tmp=tmp_path), *size)
    again = render_text(screen_at(("program", 2), tmp=tmp_path), *size)
    assert first == again


def test_a_cell_where_units_stack_clips_no_row(tmp_path):
    """Issue 20: three mechs on one cell of row 1 make that row taller; the board grows, and row 5's unit
    line stays on screen (the program pane gives up the rows)."""
    import copy

    panes = screen_at(("program", 2), tmp=tmp_path)
    state = copy.deepcopy(panes.state)
    cols, rows = panes.pic.cols, panes.pic.rows
    for p in state["players"][:3]:
        p["pos"] = 1
    state["players"][3]["pos"] = (rows - 1) * cols + 2
    panes.state = state
    for size in SIZES:
        text = render_text(panes, *size)
        assert len(text.split("\n")) == size[1]
        assert "Program your 4 cards" in text
    wide = render_text(panes, 120, 40)
    assert "● YEL" in wide and "● RED P6" in wide and "● GRE" in wide and "└──┴" in wide


def test_the_help_pane(tmp_path):
    """``?``: the help pane replaces the log: the options, the keys, the rules with their ruling ids."""
    shown = check_sizes("help", screen_at(("pilot", 2), script={"pilot": ["?"]}, tmp=tmp_path))
    for text in shown.values():
        assert "help: any answer closes it" in text and "q quit" in text
    assert "Setup: each player is dealt 2 pilots and keeps 1." in " ".join(shown[120, 40].split())


def test_buying_a_weapon_you_cannot_equip(tmp_path):
    """The confirmation before buying an Advanced weapon as a Pilot, with when you could equip it (T12)."""
    shown = check_sizes("confirm-buy", screen_at(("confirm-buy", 1), answers=2, tmp=tmp_path))
    for text in shown.values():
        words = " ".join(text.replace("│", " ").split())
        assert "A Pilot has no slot for Advanced weapons" in words and "Buy it anyway? [y/N]" in words


def test_scoring_in_the_log(tmp_path):
    """Round 3's program, after the first scoring: the log itemises the scores per zone (T14)."""
    shown = check_sizes("scoring", screen_at(("program", 3), tmp=tmp_path))
    words = " ".join(shown[120, 40].replace("│", " ").split())
    assert "Scoring after round 2" in words or "VP" in words


def test_the_guide_shows_the_screen_as_it_is():
    """site/docs/guides/playing-in-the-terminal.md shows the 80x24 program snapshot verbatim."""
    guide = Path(__file__).parents[2] / "site" / "docs" / "guides" / "playing-in-the-terminal.md"
    assert (HERE / "program-80x24.txt").read_text(encoding="utf-8") in guide.read_text(encoding="utf-8")


def test_a_terminal_too_small_for_the_board_still_shows_the_prompt(tmp_path):
    text = render_text(screen_at(("program", 2), tmp=tmp_path), 60, 18)
    assert "The board needs an 80x24 terminal (this one is 60x18)" in " ".join(text.split())
    assert "Program your 4 cards" in text and text.endswith("[program] card 1 of 4 > ")


# --- Mecha Game (issue 20) ---------------------------------------------------------------------------
MECHA = Path(__file__).parents[2] / "content" / "mecha-core"


def mecha_screen_at(stop: tuple[str, int], script: list[str], tmp: Path):
    """The panes of a seeded Mecha Game stopped at a prompt: ``script`` typed first, then passes."""
    head, ruleset, hooks = new_header([str(MECHA)], "heuristic", None, 0, False, "3", [], "mecha")
    board = board_class("mecha")(ruleset, head["colours"], head["agents"])
    typed, seen = list(script), {}

    def read(prompt: str) -> str:
        tag = prompt[1:prompt.index("]")]
        seen[tag] = seen.get(tag, 0) + 1
        if (tag, seen[tag]) == stop:
            raise EOFError
        return typed.pop(0) if typed else "p"

    term = PanesTerminal(Console(file=io.StringIO(), width=120, color_system=None), board.panes(0), read)
    assert play(head, ruleset, hooks, tmp / "mecha.jsonl", term).status == "quit"
    return term.panes


def test_mecha_main_phase(tmp_path):
    """Your main phase after a tower: the grid with both players' units (codes compact, names and counters
    wide), both players, your hand in words (whole at 120x40: cost, power, durability, keywords with
    reminder text, ability), keys that name their action, the log in words."""
    shown = check_sizes("mecha-main", mecha_screen_at(("main", 2), ["rt a1"], tmp_path))
    for text in shown.values():
        assert "you (seat a): bandwidth 1 (1 free)" in text and "  p  pass" in text
        assert not re.search(r"\bM\d+\b|\b[a-z]+=\S", text)       # no ruling id, no event dump
    wide = " ".join(shown[120, 40].replace("│", " ").split())
    assert "Skyhawk: mecha, cost 3, power 2, durability 2; Speed 2 (moves up to 2 spaces" in wide
    assert "RTa2" in shown[80, 24] and "RT Radio" in shown[120, 40]


def test_mecha_cards_and_help(tmp_path):
    """`c`: your cards whole at 80x24; `?`: the rule behind the prompt, with its ruling ids (only here)."""
    cards = check_sizes("mecha-cards", mecha_screen_at(("main", 2), ["c"], tmp_path))
    words = " ".join(cards[80, 24].replace("│", " ").split())
    assert "When played: Add 1 armour to a unit of yours of your choice." in words
    rules = check_sizes("mecha-help", mecha_screen_at(("main", 2), ["?"], tmp_path))
    assert "Your main phase (M6)" in rules[120, 40]


def test_l_shows_the_whole_log(tmp_path):
    """`l` (any game): the whole log in the help pane, newest at the bottom, where the log pane keeps only
    its last rows; the next answer closes it."""
    panes = mecha_screen_at(("main", 3), ["rt a1", "l"], tmp_path)
    text = render_text(panes, 80, 24)
    assert "the log (l: further back; any answer closes it)" in text
    words = " ".join(text.replace("│", " ").split())
    assert "you play Radio Tower on a1" in words and "Turn 2: you to play" in words


# --- Tiny Epic Quest (issue 23) ------------------------------------------------------------------------
TEQ = Path(__file__).parents[2] / "content" / "teq-core"
TEQ_OPTION = re.compile(r"^  (\S+(?: \S+)?)  (.*)")


def teq_screen_at(stop: tuple[str, int], tmp: Path, players: int = 2,
                  script: dict[str, list[str]] | None = None):
    """The panes of a seeded Tiny Epic Quest stopped at a prompt: ``script[tag]`` typed first at the prompts
    of that tag, then a key listed, by a seeded choice (a move: its hero to the first region listed)."""
    head, ruleset, hooks = new_header([str(TEQ)], "heuristic", players, 0, False, "5", [], "teq")
    board = board_class("teq")(ruleset, head["colours"], head["agents"])
    typed, seen = {k: list(v) for k, v in (script or {}).items()}, {}
    rng = random.Random(1)
    term: PanesTerminal

    def read(prompt: str) -> str:
        tag = prompt[1:prompt.index("]")]
        seen[tag] = seen.get(tag, 0) + 1
        if (tag, seen[tag]) == stop:
            raise EOFError
        if tag == "cannot-undo":            # a roll shows its dice: play it, and ask no more
            return "a"
        if typed.get(tag):
            return typed[tag].pop(0)
        keys = []
        for line in term.panes.program:
            match = TEQ_OPTION.match(Text.from_markup(str(line)).plain)
            if match:
                key, what = match.groups()
                if key.endswith(" REGION"):
                    ends = [t.split("(")[0] for t in what.split(" to ", 1)[1].split()[:2]]
                    key = " ".join([key.split()[0], *(ends if ends[1:] in (["cw"], ["acw"]) else ends[:1])])
                keys.append(key)
        assert keys, f"no option at {prompt}"
        return rng.choice(keys)

    term = PanesTerminal(Console(file=io.StringIO(), width=120, color_system=None), board.panes(0), read)
    assert play(head, ruleset, hooks, tmp / "teq.jsonl", term).status == "quit"
    return term.panes


def test_teq_night(tmp_path):
    """The second night's prompt: the map with both regions of each card, heroes, goblins and capacities;
    the magic track; the dice of the last roll; the quest row; every player's health and power with
    their maxima; roll or rest in words; the log in words."""
    shown = check_sizes("teq-night", teq_screen_at(("night", 2), tmp_path))
    for text in shown.values():
        assert "roll  roll all five dice" in text and "rest  rest" in text
        assert "q1 " in text and "magic" in text and "R you" in text and "B blue" in text
        assert not re.search(r"\bQ\d+\b|\b[a-z]+=\S", text)       # no ruling id, no event dump
    assert "Sword 0/2" in shown[120, 40]


def test_teq_use_step_and_help(tmp_path):
    """The use step with the dice as rolled and the faces left; `?`: the rule, with its ruling ids."""
    shown = check_sizes("teq-use", teq_screen_at(("use", 1), tmp_path))
    assert any(re.search(r"dice \((you|blue)\)", text) for text in shown.values())
    assert "left)" in " ".join(shown[120, 40].split())
    rules = check_sizes("teq-help", teq_screen_at(("night", 2), tmp_path, script={"night": ["?"]}))
    words = " ".join(rules[120, 40].replace("│", " ").split())
    assert "The night (Q14)" in words and "roll all five dice" in words and "The map's codes" in words


def test_l_again_pages_back_through_the_log(tmp_path):
    """`l` again (any game): the log a page further back each time, never past its first line."""
    panes = teq_screen_at(("night", 4), tmp_path, script={"night": ["roll", "l", "l"]})
    paged = render_text(panes, 80, 24)
    assert "the log, 1 page back (l: further back" in paged
    log = list(panes.log)
    panes.show_help(log, "the log", tail=True)
    assert render_text(panes, 80, 24).split("\n")[2:-2] != paged.split("\n")[2:-2]
    panes.show_help(log, "the log", tail=True, page=99)
    top = " ".join(render_text(panes, 80, 24).replace("│", " ").split())
    assert " ".join(Text.from_markup(log[0]).plain.split()) in top      # the first line, at the top
