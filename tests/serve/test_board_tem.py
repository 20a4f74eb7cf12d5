"""Issue 24: Tiny Epic Mechs' browser board (``rulecraft.plugins.tem.web``) drawn from real games' views.

At every decision of seeded games (two and four players) the seat's board is well-formed markup (parsed as
XML), each option's click target names an element of it (a cell for a Base or a zone, a program card, a
pilot, weapon or Mine), other players' programs show only as far as revealed and their Mines without
numbers (T16), and a pack's names are text, never markup, however hostile.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from serve_kit import HOSTILE, HOSTILE_YAML, parsed, targets_in

from rulecraft.plugins.tem.board import card_name
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.views import view_for
from rulecraft.plugins.tem.web import Board
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import get

ROOT = Path(__file__).resolve().parents[2]
SHOWN = '<script>alert("x")</script> & Co'      # as drawn: one line, no control character


class Checker(RandomAgent):
    """A random seat that draws its board at each decision and checks it against the options."""

    needs_state = True

    def __init__(self, seed: str, board: Board, seen: Counter[str]) -> None:
        super().__init__(seed)
        self.board, self.seen = board, seen

    def decide(self, decision, view):
        state, you = view.state(), view.player
        root = parsed(self.board.board(state, you))
        ids = targets_in(root)
        assert len(ids) == len(set(ids)), "each click target is one element"
        targets = self.board.targets(decision, state)
        assert len(targets) == len(decision.options)
        for option, target in zip(decision.options, targets, strict=True):
            assert target is None or target in ids, (decision.kind, option, target)
            self.seen[f"{decision.kind}:{'board' if target else 'list'}"] += 1
        me = state["players"][you]
        assert {i for i in ids if i.startswith("mine-")} == {f"mine-{n}" for n in me["mine_supply"]}
        assert {i for i in ids if i.startswith("prog-")} == \
            {f"prog-{c.id}" for c in self.board.ruleset.program_cards[me["colour"]]}
        words = "".join(root.itertext())
        for other in state["players"]:          # T16: a program as far as revealed, the rest a count
            hidden = other.get("program_size", len(other["program"])) - len(other["program"])
            assert other["seat"] == you or hidden == 0 or f"{hidden} hidden" in words
        for token in state["tokens"].values():
            assert token["owner"] == you or token["kind"] != "mine" or token["number"] is None
        return super().decide(decision, view)


@pytest.fixture(scope="module")
def core():
    return load_ruleset((), (), "tem")


def play(ruleset, players: int, seed: str) -> tuple[Game, Counter[str]]:
    colours = list(ruleset.colours[:players])
    board, seen = Board(ruleset, colours), Counter()
    game = Game(ruleset, [Checker(f"{seed}/{s}", board, seen) for s in range(players)], seed=seed)
    game.play()
    return game, seen


def test_every_decision_of_seeded_games_is_drawn_with_its_targets(core):
    seen: Counter[str] = Counter()
    for players, seed in ((4, "b1"), (2, "b2")):
        game, counts = play(core, players, seed)
        assert game.finished
        seen += counts
    for kind in ("base", "pilot", "setup-mine", "basic-weapon", "program", "purchase"):   # T4, T5, T12, T17
        assert seen[f"{kind}:board"] > 0, seen
    assert seen["deploy-turret:list"] > 0 and not seen["deploy-turret:board"]


def test_a_spectator_sees_the_public_board_and_the_definition_names_it(core):
    game, _ = play(core, 3, "b3")
    root = parsed(Board(core, list(core.colours[:3])).board(game.public_view(), None))
    ids = targets_in(root)
    assert not [t for t in ids if t.startswith(("prog-", "mine-", "weapon-", "pilot-"))]
    assert sum(1 for t in ids if t.startswith("cell-")) == sum(1 for s in game.board.zones if s)
    assert get("tem").web is not None and get("tem").web.load() is Board


def hostile_pack(folder: Path) -> Path:
    """The core pack copied with a weapon's and a pilot's names made hostile (markup, a control character)."""
    pack = folder / "tem-hostile"
    shutil.copytree(ROOT / "content" / "tem-core", pack)
    for name, file in (("Pulse Pistol", "weapons.yaml"), ("Blitz", "pilots.yaml")):
        text = (pack / file).read_text(encoding="utf-8")
        assert f"    name: {name}\n" in text
        (pack / file).write_text(text.replace(f"    name: {name}\n", f"    name: {HOSTILE_YAML}\n"),
                                 encoding="utf-8")
    return pack


def test_hostile_names_from_a_pack_are_text_not_markup(tmp_path):
    hostile = load_ruleset([str(hostile_pack(tmp_path))], [], "tem")
    assert hostile.weapons["pulse-pistol"].name == HOSTILE
    game, _ = play(hostile, 2, "b4")                   # every decision drawn and parsed, the names in play
    state = view_for(game, 0)
    state["players"][0].update(pilot="blitz", equipped=["pulse-pistol"], owned=["pulse-pistol"] * 2)
    state["row"] = ["pulse-pistol"]
    markup = Board(hostile, list(hostile.colours[:2])).board(state, 0)
    assert "<script" not in markup
    words = "".join(parsed(markup).itertext())
    assert words.count(SHOWN) >= 4       # the pilot; the weapon equipped, in stock, in the row, in its pile


def test_the_decision_panel_says_what_the_terminal_prompt_says(core):
    """The browser's prompt, option labels and rules are the terminal prompt's words (plugins/tem/prompts),
    not the raw options: a pilot with its health and abilities (setup), a program card with its direction
    (T4), and the ruling behind the program (T18)."""
    from rulecraft.cli.web.words import Words
    from rulecraft.runtime.decisions import Decision

    colours = list(core.colours[:2])
    words = Words("tem", core, colours, ["human", "heuristic"], Board(core, colours))
    state = play(core, 2, "b4")[0].view_state(0)
    maverick = core.pilots["maverick"]
    pilot = Decision("pilot", 0, ("maverick", "diamond"), {})
    assert words.options(pilot)[0].startswith(f"{maverick.name}, {maverick.health} health")
    assert words.prompt(pilot, state) == "Keep one of your dealt pilots"
    card = core.program_cards[colours[0]][0].id
    program = Decision("program", 0, ((card, "N"), (card, "E")), {}, pick=1)
    assert words.options(program) == [f"{card_name(core, card)} N↑", f"{card_name(core, card)} E→"]
    assert any("T18" in line for line in words.rules(program).splitlines())
