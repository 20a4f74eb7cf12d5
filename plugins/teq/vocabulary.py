"""Check: Tiny Epic Quest's words for the effect DSL: grotto abilities, treasure items and quest rewards.

The shared DSL (grammar, checker, English back end) compiles each ``ability`` with this vocabulary; the
builder then reads each checked verb as an effect step of the model (``teq.model``: ``verb``, ``amount``,
``target``, ``method``, ``modifier``), so the printed text and what the engine does come from one tree.
Whose ability it is decides its triggers: a grotto's `when entered` (Q8), an item's `in each use step`
(Q19), `when you take a hit` (Q16) and `while held` (Q25), a movement quest's `when completed` (Q12).
Extra torches and scrolls (Q19) and an item's standing bonuses (maximum health and power, Q24; stealth
past goblins, Q7; warding against hits, Q16) are the DSL's accumulators, ``+N torch``, ``+N max-health``.

Movement-quest *conditions* are not DSL: a condition is a position of several heroes at once, checked
after every move with the moved hero part of it (Q12), which the DSL's one-hero, one-moment sentences do
not say; as data (``model.Condition``) each is one of four forms the engine matches, and its English is
generated from the form (``cardtext.condition_text``).
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

from rulecraft.compiler.effects.pack import AbilityFields
from rulecraft.compiler.effects.reference import ReferenceGuide
from rulecraft.compiler.effects.vocabulary import (
    NUMBER,
    Accumulator,
    Arg,
    Call,
    Const,
    Kind,
    Slot,
    Trigger,
    Verb,
    Vocabulary,
)
from rulecraft.plugins.teq import model as M

# The entity kinds abilities belong to (what the triggers see): a grotto region, a treasure item, a quest.
GROTTO, TREASURE, QUEST = "grotto", "treasure", "quest"
GROTTOES, TREASURES, QUESTS = frozenset({GROTTO}), frozenset({TREASURE}), frozenset({QUEST})


def _grotto_regions(data: dict[str, Any]) -> Iterator[tuple[str, ...]]:
    """A map card's regions that hold a grotto's ability (Q3: a grotto is one region of a card)."""
    for side in M.SIDES:
        region = data.get(side)
        if isinstance(region, dict) and region.get("feature") == M.GROTTO:
            yield (side,)


# Where abilities sit (GameDefinition.ability_fields): a grotto region's `ability`, an item's, a quest's.
ABILITY_FIELDS: AbilityFields = MappingProxyType({
    "map-cards": (GROTTO, _grotto_regions),
    "treasure-items": (TREASURE, lambda data: [()]),
    "quests": (QUEST, lambda data: [()]),
})

_TRIGGERS = (
    Trigger(M.ENTERED, "when entered", "When a hero enters", "Q8: at once, when a hero moves into the grotto",
            "when entered: gain 2 power", kinds=GROTTOES),
    Trigger(M.USE_STEP, "in each use step", "In each use step",
            "Q19: in its player's use step of every roll, before the faces are given",
            "in each use step: +1 torch", kinds=TREASURES),
    Trigger(M.HIT, "when you take a hit", "When you take a hit",
            "Q16: each time its player receives a hit, before paying to prevent it",
            "when you take a hit: prevent 1 damage", kinds=TREASURES),
    Trigger(M.HELD, "while held", "While held", "Q25: for as long as a hero holds it",
            "while held: +1 max-health", kinds=TREASURES),
    Trigger(M.COMPLETED, "when completed", "When completed", "Q12: as the player takes the movement quest",
            "when completed: gain 2 power", kinds=QUESTS),
)
_DAY = frozenset({M.ENTERED, M.COMPLETED})

_AMOUNT = Slot("amount", NUMBER, 1, 9)
METHOD = Kind("method", {method: method.title() for method in M.METHODS},
              "The movement methods of the movement cards (Q5).")

# Accumulators: the extra symbols of one hero's use step (Q19), and an item's standing bonuses (Q7, Q16, Q24).
TORCH = Accumulator(M.TORCH, "Extra torches for the hero holding the item, in this use step (Q19).")
SCROLL = Accumulator(M.SCROLL, "Extra scrolls for the hero holding the item, in this use step (Q19).")
MAX_HEALTH = Accumulator(M.MAX_HEALTH, "Its player's maximum health, while the item is held (Q24).")
MAX_POWER = Accumulator(M.MAX_POWER, "Its player's maximum power, while the item is held (Q24).")
STEALTH = Accumulator(M.STEALTH, "Power its hero pays less per active goblin passed, not below 0 (Q7).")
WARDING = Accumulator(M.WARDING, "Power its player pays less to prevent a hit, not below 0 (Q16).")
ACCUMULATORS = (TORCH, SCROLL, MAX_HEALTH, MAX_POWER, STEALTH, WARDING)

# accumulator -> (the model's step verb, its modifier, the trigger it works in, its English, its example)
ACCUMULATED = {
    M.TORCH: (M.ADD_TORCH, None, M.USE_STEP, "this hero gets +{amount} torch this use step",
              "in each use step: +1 torch"),
    M.SCROLL: (M.ADD_SCROLL, None, M.USE_STEP, "this hero gets +{amount} scroll this use step",
               "in each use step: +1 scroll"),
    M.MAX_HEALTH: (M.ADD, M.MAX_HEALTH, M.HELD, "your maximum health is {amount} higher",
                   "while held: +1 max-health"),
    M.MAX_POWER: (M.ADD, M.MAX_POWER, M.HELD, "your maximum power is {amount} higher",
                  "while held: +1 max-power"),
    M.STEALTH: (M.ADD, M.STEALTH, M.HELD, "this hero pays {amount} less power to pass each active goblin",
                "while held: +1 stealth"),
    M.WARDING: (M.ADD, M.WARDING, M.HELD, "preventing a hit costs you {amount} less power",
                "while held: +1 warding"),
}

# The engine's step for each plain verb's method (the verb id).
STEP_VERBS = {"gain_health": M.GAIN_HEALTH, "gain_power": M.GAIN_POWER, "advance": M.ADVANCE,
              "goblin_damage": M.GOBLIN_DAMAGE, "prevent": M.PREVENT, "move": M.MOVE}


def _verbs() -> list[Verb]:
    verbs = [
        Verb("gain_health", "gain {amount} health", (_AMOUNT,), Call("gain_health", (Arg("amount"),)),
             "gain {amount} health", "Its player gains health, up to its maximum (Q24).",
             "when entered: gain 2 health"),
        Verb("gain_power", "gain {amount} power", (_AMOUNT,), Call("gain_power", (Arg("amount"),)),
             "gain {amount} power", "Its player gains power, up to its maximum (Q24).",
             "when entered: gain 2 power"),
        Verb("advance", "advance {amount} on a temple track", (_AMOUNT,),
             Call("advance", (Const(M.HERO_ON_TEMPLE), Arg("amount"))),
             "one of your heroes on a temple track advances {amount} on it without symbols",
             "A hero of the player's choice steps on its temple track; reaching the last space in the day "
             "completes the temple at once (Q20).", "when entered: advance 1 on a temple track", _DAY),
        Verb("goblin_damage_this_hero", "deal {amount} damage to its goblin", (_AMOUNT,),
             Call("goblin_damage", (Const(M.THIS_HERO), Arg("amount"))),
             "deal {amount} damage to the goblin this hero is attacking",
             "Damage to the goblin the item's hero attacks, if it attacks one (Q23).",
             "in each use step: deal 1 damage to its goblin", kinds=TREASURES),
        Verb("goblin_damage_chosen", "deal {amount} damage to an attacked goblin", (_AMOUNT,),
             Call("goblin_damage", (Const(M.HERO_AT_PORTAL), Arg("amount"))),
             "deal {amount} damage to a goblin one of your heroes is attacking",
             "Damage to a goblin one of the player's heroes attacks, of its choice (Q23).",
             "when entered: deal 2 damage to an attacked goblin"),
        Verb("prevent", "prevent {amount} damage", (_AMOUNT,), Call("prevent", (Arg("amount"),)),
             "the hit deals {amount} less damage", "The hit just received deals less, not below 0 (Q16).",
             "when you take a hit: prevent 1 damage", frozenset({M.HIT})),
        Verb("move", "move a hero by {method}", (Slot("method", METHOD.name),),
             Call("move", (Const(M.ANY_HERO), Arg("method"))), "move one of your heroes by {method}",
             "One of the player's heroes moves once by that method (Q5), paying for goblins (Q7) and "
             "entering as any move does (Q8); it is not a day move of its own (Q9).",
             "when entered: move a hero by raft", _DAY),
    ]
    for accumulator in ACCUMULATORS:
        _, _, trigger, text, example = ACCUMULATED[accumulator.name]
        verbs.append(accumulator.adding(Call("add", (Const(M.THIS_HERO), Const(accumulator.name),
                                                     Arg("amount"))),
                                        text, accumulator.description, example, frozenset({trigger}),
                                        TREASURES, amount=_AMOUNT))
    return verbs


SYNTAX = """\
An **ability** is a trigger, a colon and what happens: `when entered: gain 2 power`. Steps are joined by
`and` and happen in order: `when completed: gain 1 health and gain 1 power`. `+N torch` is card shorthand
for `add N torch`. Tiny Epic Quest's abilities have no `if`, `you may` or payments: each step always
happens, and a step with nothing to act on (no hero on a temple track, no goblin attacked) does nothing.
"""

REFERENCE = ReferenceGuide(
    SYNTAX,
    "A grotto's ability runs when a hero enters it (Q8); a treasure item's only while a hero holds it "
    "(Q25); a movement quest's when its player takes it (Q12). A movement quest's condition is data, "
    "not an ability (see the pack format).",
    verb_kind=GROTTO)


def teq_vocabulary() -> Vocabulary:
    """A fresh registry of Tiny Epic Quest's DSL words."""
    vocabulary = Vocabulary()
    vocabulary.examples.update({"ability": "when entered: gain 2 power", "step": "gain 1 power"})
    vocabulary.guide = REFERENCE
    vocabulary.register_kind(METHOD)
    for accumulator in ACCUMULATORS:
        vocabulary.register_accumulator(accumulator)
    for trigger in _TRIGGERS:
        vocabulary.register_trigger(trigger)
    for verb in _verbs():
        vocabulary.register_verb(verb)
    return vocabulary
