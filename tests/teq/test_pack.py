"""The Tiny Epic Quest core pack: it checks clean, builds, and its data encodes the rulings it follows.

Each test names the ruling (Q1-Q35) whose numbers or composition it pins, so a change to teq-core that
contradicts the rulings fails here, not in a game; what Q35 lists as designed is marked designed.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulecraft.compiler.loader import load_file
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.pack import core_ruleset
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime import games

PACK = Path(__file__).resolve().parents[2] / "content" / "teq-core"


@pytest.fixture(scope="module")
def core() -> M.Ruleset:
    return core_ruleset()


def entries(name: str) -> list[dict]:
    doc, problems = load_file(PACK / name)
    assert not problems and doc is not None
    return doc.data["entries"]


def test_teq_is_registered_with_its_pack_kinds_and_ruling_letter():
    game = games.get("teq")
    assert game.name == "Tiny Epic Quest" and game.players == (1, 4)   # Q1, Q31: 2-4 players and solo
    assert game.default_pack == "teq-core" and game.rulings == ("Q",)
    assert set(game.kinds) == {path.stem for path in PACK.glob("*.yaml")} - {"pack"}


def test_the_core_pack_checks_clean_and_names_its_game():
    result = check_packs([PACK])
    assert result.diagnostics == [] and result.game == "teq"


def test_the_built_model_records_its_game_and_pack(core):
    assert core.source["game"] == "teq" and [p["id"] for p in core.source["packs"]] == ["teq-core"]


def test_q2_q3_thirteen_map_cards_and_four_castles_of_the_published_composition(core):
    assert len(core.map_cards) == 13 and set(core.castles) == {"red", "blue", "yellow", "green"}
    features = Counter(tuple(sorted(r.feature for r in card.regions)) for card in core.map_cards.values())
    assert features == {(M.OBELISK, M.TEMPLE): 6, (M.GROTTO, M.PORTAL): 7}
    for colour, castle in core.castles.items():
        assert sorted(r.feature for r in castle.regions) == [M.CASTLE, M.OBELISK]
        assert next(r for r in castle.regions if r.feature == M.CASTLE).owner == colour


def test_q2_q6_the_layout_and_its_clockwise_coast(core):
    layout = core.layout
    assert layout.centre == ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2))
    assert layout.corners == ((0, 0), (2, 0), (0, 2), (2, 2))
    assert layout.outer == ((0, -1), (1, -1), (3, 0), (3, 1), (1, 3), (2, 3), (-1, 1), (-1, 2))
    assert len(layout.slots) == len(core.map_cards) + len(core.castles)
    assert set(layout.coast) == {slot for slot in layout.slots if layout.coastal(slot)}
    assert not any(layout.coastal(slot) for slot in layout.centre)   # Q6: the centre cross is inland


def test_q4_published_capacities(core):
    for card in (*core.map_cards.values(), *core.castles.values()):
        for region in card.regions:
            expected = {M.PORTAL: 1, M.TEMPLE: 2, M.CASTLE: 1}.get(region.feature)
            assert region.capacity == expected, (card.id, region.side)


def test_q5_five_movement_cards_one_per_method(core):
    assert sorted(card.method for card in core.movement) == sorted(M.METHODS)


def test_q15_five_dice_with_one_face_of_each_symbol_designed(core):
    assert len(core.dice) == 5
    for die in core.dice:
        assert sorted(die.faces) == sorted(M.FACES) and die.designed


def test_q18_q32_the_magic_card_on_both_sides(core):
    magic = core.magic
    assert magic.track == (0, 1, 2, 3) and magic.library == tuple(range(1, 8))
    multi = [(e.damage, e.power, e.magic_damage, e.spell_reach) for e in magic.sides[M.MULTI]]
    assert multi == [(1, 1, 0, 0), (1, 1, 0, 1), (2, 0, 0, 2), (3, 0, 1, 3)]          # Q18
    solo = [(e.damage, e.power, e.magic_damage, e.spell_reach) for e in magic.sides[M.SOLO]]
    assert solo == [(1, 1, 0, 0), (1, 1, 0, 1), (1, 0, 0, 2), (2, 0, 1, 3)]           # Q32
    assert magic.overflow_damage == 1


def test_q20_q26_each_temple_track_and_two_temples_per_legendary_item(core):
    assert len(core.temples) == 6
    for temple_id in core.temples:
        track = core.temple(temple_id)
        assert track.last == 3 and all(1 <= len(space) <= 2 for space in track.spaces)
        assert set(s for space in track.spaces for s in space) <= set(M.SYMBOLS)
    assert {item: len(core.linked_temples(item)) for item in core.legendaries} == \
        {"sword": 2, "shield": 2, "staff": 2}


def test_q21_q35_obelisk_spell_levels_one_on_castles_two_to_seven_on_temple_cards(core):
    castles = sorted(r.spell_level for c in core.castles.values() for r in c.regions if r.spell_level)
    temples = sorted(r.spell_level for c in core.map_cards.values() for r in c.regions if r.spell_level)
    assert castles == [1, 1, 1, 1] and temples == [2, 3, 4, 5, 6, 7]


def test_q26_q27_the_sword_shield_and_staff(core):
    assert {i.id: (i.ability, i.cost, i.spaces, i.vp) for i in core.legendaries.values()} == {
        "sword": (M.SWORD, 1, 3, 4), "shield": (M.SHIELD, 1, 3, 4), "staff": (M.STAFF, 1, 3, 4)}


def test_q35_the_quest_deck_two_treasure_quests_per_temple_one_per_item(core):
    assert len(core.quests) == 24 and len(core.movement_quests()) == 12
    treasure = core.treasure_quests()
    assert Counter(q.temple for q in treasure) == {t: 2 for t in core.temples}
    assert sorted(q.item for q in treasure) == sorted(core.treasures)
    assert len(core.treasures) == 12


def test_q12_movement_quests_have_a_condition_and_a_reward(core):
    for quest in core.movement_quests():
        assert quest.condition.form in M.CONDITION_FORMS
        assert [a.trigger for a in quest.reward] == [M.COMPLETED] and quest.reward[0].steps


def test_q23_goblins_and_q24_maxima(core):
    assert core.goblins == M.Goblins(passive_health=5, active_health=5, supply=16, max_health_bonus=1)
    rules = core.rules
    assert [rules.max_power(level) for level in range(6)] == [3, 3, 4, 4, 5, 5]
    assert rules.max_health(3) == 9 and rules.max_health(9) == 10     # stops at the top (designed 10)


def test_q29_q30_scoring_ladders_and_tie_break(core):
    ladders = core.scoring.ladders
    assert [ladders[M.SPELLS].score(n) for n in range(9)] == [0, 0, 0, 1, 3, 6, 10, 15, 15]
    assert [ladders[M.QUESTS].score(n) for n in range(8)] == [0, 0, 1, 3, 6, 10, 15, 15]
    assert [ladders[M.GOBLINS].score(n) for n in range(7)] == [0, 1, 3, 6, 10, 15, 15]
    assert core.scoring.legendary_vp == 4
    assert core.scoring.tie_break == (M.QUESTS, M.GOBLINS, M.SPELLS, M.ITEMS)


def test_rule_parameters_the_rulings_leave_configurable(core):
    rules = core.rules
    assert (rules.rounds, rules.heroes, rules.start_health, rules.start_power) == (5, 3, 6, 3)   # Q1, Q28
    assert rules.exhaustion_spell_loss == 1 and rules.solo_target_vp == 18                      # Q22, Q31
    assert (rules.day_turns, rules.row_size, rules.items_per_hero) == (4, 3, 2)                 # Q9, Q11, Q25


def test_q35_every_designed_component_is_marked_designed():
    """The values Q35 lists as designed carry `designed:`: the layout, the map cards' contents, the dice
    faces, the magic track, solo side and library, the legendary tracks, the quest deck, the items, the
    goblin supply, the scoring matrix, the solo target and the maximum-power steps."""
    def marked(entity: dict, field: str) -> bool:
        return entity.get("designed") is True or field in entity.get("designed", ())

    assert all(marked(e, f) for e in entries("layouts.yaml") for f in ("centre", "corners", "outer", "coast"))
    for card in entries("map-cards.yaml"):
        assert marked(card, "left") and marked(card, "right")
    assert marked(entries("dice.yaml")[0], "faces")
    magic = entries("magic.yaml")[0]
    assert all(marked(magic, f) for f in ("track", "solo", "library")) and not marked(magic, "multi")
    assert all(marked(item, "spaces") and not marked(item, "vp") for item in entries("legendary-items.yaml"))
    assert all(marked(e, "name") for kind in ("quests.yaml", "treasure-items.yaml") for e in entries(kind))
    goblin = entries("goblins.yaml")[0]
    assert marked(goblin, "supply") and not marked(goblin, "active_health")
    assert marked(entries("scoring.yaml")[0], "ladders")
    rules = entries("rules.yaml")[0]
    assert all(marked(rules, f) for f in ("solo_target_vp", "spell_levels_per_power", "track_top"))
    assert not marked(rules, "exhaustion_spell_loss")       # Q22: published
