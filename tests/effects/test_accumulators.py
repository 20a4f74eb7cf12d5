"""The DSL's general mechanisms, on Tiny Epic Mechs' vocabulary and on a made-up game's: named accumulators
("+N damage" is the general `add N <accumulator>`), entry limits by the kind of entity owning the ability,
and `pay` paying with the words and calls the game declares (issue 12 item 5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.vocabulary import (
    NUMBER,
    Accumulator,
    Arg,
    Attribute,
    Call,
    Const,
    Kind,
    Payment,
    Trigger,
    Verb,
    Vocabulary,
)
from rulecraft.plugins.tem.vocabulary import VOCABULARY as TEM


@given(st.integers(1, 20), st.booleans())
def test_tem_plus_n_damage_is_the_general_add_to_the_damage_accumulator(amount, shorthand):
    source = f"before attack: {'+' if shorthand else 'add '}{amount} damage"
    compiled = compile_effect(source, "weapon", TEM)
    assert compiled.ok
    step = compiled.abilities[0].body[0].steps[0]
    assert step.verb.adds == "damage" and step.verb.sign == 1
    assert f"ctx.add_damage({amount})" in compiled.python[0]
    assert compiled.text == f"Before you attack: This attack deals +{amount} damage."


def test_tem_declares_its_accumulators_and_the_verbs_that_lower_them():
    assert set(TEM.accumulators) == {"damage", "cost"}
    lowering = {v.id: v.adds for v in TEM.verbs.values() if v.sign == -1}
    assert lowering == {"prevent_damage": "damage", "reduce_cost": "cost"}
    assert all(v.adds in TEM.accumulators for v in TEM.verbs.values() if v.adds is not None)


def test_tem_pay_uses_the_declared_payment_kind_and_calls():
    assert TEM.payment == Payment("resource", "pay", Call("resource", (Const("you"), Arg("word"))))
    compiled = compile_effect("after attack: you may pay 2 energy and heal 1", "weapon", TEM)
    assert "ctx.resource('you', 'energy') >= 2 and ctx.choose_yes_no(" in compiled.python[0]
    assert "if ctx.pay('energy', 2):" in compiled.python[0]


# --- a made-up game: locations own abilities, coins pay, morale accumulates ---------------------------
def _game(payment: bool = True) -> Vocabulary:
    vocabulary = Vocabulary()
    vocabulary.register_kind(Kind("coin", {"gold": "Gold", "silver": "Silver"}, "Coins."))
    if payment:
        vocabulary.register_payment(Payment("coin", "spend", Call("purse", (Const("owner"), Arg("word")))))
    morale = vocabulary.register_accumulator(Accumulator("morale", "The party's morale this round."))
    vocabulary.register_trigger(Trigger("visit", "when visited", "When visited", "a hero enters the location",
                                        "when visited: rest", kinds=frozenset({"locations"})))
    vocabulary.register_trigger(Trigger("dawn", "at dawn", "At dawn", "each round", "at dawn: rest"))
    vocabulary.register_verb(morale.adding(Call("raise", (Const("morale"), Arg("amount"))),
                                           "the party gains +{amount} morale", "More morale.",
                                           "at dawn: +1 morale"))
    vocabulary.register_verb(Verb("rest", "rest", (), Call("rest"), "rest", "Rest.", "at dawn: rest",
                                  kinds=frozenset({"locations"})))
    vocabulary.register_attribute(Attribute("depth", NUMBER, Call("depth"), "the depth", "How deep.",
                                            "at dawn: if depth > 2 then rest",
                                            kinds=frozenset({"locations"})))
    vocabulary.register_context(["spend", "purse", "raise", "rest", "depth", "choose_yes_no", "choose_amount",
                                 "choose"])
    return vocabulary


@given(st.integers(1, 20))
def test_an_accumulator_of_any_game_gets_the_general_verb_and_shorthand(amount):
    compiled = compile_effect(f"at dawn: +{amount} morale", "cards", _game())
    assert compiled.ok, compiled.problems
    assert f"ctx.raise('morale', {amount})" in compiled.python[0]
    assert compiled.text == f"At dawn: The party gains +{amount} morale."


def test_a_verb_for_an_unknown_accumulator_is_refused_when_registered():
    vocabulary = _game()
    verb = Accumulator("luck", "Luck.").adding(Call("raise", (Const("luck"), Arg("amount"))),
                                                "+{amount} luck", "Luck.", "at dawn: +1 luck")
    with pytest.raises(ValueError, match="unknown accumulator 'luck'"):
        vocabulary.register_verb(verb)
    with pytest.raises(ValueError, match="registered twice"):
        vocabulary.register_accumulator(Accumulator("morale", "again"))


@pytest.mark.parametrize("source", ["when visited: rest", "at dawn: rest",
                                    "at dawn: if depth > 2 then +1 morale"])
def test_entries_limited_to_an_entity_kind_work_in_its_abilities(source):
    assert compile_effect(source, "locations", _game()).ok


@pytest.mark.parametrize(("source", "what"), [
    ("when visited: +1 morale", "'when visited'"),
    ("at dawn: rest", "'rest'"),
    ("at dawn: if depth > 2 then +1 morale", "'depth'"),
])
def test_an_entry_limited_to_another_kind_is_a_located_effect_timing(source, what):
    compiled = compile_effect(source, "cards", _game())
    problem, = compiled.problems
    assert problem.code is codes.EFFECT_TIMING
    assert problem.message == f"{what} is only for locations abilities, not cards"
    assert source[problem.start:problem.end].startswith(what.strip("'").split()[0])


def test_pay_pays_with_the_games_own_words_and_calls():
    compiled = compile_effect("at dawn: pay up to 3 gold: +1 morale each. pay 1 silver and rest",
                              "locations", _game())
    assert compiled.ok, compiled.problems
    source = compiled.python[0]
    assert "ctx.purse('owner', _v1)" in source and "ctx.spend(_v1, _v3)" in source
    assert "if ctx.spend('silver', 1):" in source
    assert "resource" not in source and "'you'" not in source


def test_pay_in_a_game_that_pays_nothing_is_a_located_error_not_a_crash():
    source = "at dawn: pay 1 gold and rest"
    compiled = compile_effect(source, "locations", _game(payment=False))
    problem, = compiled.problems
    assert problem.code is codes.EFFECT_UNKNOWN_WORD and "pay nothing" in problem.message
    assert source[problem.start:problem.end] == "pay 1 gold"


def test_a_payment_names_a_registered_kind():
    with pytest.raises(ValueError, match="unknown kind 'gems'"):
        Vocabulary().register_payment(Payment("gems", "spend", Call("purse", (Arg("word"),))))


def test_syntax_errors_quote_the_games_own_examples_or_none():
    from rulecraft.plugins.mecha.vocabulary import mecha_vocabulary

    MECHA = mecha_vocabulary()

    tem = compile_effect("after attack gain 1 vp", "weapon", TEM).problems[0].message
    assert tem.startswith("expected ':' after the trigger, e.g. 'after attack: gain 1 vp'")
    mecha = compile_effect("when this enters draw 1", "mechas", MECHA).problems[0].message
    assert mecha.startswith("expected ':' after the trigger, e.g. 'when this enters: draw 1'")
    plain = compile_effect("at dawn rest", "cards", _game()).problems[0].message
    assert plain.startswith("expected ':' after the trigger;")
