"""Generated handlers do what the rule text says, driven through a recording EffectContext."""

from __future__ import annotations

import pytest
from effect_fakes import RecordingContext

from rulecraft.compiler.effects.build import compile_effect, load_handlers
from rulecraft.plugins.tem.effect_context import EffectContext
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.runtime.compiled import CompiledAbility


def run(source: str, kind: str = "weapon", **state) -> RecordingContext:
    compiled = compile_effect(source, kind, VOCABULARY)
    assert compiled.ok, [p.message for p in compiled.problems]
    [ability] = load_handlers(compiled.triggers, compiled.python, compiled.texts, "test.yaml:1:1 (test)",
                              VOCABULARY.methods)
    answers = state.pop("answers", [])
    ctx = RecordingContext({k.replace("__", "."): v for k, v in state.items()}, list(answers))
    ability.handler(ctx)
    return ctx


def test_the_fake_implements_the_protocol():
    assert isinstance(RecordingContext(), EffectContext)


def test_lightning_coil_pays_up_to_three_for_one_damage_each():
    """RULINGS T3: Lightning Coil, pay up to 3 of a resource for +1 damage each."""
    ctx = run("before attack: pay up to 3 energy: +1 damage each", you__energy=2, answers=[2])
    assert ctx.calls == [("choose_amount", 0, 2), ("pay", "energy", 2), ("add_damage", 2)]


def test_lightning_coil_asks_nothing_when_you_cannot_pay():
    ctx = run("before attack: pay up to 3 energy: +1 damage each", you__energy=0)
    assert ctx.calls == []


def test_paying_zero_adds_no_damage():
    ctx = run("before attack: pay up to 3 energy: +1 damage each", you__energy=5, answers=[0])
    assert ctx.calls == [("choose_amount", 0, 3)]


def test_warhammer_scores_one_vp_when_used():
    """RULINGS T3: Warhammer, +1 VP when used."""
    compiled = compile_effect("when used: gain 1 VP", "weapon", VOCABULARY)
    assert compiled.triggers == ("when_used",)
    assert run("when used: gain 1 VP").calls == [("gain", "vp", 1)]


def test_failed_payment_skips_the_rest_of_the_sentence_only():
    ctx = run("after attack: pay 2 credits and heal 2. gain 1 energy", you__credits=1)
    assert ctx.calls == [("pay-refused", "credits", 2), ("gain", "energy", 1)]


def test_you_may_asks_once_and_respects_no():
    ctx = run("before attack: you may pay 1 energy and add 1 damage", answers=[False])
    assert ctx.calls == [("choose_yes_no",)]


def test_you_may_pay_is_not_offered_when_you_cannot_pay():
    """A "you may pay" choice you cannot afford is no choice: nothing is asked (Pulse Pistol at 0 Energy)."""
    ctx = run("before attack: you may pay 1 energy and add 1 damage", you__energy=0)
    assert ctx.calls == []


def test_you_may_pay_adds_up_leading_payments_of_one_resource():
    source = "after attack: you may pay 1 credits and pay 1 credits and heal 2"
    assert run(source, you__credits=1).calls == []
    assert run(source, you__credits=2, answers=[True]).calls == [
        ("choose_yes_no",), ("pay", "credits", 1), ("pay", "credits", 1), ("heal", 2)]


def test_if_else_chain_picks_one_branch():
    source = ("at round end: if energy < 2 then gain 1 energy else if health < max-health then heal 1 "
              "else gain 1 vp")
    assert run(source, you__energy=1).calls == [("gain", "energy", 1)]
    assert run(source, you__energy=4, you__health=3).calls == [("heal", 1)]
    assert run(source, you__energy=4, you__health=9).calls == [("gain", "vp", 1)]


def test_counter_type_condition_reads_the_attack_type():
    source = "when attacked: if attack-type is ranged then prevent 1 damage"
    assert run(source, attack_type="ranged").calls == [("prevent_damage", 1)]
    assert run(source, attack_type="melee").calls == []
    assert run(source).calls == []  # nobody attacked you yet: None is not ranged


def test_amounts_below_one_do_nothing():
    assert run("at scoring: gain deployed-mines vp", deployed__mine=0).calls == []
    assert run("at scoring: gain deployed-mines vp", deployed__mine=3).calls == [("gain", "vp", 3)]


def test_each_repeats_non_additive_steps():
    ctx = run("before attack: pay up to 2 credits: pay 1 energy and deal 1 damage each",
              you__credits=5, you__energy=1, answers=[2])
    assert ctx.calls == [("choose_amount", 0, 2), ("pay", "credits", 2), ("pay", "energy", 1),
                         ("deal_damage", 1), ("pay-refused", "energy", 1)]


def test_choice_of_resource_then_amount():
    ctx = run("before attack: pay up to 3 energy or credits: +1 damage each", you__credits=3,
              answers=["credits", 1])
    assert ctx.calls == [("choose", ("energy", "credits")), ("choose_amount", 0, 3), ("pay", "credits", 1),
                         ("add_damage", 1)]


def test_zone_choice_is_skipped_without_options():
    assert run("at round start: move to an adjacent zone", you__adjacent=()).calls == []
    assert run("at round start: move to an adjacent zone", answers=[2]).calls == [
        ("choose_zone", (1, 2)), ("move", "you", 2)]


def test_compiled_ability_names_its_origin_in_tracebacks():
    compiled = compile_effect("after attack: heal 1", "weapon", VOCABULARY)
    [ability] = load_handlers(compiled.triggers, compiled.python, compiled.texts, "pack/weapons.yaml:9:5 (x)",
                              VOCABULARY.methods)
    assert isinstance(ability, CompiledAbility)
    assert ability.handler.__code__.co_filename == "pack/weapons.yaml:9:5 (x)"
    assert ability.text == "After you attack: Heal 1 health."


@pytest.mark.parametrize("source", ["after attack: heal 1", "after attack: gain 1 vp and heal 2"])
def test_handlers_are_plain_functions_of_ctx(source):
    compiled = compile_effect(source, "weapon", VOCABULARY)
    [ability] = load_handlers(compiled.triggers, compiled.python, compiled.texts, "o",
                              VOCABULARY.methods)
    assert ability.handler.__code__.co_argcount == 1
