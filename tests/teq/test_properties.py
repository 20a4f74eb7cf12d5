"""Properties of Tiny Epic Quest's data rules: the coast ring's orientation does not depend on where it
starts (Q6), scoring ladders never fall (Q29), and every DSL amount reaches the model step unchanged."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.build import steps
from rulecraft.plugins.teq.checks import clockwise, touching
from rulecraft.plugins.teq.pack import core_ruleset
from rulecraft.plugins.teq.vocabulary import ACCUMULATED, GROTTO, TREASURE, teq_vocabulary

WORDS = teq_vocabulary()
COAST = core_ruleset().layout.coast


@given(st.integers(0, len(COAST) - 1))
def test_q6_a_ring_is_clockwise_from_any_start_and_anticlockwise_reversed(start):
    ring = COAST[start:] + COAST[:start]
    assert clockwise(ring) and not clockwise(ring[::-1])
    assert all(touching(a, b) for a, b in zip(ring, (*ring[1:], ring[0]), strict=True))


@given(st.lists(st.integers(0, 20), min_size=1, max_size=6, unique=True), st.integers(-3, 30))
def test_q29_a_ladder_scores_the_vp_of_the_highest_step_reached(raw, count):
    steps_ = tuple(sorted(raw))
    ladder = M.Ladder(steps_, tuple(range(1, len(steps_) + 1)))
    reached = [i + 1 for i, step in enumerate(steps_) if count >= step]
    assert ladder.score(count) == (reached[-1] if reached else 0)
    assert ladder.score(count + 1) >= ladder.score(count)


@given(st.integers(1, 9), st.sampled_from(sorted(ACCUMULATED)))
def test_an_accumulator_amount_reaches_its_step(amount, name):
    verb, modifier, trigger, _, _ = ACCUMULATED[name]
    phrase = WORDS.triggers[trigger].phrase
    (ability,) = steps(compile_effect(f"{phrase}: +{amount} {name}", TREASURE, WORDS))
    assert ability.steps == (M.Step(verb, amount, M.THIS_HERO, modifier=modifier),)


@given(st.integers(1, 9), st.sampled_from(["health", "power"]))
def test_a_gain_amount_reaches_its_step(amount, what):
    (ability,) = steps(compile_effect(f"when entered: gain {amount} {what}", GROTTO, WORDS))
    assert ability.steps == (M.Step(M.GAIN_HEALTH if what == "health" else M.GAIN_POWER, amount),)
