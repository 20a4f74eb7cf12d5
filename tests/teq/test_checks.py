"""Tiny Epic Quest's stack checks: each problem a schema cannot say is a located diagnostic (file, line,
column of the field that causes it), with did-you-mean for a misspelt id. Each test edits a copy of
teq-core and names the ruling the check holds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulecraft.plugins.wiring import check_packs

PACK = Path(__file__).resolve().parents[2] / "content" / "teq-core"


@pytest.fixture
def pack(tmp_path):
    folder = tmp_path / "teq-core"
    shutil.copytree(PACK, folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def line_of(folder: Path, name: str, needle: str, after: str | None = None) -> int:
    lines = (folder / name).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i, line in enumerate(lines[start:], start + 1) if needle in line)


def found(folder: Path) -> list[tuple[str, str, int, int, str | None]]:
    result = check_packs([folder])
    return [(d.code.code, Path(d.file).name, d.line, d.column, d.hint) for d in result.diagnostics]


def codes_at(folder: Path) -> list[tuple[str, str, int]]:
    return [(code, name, line) for code, name, line, _, _ in found(folder)]


def test_the_copy_is_clean(pack):
    assert found(pack) == []


def test_q6_an_anticlockwise_coast_ring(pack):
    layout = (pack / "layouts.yaml").read_text()
    ring = ("[[0, -1], [1, -1], [2, 0], [3, 0], [3, 1], [2, 2], [2, 3], [1, 3], [0, 2], [-1, 2], [-1, 1],\n"
            "            [0, 0]]")
    assert ring in layout
    edit(pack, "layouts.yaml", ring, "[[0, 0], [-1, 1], [-1, 2], [0, 2], [1, 3], [2, 3], [2, 2], [3, 1],\n"
         "            [3, 0], [2, 0], [1, -1], [0, -1]]")
    assert codes_at(pack) == [("layout-shape", "layouts.yaml", line_of(pack, "layouts.yaml", "coast:"))]
    assert "reverse" in (found(pack)[0][4] or "")


def test_q6_a_coast_ring_leaving_out_a_coastal_slot_and_one_that_skips(pack):
    edit(pack, "layouts.yaml", "[3, 0], [3, 1], [2, 2]", "[3, 0], [2, 2]")
    coast = line_of(pack, "layouts.yaml", "coast:")
    assert sorted(codes_at(pack)) == [("layout-shape", "layouts.yaml", coast)] * 2


def test_q2_a_slot_given_twice_and_slots_unlike_the_cards(pack):
    edit(pack, "layouts.yaml", "[-1, 1], [-1, 2]]", "[-1, 1], [-1, 1]]")
    outer, coast = line_of(pack, "layouts.yaml", "outer:"), line_of(pack, "layouts.yaml", "coast:")
    messages = {d.message.split(" (")[0] for d in check_packs([pack]).diagnostics}
    assert "slot [-1, 1] is given twice" in messages
    # [-1, 2] is no slot now: the coast ring names it, and [-1, 1] is no longer touching the next
    assert sorted(codes_at(pack)) == [("layout-shape", "layouts.yaml", outer)] + \
        [("layout-shape", "layouts.yaml", coast)] * (len(messages) - 1)


def test_q2_more_regular_cards_than_slots(pack):
    (pack / "extra.yaml").write_text(
        "kind: map-cards\nentries:\n  - id: bog\n    name: Bog\n    left: {feature: portal}\n"
        "    right: {feature: obelisk, spell_level: 3}\n")
    edit(pack, "pack.yaml", "  - scoring.yaml\n", "  - scoring.yaml\n  - extra.yaml\n")
    assert codes_at(pack) == [("layout-shape", "layouts.yaml", line_of(pack, "layouts.yaml", "outer:"))]


def test_q2_a_castle_region_on_a_regular_card(pack):
    edit(pack, "map-cards.yaml", "      feature: grotto\n      name: Glowcap Grotto\n",
         "      feature: castle\n      name: Glowcap Grotto\n")
    edit(pack, "map-cards.yaml", '      ability: "when entered: gain 2 power"\n', "")
    where = line_of(pack, "map-cards.yaml", "feature: castle", after="id: glowcap")
    assert codes_at(pack) == [("missing-content", "map-cards.yaml", where)]


def test_q26_a_temple_linked_to_no_legendary_item_gets_did_you_mean(pack):
    edit(pack, "map-cards.yaml", "      legendary: sword\n", "      legendary: swrod\n")
    problems = found(pack)
    where = line_of(pack, "map-cards.yaml", "legendary: swrod")
    assert ("unknown-reference", "map-cards.yaml", where, 18, "did you mean 'sword'?") in problems
    # and the Sword now has one linked temple of the two its track takes
    sword = line_of(pack, "legendary-items.yaml", "id: sword")
    assert ("legendary-links", "legendary-items.yaml", sword) in [(c, n, ln) for c, n, ln, _, _ in problems]


def test_q13_two_temples_with_one_id(pack):
    edit(pack, "map-cards.yaml", "temple: temple-of-tides", "temple: temple-of-embers")
    problems = codes_at(pack)
    assert ("duplicate-id", "map-cards.yaml", line_of(pack, "map-cards.yaml", "temple: temple-of-embers",
                                                      after="id: tides")) in problems


def test_q13_a_treasure_quest_showing_no_treasure_item_gets_did_you_mean(pack):
    edit(pack, "quests.yaml", "    item: lantern\n", "    item: lanter\n")
    where = line_of(pack, "quests.yaml", "item: lanter")
    assert found(pack) == [("unknown-reference", "quests.yaml", where, 11, "did you mean 'lantern'?")]


def test_q11_a_deck_without_movement_quests(pack):
    text = (pack / "quests.yaml").read_text()
    head, _, rest = text.partition("  - id: quest-lantern")
    kept = "\n".join(line for line in head.splitlines() if not line.startswith(("  ", "    "))) + "\n"
    (pack / "quests.yaml").write_text(kept + "  - id: quest-lantern" + rest)
    last = line_of(pack, "quests.yaml", "type: treasure", after="id: quest-explorer-pack")
    assert codes_at(pack) == [("quest-row", "quests.yaml", last)]


def test_q4_a_castle_open_to_others_and_a_rules_capacity_beyond_four_players(pack):
    edit(pack, "map-cards.yaml", "    left: {feature: castle}\n",
         "    left: {feature: castle, capacity: 2}\n")
    edit(pack, "rules.yaml", "      temple: 2\n", "      temple: 6\n")
    assert sorted(codes_at(pack)) == [
        ("region-capacity", "map-cards.yaml", line_of(pack, "map-cards.yaml", "capacity: 2")),
        ("region-capacity", "rules.yaml", line_of(pack, "rules.yaml", "temple: 6"))]


def test_q21_an_obelisk_teaching_a_spell_the_library_lacks(pack):
    edit(pack, "map-cards.yaml", "spell_level: 7}", "spell_level: 9}")
    where = line_of(pack, "map-cards.yaml", "spell_level: 9")
    assert codes_at(pack) == [("spell-library", "map-cards.yaml", where)]


def test_q29_a_ladder_with_fewer_vp_than_steps_and_one_that_falls(pack):
    edit(pack, "scoring.yaml", "goblins: {steps: [1, 2, 3, 4, 5], vp: [1, 3, 6, 10, 15]}",
         "goblins: {steps: [1, 2, 3, 4, 5], vp: [1, 3, 6, 10]}")
    edit(pack, "scoring.yaml", "quests: {steps: [2, 3, 4, 5, 6]", "quests: {steps: [2, 3, 3, 5, 6]")
    assert sorted(codes_at(pack)) == [
        ("count-mismatch", "scoring.yaml", line_of(pack, "scoring.yaml", "goblins:")),
        ("rule-parameter", "scoring.yaml", line_of(pack, "scoring.yaml", "quests:"))]


def test_q9_fewer_movement_cards_than_day_turns(pack):
    edit(pack, "rules.yaml", "    day_turns: 4 ", "    day_turns: 5 ")
    edit(pack, "movement-cards.yaml", "  - {id: foot, name: Foot, method: foot}", "")
    assert codes_at(pack) == [("count-mismatch", "rules.yaml", line_of(pack, "rules.yaml", "day_turns: 5"))]


def test_a_second_rules_entity(pack):
    (pack / "magic2.yaml").write_text((pack / "magic.yaml").read_text().replace("id: magic", "id: magic-two"))
    edit(pack, "pack.yaml", "  - magic.yaml\n", "  - magic.yaml\n  - magic2.yaml\n")
    second = line_of(pack, "magic2.yaml", "id: magic-two")
    assert codes_at(pack) == [("count-mismatch", "magic2.yaml", second)]


def test_designed_names_a_field_its_kind_does_not_have(pack):
    edit(pack, "goblins.yaml", "designed: [supply]", "designed: [supply, colour]")
    assert codes_at(pack) == [("enum-value", "goblins.yaml", line_of(pack, "goblins.yaml", "designed:"))]


def test_designed_names_a_known_field_left_unset(pack):
    edit(pack, "map-cards.yaml", "    designed: [name, castle, left, right]", "    designed: [name, road]")
    assert codes_at(pack) == [("designed-unset", "map-cards.yaml",
                               line_of(pack, "map-cards.yaml", "designed: [name, road]"))]


def test_an_ability_the_engine_cannot_play_is_located(pack):
    edit(pack, "treasure-items.yaml", '"in each use step: +1 torch"',
         '"in each use step: you may gain 1 power"')
    where = line_of(pack, "treasure-items.yaml", "you may")
    assert codes_at(pack) == [("effect-arguments", "treasure-items.yaml", where)]


def test_a_temple_region_without_its_track_is_a_schema_error(pack):
    edit(pack, "map-cards.yaml", "      track: [[torch], [torch], [torch, torch]]\n", "")
    assert [c for c, *_ in found(pack)] == ["schema-required"]


def test_a_region_patch_may_carry_one_field(tmp_path):
    """Nested mappings merge in a patch (pack format), so a patch may set one field of a region."""
    case = tmp_path / "case"
    case.mkdir()
    (case / "pack.yaml").write_text('id: case\nname: Case\nversion: 1.0.0\nrulecraft: ">=0.1"\n'
                                    "depends: [{id: teq-core}]\nfiles: [map-cards.yaml]\n")
    (case / "map-cards.yaml").write_text("kind: map-cards\npatch:\n  - id: glowcap\n    right:\n"
                                         "      capacity: 2\n")
    assert found(case) == []
