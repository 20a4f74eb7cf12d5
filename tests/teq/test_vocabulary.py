"""Tiny Epic Quest's DSL words: each ability of teq-core compiles to the model steps the engine plays and
to the English its card prints; a hand-written text that drifts from it is a located `text-drift`; a
trigger or verb used where it cannot be is refused; movement-quest conditions read in words (Q12)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.reference import reference
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.build import steps
from rulecraft.plugins.teq.cardtext import condition_text, quest_text, region_text, track_text
from rulecraft.plugins.teq.pack import core_ruleset
from rulecraft.plugins.teq.vocabulary import GROTTO, QUEST, TREASURE, teq_vocabulary
from rulecraft.plugins.wiring import check_packs

PACK = Path(__file__).resolve().parents[2] / "content" / "teq-core"


@pytest.fixture(scope="module")
def words():
    return teq_vocabulary()


def english(source: str, kind: str, words) -> str:
    compiled = compile_effect(source, kind, words)
    assert compiled.ok, compiled.problems
    return "\n".join(compiled.texts)


@pytest.mark.parametrize(("source", "kind", "text", "step"), [
    ("when entered: gain 2 power", GROTTO, "When a hero enters: Gain 2 power.",
     M.Step(M.GAIN_POWER, 2)),
    ("when entered: move a hero by gryphon", GROTTO,
     "When a hero enters: Move one of your heroes by Gryphon.",
     M.Step(M.MOVE, 1, M.ANY_HERO, M.GRYPHON)),
    ("when entered: advance 1 on a temple track", GROTTO,
     "When a hero enters: One of your heroes on a temple track advances 1 on it without symbols.",
     M.Step(M.ADVANCE, 1, M.HERO_ON_TEMPLE)),
    ("when entered: deal 2 damage to an attacked goblin", GROTTO,
     "When a hero enters: Deal 2 damage to a goblin one of your heroes is attacking.",
     M.Step(M.GOBLIN_DAMAGE, 2, M.HERO_AT_PORTAL)),
    ("in each use step: +1 torch", TREASURE, "In each use step: This hero gets +1 torch this use step.",
     M.Step(M.ADD_TORCH, 1, M.THIS_HERO)),
    ("in each use step: add 2 scroll", TREASURE, "In each use step: This hero gets +2 scroll this use step.",
     M.Step(M.ADD_SCROLL, 2, M.THIS_HERO)),
    ("in each use step: deal 1 damage to its goblin", TREASURE,
     "In each use step: Deal 1 damage to the goblin this hero is attacking.",
     M.Step(M.GOBLIN_DAMAGE, 1, M.THIS_HERO)),
    ("when you take a hit: prevent 1 damage", TREASURE, "When you take a hit: The hit deals 1 less damage.",
     M.Step(M.PREVENT, 1)),
    ("while held: +1 stealth", TREASURE,
     "While held: This hero pays 1 less power to pass each active goblin.",
     M.Step(M.ADD, 1, M.THIS_HERO, modifier=M.STEALTH)),
    ("while held: +1 warding", TREASURE, "While held: Preventing a hit costs you 1 less power.",
     M.Step(M.ADD, 1, M.THIS_HERO, modifier=M.WARDING)),
    ("while held: +2 max-health", TREASURE, "While held: Your maximum health is 2 higher.",
     M.Step(M.ADD, 2, M.THIS_HERO, modifier=M.MAX_HEALTH)),
    ("when completed: gain 1 health", QUEST, "When completed: Gain 1 health.", M.Step(M.GAIN_HEALTH, 1)),
])
def test_each_word_compiles_to_its_english_and_its_model_step(words, source, kind, text, step):
    compiled = compile_effect(source, kind, words)
    assert compiled.ok, compiled.problems
    assert compiled.texts == (text,)
    (ability,) = steps(compiled)
    assert ability.steps == (step,)


@pytest.mark.parametrize(("source", "kind", "code"), [
    ("when entered: +1 torch", GROTTO, "effect-timing"),                  # Q19: torches are the night's
    ("when entered: gain 1 power", TREASURE, "effect-timing"),            # an item is not entered (Q8)
    ("in each use step: gain 1 power", GROTTO, "effect-timing"),          # a grotto has no use step
    ("while held: prevent 1 damage", TREASURE, "effect-timing"),          # prevent answers a hit (Q16)
    ("when entered: move a hero by boat", GROTTO, "effect-unknown-word"),  # Q5 has five methods
    ("when entered: gain 10 power", GROTTO, "effect-range"),
])
def test_a_word_where_it_cannot_be_is_refused(words, source, kind, code):
    compiled = compile_effect(source, kind, words)
    assert not compiled.ok and compiled.problems[0].code.code == code


def test_a_misspelt_method_gets_did_you_mean(words):
    compiled = compile_effect("when entered: move a hero by gryphn", GROTTO, words)
    assert compiled.problems[0].hint == "did you mean 'gryphon'?"


def test_every_ability_of_the_core_pack_is_played_as_steps():
    core = core_ruleset()
    grottoes = [r for c in core.map_cards.values() for r in c.regions if r.feature == M.GROTTO]
    assert len(grottoes) == 7 and all([a.trigger for a in r.ability] == [M.ENTERED] for r in grottoes)
    assert all(item.abilities and item.abilities[0].steps for item in core.treasures.values())
    triggers = {a.trigger for item in core.treasures.values() for a in item.abilities}
    assert triggers == {M.USE_STEP, M.HIT, M.HELD}


def test_q12_conditions_read_in_words():
    assert condition_text({"form": "features", "features": ["temple", "temple"]}) == \
        "Have heroes on two different temples."
    assert condition_text({"form": "features", "features": ["grotto", "portal", "obelisk"]}) == \
        "Have heroes on a grotto, a portal and an obelisk."
    assert condition_text({"form": "line", "count": 3, "line": "row"}) == \
        "Have three heroes on three different map cards in one row."
    assert condition_text({"form": "coast", "count": 2}) == \
        "Have two heroes on two different coastal map cards, none in a castle."
    assert condition_text({"form": "one-card", "count": 2}) == \
        "Have two heroes on one map card, none in a castle."


def test_quest_and_region_text(words):
    movement = {"type": "movement", "condition": {"form": "features", "features": ["portal", "portal"]},
                "ability": "when completed: gain 2 power"}
    assert quest_text(movement, words, {}, {}) == \
        "Have heroes on two different portals. When completed: Gain 2 power."
    treasure = {"type": "treasure", "temple": "temple-of-embers", "item": "lantern"}
    assert quest_text(treasure, words, {"temple-of-embers": "Temple of Embers"}, {"lantern": "Lantern"}) == \
        "Complete the Temple of Embers to take this quest and the Lantern."
    assert track_text([["torch"], ["scroll"], ["torch", "scroll"]]) == "torch · scroll · torch + scroll"
    grotto = {"feature": "grotto", "name": "Moss Spring", "ability": "when entered: gain 2 health"}
    assert region_text(grotto, words) == "Moss Spring: When a hero enters: Gain 2 health."
    assert region_text({"feature": "obelisk", "spell_level": 4}, words) == "Obelisk: spell level 4."


def test_a_drifted_item_text_is_located(tmp_path):
    pack = tmp_path / "teq-core"
    shutil.copytree(PACK, pack)
    path = pack / "treasure-items.yaml"
    path.write_text(path.read_text().replace('    ability: "in each use step: +1 torch"\n',
                                             '    ability: "in each use step: +1 torch"\n'
                                             "    text: In each use step, this hero gets two torches.\n", 1))
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "two torches" in t)
    result = check_packs([pack])
    assert [(d.code.code, Path(d.file).name, d.line) for d in result.diagnostics] == \
        [("text-drift", "treasure-items.yaml", line)]


def test_the_dsl_reference_lists_every_word(words):
    text = reference(words)
    for phrase in ("when entered", "in each use step", "when you take a hit", "while held", "when completed"):
        assert f"`{phrase}`" in text
    assert "(does not compile" not in text
