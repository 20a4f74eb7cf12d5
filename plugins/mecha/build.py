"""Build: a resolved Mecha Game pack stack as the engine's :class:`~rulecraft.plugins.mecha.model.Ruleset`.

The game's ``builder``. A card's ``ability`` is an effect string compiled by the shared DSL with the words
the stack runs with: Mecha Game's (``mecha.vocabulary``) and its plugins', the vocabulary the wiring builds
(``wiring.stack_words`` finds the same from a stack, for the cards and the docs); each checked
ability becomes a trigger and its effect steps, the data the engine plays (a command's `when played`
ability is its effect). A plugin's verb plays when it calls one of the engine's steps or adds to an
accumulator. The card's type is its kind. The
stack checks (``mecha.checks``) have already reported, at the author's line, anything refused here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rulecraft.compiler.effects import ir
from rulecraft.compiler.effects.build import CompiledEffect
from rulecraft.compiler.effects.check import fold
from rulecraft.compiler.effects.pack import compiled_effect
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.mecha.model import ADD, CARD_KINDS, Ruleset, build_ruleset
from rulecraft.plugins.mecha.vocabulary import PLAYED, STEP_VERBS
from rulecraft.plugins.wiring import stack_words


class Unplayable(ValueError):
    """A checked ability uses a construct the engine does not play (an `if`, `you may`, a payment)."""


def compile_ability(source: str, kind: str, vocabulary: Vocabulary) -> CompiledEffect:
    return compiled_effect(source, kind, vocabulary)


def abilities(compiled: CompiledEffect) -> list[dict[str, Any]]:
    """Each checked ability as ``{trigger, effects: [{verb, amount, target}]}``; Unplayable otherwise."""
    out = []
    for ability in compiled.abilities:
        steps = []
        for sentence in ability.body:
            if not isinstance(sentence, ir.Seq):
                raise Unplayable("Mecha Game abilities are steps joined by 'and' (no 'if' or 'you may')")
            for step in sentence.steps:
                if not isinstance(step, ir.Do):
                    raise Unplayable("Mecha Game has no payments in abilities")
                amount = fold(step.arg("amount"))
                if not isinstance(amount, ir.Num):
                    raise Unplayable("an amount is a number")
                call = step.verb.call
                if step.verb.adds is None and call.method not in STEP_VERBS:
                    raise Unplayable(f"the engine has no step for '{step.verb.pattern}' (it plays "
                                     f"{', '.join(sorted(STEP_VERBS))} and the accumulators)")
                target = call.args[0].value if len(call.args) > 1 else None  # type: ignore[union-attr]
                if step.verb.adds is not None:     # an accumulator: the engine adds to the unit's modifier
                    steps.append({"verb": ADD, "modifier": step.verb.adds, "target": target,
                                  "amount": step.verb.sign * amount.value})
                else:
                    steps.append({"verb": STEP_VERBS[call.method], "amount": amount.value, "target": target})
        out.append({"trigger": ability.trigger.id, "effects": steps})
    return out


def card_entity(kind: str, data: dict[str, Any], vocabulary: Vocabulary) -> dict[str, Any]:
    """A card entity with its ability compiled by ``vocabulary`` to the engine's abilities (or a command's
    effects)."""
    card = {k: v for k, v in data.items() if k not in ("ability", "text", "text_override")}
    card["type"] = CARD_KINDS[kind]
    source = data.get("ability")
    if isinstance(source, str):
        compiled = compile_ability(source, kind, vocabulary)
        if not compiled.ok:
            raise ValueError(f"{kind} {data.get('id')}: {compiled.problems[0].message}")
        found = abilities(compiled)
        card["text"] = data.get("text") or compiled.text
        if kind == "commands":
            card["effects"] = [step for a in found if a["trigger"] == PLAYED for step in a["effects"]]
        else:
            card["abilities"] = found
    return card


def build_from_stack(stack: Stack, compiled: Any = None, vocabulary: Vocabulary | None = None) -> Ruleset:
    """The ruleset of a resolved stack, its abilities compiled with ``vocabulary`` (the wiring's: the game's
    words and the stack's plugins'; ``None``: the same, found by ``wiring.stack_words``). ``compiled`` is
    unused: the game compiles its abilities to steps, not to the DSL's handlers."""
    words = vocabulary if vocabulary is not None else stack_words(stack)
    cards = [card_entity(kind, entity.data, words) for kind in CARD_KINDS for entity in stack.of_kind(kind)]
    decks = [entity.data for entity in stack.of_kind("decks")]
    rules = stack.rules.data if stack.rules is not None else {}
    ruleset = build_ruleset(cards, decks, rules)
    source = {"game": stack.game or "mecha",
              "packs": [{"id": p.id, "version": str(p.version)} for p in stack.packs],
              "plugins": [name for pack in stack.packs for name in pack.plugins]}
    return dataclasses.replace(ruleset, source=source)
