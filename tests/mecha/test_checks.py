"""The game's checks (M3 deck rules, M21 seats, effect targets) as located diagnostics, and the builder."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulecraft.compiler.effects.vocabulary import NUMBER, Arg, Call, Slot, Verb
from rulecraft.plugins.mecha.build import Unplayable, abilities, build_from_stack, compile_ability
from rulecraft.plugins.mecha.vocabulary import mecha_vocabulary
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime import games

PACK = Path(__file__).resolve().parents[2] / "content" / "mecha-core"


@pytest.fixture
def pack(tmp_path):
    folder = tmp_path / "mecha-core"
    shutil.copytree(PACK, folder)
    return folder


def _edit(folder, name, old, new):
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _line(folder, name, needle):
    return next(i for i, line in enumerate((folder / name).read_text().splitlines(), 1) if needle in line)


def _codes(diagnostics):
    return [(d.code.code, Path(d.file).name if d.file else None, d.line) for d in diagnostics]


def test_mecha_is_a_registered_game_with_its_kinds():
    game = games.get("mecha")
    assert game.players == (2, 2) and game.default_pack == "mecha-core"
    assert set(game.kinds) == {"rules", "towers", "mechas", "commands", "decks"}


def test_the_core_pack_is_clean_and_builds_the_ruleset_the_pack_reader_gives(core):
    stack, diagnostics = check_mecha(PACK)
    assert diagnostics == []
    built = build_from_stack(stack)
    assert built.cards == core.cards and built.decks == core.decks and built.rules == core.rules
    assert built.seat_decks == core.seat_decks


def test_m3_a_41_card_deck_is_a_located_error(pack):
    _edit(pack, "decks.yaml", "radio-tower: 8", "radio-tower: 9")
    _, diagnostics = check_mecha(pack)
    where = _line(pack, "decks.yaml", "radio-tower: 9")        # the deck's `cards`
    assert _codes(diagnostics) == [("count-mismatch", "decks.yaml", where)]
    assert "41 cards" in diagnostics[0].message and diagnostics[0].hint == "remove 1"


def test_m3_four_copies_of_a_name_is_a_located_error_radio_tower_exempt(pack):
    _edit(pack, "decks.yaml", "relay-mast: 3\n      fusion-reactor: 3\n      scout-drone: 2",
          "relay-mast: 4\n      fusion-reactor: 3\n      scout-drone: 1")
    _, diagnostics = check_mecha(pack)
    where = _line(pack, "decks.yaml", "relay-mast: 4")
    assert _codes(diagnostics) == [("count-mismatch", "decks.yaml", where)]
    assert "4 cards named 'Relay Mast'" in diagnostics[0].message


def test_m24_two_cards_of_one_name_are_a_duplicate_name_at_both_and_copies_count_by_name(pack):
    _edit(pack, "mechas.yaml", "name: Lancer", "name: Courier")   # lancer now shares courier's name
    _, diagnostics = check_mecha(pack)
    assert sorted(d.code.code for d in diagnostics) == ["count-mismatch", "duplicate-name", "duplicate-name"]
    names = [d for d in diagnostics if d.code.code == "duplicate-name"]
    lines = [i for i, line in enumerate((pack / "mechas.yaml").read_text().splitlines(), 1)
             if "name: Courier" in line]
    assert len(lines) == 2 and sorted(d.line for d in names) == lines
    copies = next(d for d in diagnostics if d.code.code == "count-mismatch")
    assert "6 cards named 'Courier'" in copies.message         # the number the deck really holds (M24)


def test_a_patch_drops_a_card_with_0_and_a_broken_deck_is_reported_in_the_patch(tmp_path):
    patch = tmp_path / "patch"
    patch.mkdir()
    (patch / "pack.yaml").write_text("id: patch\nname: Patch\nversion: 1.0.0\nrulecraft: '>=0.1'\n"
                                     "game: mecha\ndepends: [{id: mecha-core}]\nfiles: [decks.yaml]\n")
    (patch / "decks.yaml").write_text("kind: decks\npatch:\n  - id: skyline-assault\n    cards:\n"
                                      "      scout-drone: 0\n      bastion: 3\n")
    stack, diagnostics = check_mecha(patch)
    assert diagnostics == []                               # 40 - 2 + 2: the 0 took scout-drone out
    assert "scout-drone" not in build_from_stack(stack).decks["skyline-assault"].cards
    (patch / "decks.yaml").write_text("kind: decks\npatch:\n  - id: skyline-assault\n    cards:\n"
                                      "      scout-drone: 0\n      bastion: 3\n      lancer: 2\n")
    _, diagnostics = check_mecha(patch)
    assert _codes(diagnostics) == [("count-mismatch", "decks.yaml", 7)]
    assert "39 cards" in diagnostics[0].message
    assert "the deck's last change (lancer: 2)" in diagnostics[0].hint


def test_a_misspelt_card_in_a_deck_gets_did_you_mean(pack):
    _edit(pack, "decks.yaml", "lancer: 3", "lancr: 3")
    _, diagnostics = check_mecha(pack)
    assert [d.code.code for d in diagnostics] == ["unknown-reference"]
    assert diagnostics[0].line == _line(pack, "decks.yaml", "lancr: 3") and "lancer" in diagnostics[0].hint
    assert diagnostics[0].column == _column(pack, "decks.yaml", "lancr")      # at the misspelt name


def test_a_misspelt_unlimited_card_gets_did_you_mean(pack):
    _edit(pack, "rules.yaml", "unlimited: [Radio Tower]", "unlimited: [Radio Towr]")
    _, diagnostics = check_mecha(pack)
    assert "unknown-reference" in [d.code.code for d in diagnostics]
    assert any("Radio Tower" in (d.hint or "") for d in diagnostics)


def test_m24_the_copy_exemption_is_radio_towers_by_name_whatever_its_id(pack):
    for name in ("towers.yaml", "decks.yaml"):
        _edit(pack, name, "radio-tower", "antenna")              # the id changes; the name stays
    _edit(pack, "decks.yaml", "radio-tower", "antenna")          # both decks
    _, diagnostics = check_mecha(pack)
    assert diagnostics == []                                     # 8 and more of the name, still exempt


def test_m21_a_seat_without_a_starter_deck_is_an_error(pack):
    _edit(pack, "decks.yaml", "seat: b", "seat: a")
    _, diagnostics = check_mecha(pack)
    assert sorted(d.code.code for d in diagnostics) == ["count-mismatch", "missing-content"]


def _column(folder, name, needle):
    line = next(line for line in (folder / name).read_text().splitlines() if needle in line)
    return line.index(needle) + 1


def test_an_attacker_target_outside_when_attacked_is_a_timing_error_at_the_verb(pack):
    _edit(pack, "towers.yaml", '"at the start of your turn: add 1 armour to this"',
          '"at the start of your turn: deal 1 damage to the attacker"')
    _, diagnostics = check_mecha(pack)
    assert [(d.code.code, d.line, d.column) for d in diagnostics] == [
        ("effect-timing", _line(pack, "towers.yaml", "the attacker"), _column(pack, "towers.yaml", "deal 1"))]


def test_a_command_cannot_target_this_and_a_unit_trigger_is_not_for_commands(pack):
    _edit(pack, "commands.yaml", '"when played: add 1 armour to a friendly unit"',
          '"when played: add 1 armour to this"')
    _edit(pack, "commands.yaml", '"when played: each player draws 1"',
          '"when this enters: each player draws 1"')
    _, diagnostics = check_mecha(pack)
    assert [d.code.code for d in diagnostics] == ["effect-timing", "effect-timing"]


def test_a_misspelt_verb_is_located_inside_the_string_with_what_was_expected(pack):
    _edit(pack, "commands.yaml", '"when played: deal 2 damage to an enemy unit"',
          '"when played: deal 2 damge to an enemy unit"')
    _, diagnostics = check_mecha(pack)
    assert [(d.code.code, d.column) for d in diagnostics] == [
        ("effect-arguments", _column(pack, "commands.yaml", "damge"))]


def test_card_text_that_drifted_from_its_ability_is_reported(pack):
    _edit(pack, "mechas.yaml", '"When this enters: Draw 1."', '"When this enters: Draw 2."')
    _, diagnostics = check_mecha(pack)
    assert [d.code.code for d in diagnostics] == ["text-drift"]
    assert "When this enters: Draw 1." in diagnostics[0].hint


def test_an_if_is_a_located_error_the_engine_does_not_play(pack):
    _edit(pack, "mechas.yaml", '"when this enters: draw 1"', '"when this enters: you may draw 1"')
    _edit(pack, "mechas.yaml", '"When this enters: Draw 1."', '"When this enters: You may draw 1."')
    _, diagnostics = check_mecha(pack)
    assert [d.code.code for d in diagnostics] == ["effect-arguments"]


def test_a_schema_error_is_located_with_did_you_mean(pack):
    _edit(pack, "mechas.yaml", "keywords: [{pierce: true}]", "keywords: [{perce: true}]")
    _, diagnostics = check_mecha(pack)
    assert diagnostics and all(Path(d.file).name == "mechas.yaml" for d in diagnostics)


def check_mecha(path):
    """`rulecraft check`'s pipeline: the stack and every diagnostic."""
    result = check_packs([path])
    return result.stack, result.diagnostics


def test_a_plugin_verb_the_engine_has_no_step_for_is_refused_as_unplayable():
    """A plugin may add a word for a step the engine plays (a synonym of `draw`), but not one calling
    something the engine has no step for: that is the check's located refusal, never a crash at build."""
    vocabulary = mecha_vocabulary()
    amount = (Slot("amount", NUMBER),)
    vocabulary.register_verb(Verb("scavenge", "scavenge {amount}", amount, Call("draw", (Arg("amount"),)),
                                  "draw {amount}", "Draw (test plugin).", "when this enters: scavenge 1"))
    vocabulary.register_verb(Verb("shout", "shout {amount}", amount, Call("shout", (Arg("amount"),)),
                                  "shout {amount}", "Shout (test plugin).", "when this enters: shout 1"))
    [drawn] = abilities(compile_ability("when this enters: scavenge 2", "towers", vocabulary))
    assert drawn["effects"] == [{"verb": "draw", "amount": 2, "target": None}]
    with pytest.raises(Unplayable, match=re.escape("the engine has no step for 'shout {amount}'")):
        abilities(compile_ability("when this enters: shout 1", "towers", vocabulary))
