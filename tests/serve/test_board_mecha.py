"""Issue 24: Mecha Game's browser board (``rulecraft.plugins.mecha.web``) drawn from real games' views.

At every decision of seeded games the seat's board is well-formed markup (parsed as XML), each option's
click target names an element of it (a cell to enter a card on, a unit to move or attack with, a command
in your hand), the opponent's hand shows only as its size (M18), every unit carries its counters (M16,
M17), and a pack's card name is text, never markup, however hostile.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from serve_kit import HOSTILE, HOSTILE_YAML, parsed, targets_in

from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.plugins.mecha.views import view_for
from rulecraft.plugins.mecha.web import Board
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import get

ROOT = Path(__file__).resolve().parents[2]


class Checker(RandomAgent):
    """A random seat that draws its board at each decision and checks it against the options."""

    needs_state = True

    def __init__(self, seed: str, board: Board, seen: Counter[str]) -> None:
        super().__init__(seed)
        self.board, self.seen = board, seen

    def decide(self, decision, view):
        state = view.state()
        markup = self.board.board(state, view.player)
        root = parsed(markup)
        ids = targets_in(root)
        assert len(ids) == len(set(ids)), "each click target is one element"
        targets = self.board.targets(decision, state)
        assert len(targets) == len(decision.options)
        for option, target in zip(decision.options, targets, strict=True):
            assert target is None or target in ids, (decision.kind, option, target)
            verb = option[0] if isinstance(option, tuple) else decision.kind
            self.seen[f"{verb}:{'board' if target else 'list'}"] += 1
        own = state["players"][view.player]["hand"]
        assert sorted(i for i in ids if i.startswith("hand-")) == sorted({f"hand-{c}" for c in own})
        opponent = state["players"][1 - view.player]
        assert f"Hand: {opponent['hand']} card" in "".join(root.itertext())   # M18: a count, no cards
        for cell, unit in state["units"].items():
            cell_text = "".join(next(e for e in root.iter() if e.get("data-target") == cell).itertext())
            assert f"♥{unit['durability']}" in cell_text
        return super().decide(decision, view)


def play(ruleset, seed: str) -> tuple[MechaGame, Counter[str]]:
    board, seen = Board(ruleset, ["a", "b"]), Counter()
    game = MechaGame(ruleset, [Checker(f"{seed}/{s}", board, seen) for s in range(2)], seed=seed)
    game.play()
    return game, seen


@pytest.fixture(scope="module")
def core():
    return core_ruleset()


def test_every_decision_of_seeded_games_is_drawn_with_its_targets(core):
    seen: Counter[str] = Counter()
    for seed in ("b1", "b2"):
        game, counts = play(core, seed)
        assert game.finished
        seen += counts
    for answered_on_the_board in ("play", "move", "attack", "command"):    # M6, M8, M15 (a)
        assert seen[f"{answered_on_the_board}:board"] > 0, seen
    assert seen["pass:list"] > 0 and not seen["pass:board"]


def test_a_spectator_sees_no_hand_and_the_definition_names_the_board(core):
    game, _ = play(core, "b3")
    root = parsed(Board(core, ["a", "b"]).board(game.public_view(), None))
    assert not [t for t in targets_in(root) if t.startswith("hand-")]
    words = "".join(root.itertext())
    assert words.count("Hand: ") == 2 and words.count("Damage") == 2
    assert get("mecha").web is not None and get("mecha").web.load() is Board


def test_a_hostile_card_name_from_a_pack_is_text_not_markup(tmp_path):
    pack = tmp_path / "mecha-hostile"
    shutil.copytree(ROOT / "content" / "mecha-core", pack)
    text = (pack / "mechas.yaml").read_text(encoding="utf-8")
    assert "    name: Lancer\n" in text
    (pack / "mechas.yaml").write_text(text.replace("    name: Lancer\n", f"    name: {HOSTILE_YAML}\n"),
                                      encoding="utf-8")
    hostile = load_ruleset([str(pack)], [], "mecha")
    assert hostile.cards["lancer"].name == HOSTILE
    game, _ = play(hostile, "b1")                      # every decision drawn and parsed, Lancers in play
    state = view_for(game, 0)
    state["players"][0]["hand"] = ["lancer"]            # the hostile card in hand, in the discard, in play
    state["players"][1]["discard"] = ["lancer"]
    state["units"]["c3"] = {"card": "lancer", "owner": 1, "cell": "c3", "durability": 2, "armour": 1,
                            "time": 1, "moved": False, "attacked": False, "modifiers": {"power": 2}}
    markup = Board(hostile, ["a", "b"]).board(state, 0)
    assert "<script" not in markup
    words = "".join(parsed(markup).itertext())
    assert words.count('<script>alert("x")</script> & Co') >= 2
