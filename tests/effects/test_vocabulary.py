"""The vocabulary is a registry: every entry's example compiles, plugins extend it, and its
fingerprint (part of the compiled-pack cache key) is stable across processes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from effect_fakes import RecordingContext

from rulecraft.compiler.effects.build import compile_effect, load_handlers
from rulecraft.compiler.effects.vocabulary import (
    NUMBER,
    Arg,
    Attribute,
    Call,
    Const,
    Slot,
    Trigger,
    Verb,
)
from rulecraft.plugins.tem import triggers as runtime_triggers
from rulecraft.plugins.tem.vocabulary import VOCABULARY, core_vocabulary

EXAMPLES = sorted({*(t.example for t in VOCABULARY.triggers.values()),
                   *(v.example for v in VOCABULARY.verbs.values()),
                   *(a.example for a in VOCABULARY.attributes.values())})


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_registry_example_compiles(example):
    compiled = compile_effect(example, "weapon", VOCABULARY)
    assert compiled.ok, [p.message for p in compiled.problems]


def test_trigger_ids_are_the_ones_the_runtime_fires():
    assert set(VOCABULARY.triggers) <= set(runtime_triggers.ALL)


def _overclock(vocabulary):
    vocabulary.register_verb(Verb(
        "overclock", "overclock {amount}", (Slot("amount", NUMBER),),
        Call("extension", (Const("overclock"), Arg("amount"))), "overclock by {amount}",
        "A plugin's verb, routed through EffectContext.extension.", "after attack: overclock 2"))


def test_a_plugin_adds_a_verb_without_touching_the_grammar():
    vocabulary = core_vocabulary()
    _overclock(vocabulary)
    compiled = compile_effect("after attack: overclock 2", "weapon", vocabulary)
    assert compiled.text == "After you attack: Overclock by 2."
    [ability] = load_handlers(compiled.triggers, compiled.python, compiled.texts, "<plugin>",
                              VOCABULARY.methods)
    ctx = RecordingContext()
    ability.handler(ctx)
    assert ctx.calls == [("extension", "overclock", 2)]
    assert not compile_effect("after attack: overclock 2", "weapon", VOCABULARY).ok  # core untouched


def test_plugins_add_triggers_and_attributes_too():
    vocabulary = core_vocabulary()
    vocabulary.register_trigger(Trigger("on_heal", "when you heal", "When you heal", "After a Heal",
                                        "when you heal: gain 1 vp"))
    shields = Call("extension", (Const("shields"),))
    vocabulary.register_attribute(Attribute("shields", NUMBER, shields, "your shields", "Plugin shields.",
                                            "when you heal: gain shields vp"))
    compiled = compile_effect("when you heal: gain shields vp", "pilot", vocabulary)
    assert compiled.ok and compiled.triggers == ("on_heal",)
    assert "ctx.extension('shields')" in compiled.python[0]


def test_registering_twice_or_an_unsafe_method_name_fails():
    vocabulary = core_vocabulary()
    with pytest.raises(ValueError, match="twice"):
        _overclock(vocabulary)
        _overclock(vocabulary)
    with pytest.raises(ValueError, match="not a valid EffectContext method"):
        vocabulary.register_verb(Verb("evil", "evil", (), Call("__class__"), "evil", "", "x: evil"))


def test_the_fingerprint_changes_with_the_vocabulary_and_not_between_processes():
    vocabulary = core_vocabulary()
    before = vocabulary.fingerprint()
    _overclock(vocabulary)
    assert vocabulary.fingerprint() != before
    code = "from rulecraft.plugins.tem.vocabulary import VOCABULARY; print(VOCABULARY.fingerprint())"
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert seen == {before + "\n"}


def test_the_fingerprint_is_worked_out_once_per_vocabulary(monkeypatch):
    """It was recomputed for every ability (issue 28: 10,000 abilities took 18-24 CPU s, 4 before); a
    registration makes it be worked out again."""
    from rulecraft.compiler.effects import vocabulary as module

    vocabulary = core_vocabulary()
    walks = []
    real = module._canonical
    monkeypatch.setattr(module, "_canonical", lambda value: walks.append(1) or real(value))
    first = vocabulary.fingerprint()
    once = len(walks)
    assert once and all(vocabulary.fingerprint() == first for _ in range(3)) and len(walks) == once
    _overclock(vocabulary)
    assert vocabulary.fingerprint() != first and len(walks) > once
