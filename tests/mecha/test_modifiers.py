"""M5 power until end of turn is the DSL's general accumulator (`add N power [to TARGET]`, `+N power` on a
mecha's own ability), M14 towers have no power, M2 a command is never in play (no `this`); and Mecha Game's
effects pay nothing, so `pay` is a located error (issue 12 item 5: the DSL's mechanisms on a second game)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.compiler import errorcodes as codes
from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha.build import card_entity, compile_ability
from rulecraft.plugins.mecha.model import ADD, POWER, build_ruleset
from rulecraft.plugins.mecha.vocabulary import mecha_vocabulary

VOCABULARY = mecha_vocabulary()

CHOSEN = {"an enemy mecha": "enemy-mecha", "a friendly mecha": "friendly-mecha", "any mecha": "any-mecha"}


def test_power_is_the_games_accumulator_and_every_power_verb_adds_to_it():
    assert set(VOCABULARY.accumulators) == {POWER}
    power_verbs = [v for v in VOCABULARY.verbs.values() if v.adds == POWER]
    patterns = {v.pattern for v in power_verbs}
    assert patterns >= {"add {amount} power", "add {amount} power to a friendly mecha"}
    assert all(v.pattern.startswith("add {amount} power") and v.sign == 1 for v in power_verbs)


@given(st.integers(1, 9), st.sampled_from(sorted(CHOSEN)))
def test_m5_a_command_adding_power_to_a_chosen_mecha_is_an_add_step_on_the_modifier(amount, words):
    card = card_entity("commands", {"id": "c", "name": "C", "windows": ["main"],
                                    "ability": f"when played: add {amount} power to {words}"}, VOCABULARY)
    assert card["effects"] == [{"verb": ADD, "modifier": POWER, "target": CHOSEN[words], "amount": amount}]


@given(st.integers(1, 9), st.booleans())
def test_m5_plus_n_power_on_a_mechas_own_ability_goes_to_that_mecha(amount, shorthand):
    source = f"when attacked: {'+' if shorthand else 'add '}{amount} power"
    card = card_entity("mechas", {"id": "m", "name": "M", "cost": 1, "power": 1, "durability": 1,
                                  "ability": source}, VOCABULARY)
    assert card["abilities"] == [{"trigger": "attacked", "effects": [
        {"verb": ADD, "modifier": POWER, "target": "this", "amount": amount}]}]
    assert compile_ability(source, "mechas", VOCABULARY).text == (
        f"When this is attacked: This mecha gets +{amount} power until end of turn.")


@pytest.mark.parametrize(("kind", "source", "message"), [
    ("towers", "when attacked: +1 power", "'add AMOUNT power' is only for mechas abilities, not towers"),
    ("towers", "when attacked: add 1 power to this",
     "'add AMOUNT power to this' is only for mechas abilities, not towers"),
    ("commands", "when played: add 1 armour to this",
     "'add AMOUNT armour to this' is only for mechas and towers abilities, not commands"),
])
def test_m14_m2_what_an_entity_of_that_kind_cannot_do_is_a_located_effect_timing(kind, source, message):
    problem, = compile_ability(source, kind, VOCABULARY).problems
    assert (problem.code, problem.message) == (codes.EFFECT_TIMING, message)
    assert source[problem.start:problem.end] == source.split(": ", 1)[1]


def test_pay_is_a_located_error_in_a_game_whose_effects_pay_nothing():
    source = "when played: pay 1 energy and draw 1"
    problem, = compile_ability(source, "commands", VOCABULARY).problems
    assert problem.code is codes.EFFECT_UNKNOWN_WORD
    assert source[problem.start:problem.end] == "pay 1 energy"


BOOST = {"id": "boost", "name": "Boost", "type": "command", "windows": ["main"],
         "effects": [{"verb": ADD, "modifier": POWER, "amount": 1, "target": "friendly-mecha"}]}
GRUNT = {"id": "grunt", "name": "Grunt", "type": "mecha", "cost": 1, "power": 1, "durability": 2}
TOWER = {"id": "post", "name": "Post", "type": "tower", "durability": 2}


@settings(max_examples=25)
@given(st.integers(0, 4))
def test_m5_boosts_add_up_and_all_expire_at_end_of_turn(boosts):
    game = api.table(build_ruleset([BOOST, GRUNT, TOWER], []), hands=(["boost"] * boosts, []),
                     decks=(["grunt"], ["grunt"]))
    grunt = api.place(game, "grunt", "c3", 0)
    api.place(game, "post", "a1", 0)          # a friendly unit, never a candidate for power (M14)
    for _ in range(boosts):
        events = api.run(game, lambda: game.act(0, ("command", "boost")))
        assert next(e for e in events if e["e"] == POWER)["power"] == game.power(grunt)
    assert game.power(grunt) == 1 + boosts
    assert game.snapshot()["units"]["c3"]["modifiers"] == ({POWER: boosts} if boosts else {})
    api.run(game, game.end_phase)
    assert game.power(grunt) == 1 and grunt.modifiers == {}
