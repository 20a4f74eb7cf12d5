"""Check: Tiny Epic Mechs' effect DSL vocabulary: its triggers, verbs, attributes and value kinds.

The registry's classes are the compiler's (``rulecraft.compiler.effects.vocabulary``); the words are the
game's: :func:`core_vocabulary` is what ``GameDefinition.vocabulary`` names for ``tem``, and plugins add
words to it through ``rulecraft_register_vocabulary``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from types import MappingProxyType
from typing import Any

from rulecraft.compiler.effects.pack import AbilityFields
from rulecraft.compiler.effects.reference import ReferenceGuide
from rulecraft.compiler.effects.verify import context_methods
from rulecraft.compiler.effects.vocabulary import (
    NUMBER,
    Accumulator,
    Arg,
    Attribute,
    Call,
    Choice,
    Const,
    Kind,
    Payment,
    Slot,
    Trigger,
    Verb,
    Vocabulary,
)
from rulecraft.compiler.loader import JsonPath
from rulecraft.plugins.tem.effect_context import EffectContext

# Trigger ids are the runtime's (rulecraft.plugins.tem.triggers), with the rule step each fires at.
COMBAT_TRIGGERS = frozenset({"combat_start", "combat_end", "before_attack", "before_power_attack",
                             "after_attack", "when_used", "when_attacked"})
ATTACKING = frozenset({"before_attack", "before_power_attack", "after_attack", "when_used"})
OUT_OF_COMBAT = frozenset({"round_start", "round_end", "on_collect", "on_purchase", "on_bought", "on_deploy",
                           "on_upgrade", "after_retreat", "on_scoring"})
PAYING = frozenset({"on_purchase", "on_deploy", "on_upgrade"})

_TRIGGERS = (
    Trigger("before_attack", "before attack", "Before you attack",
            "Attacking, after you choose and exhaust the weapon, before its damage is dealt (step 1)",
            "before attack: pay up to 3 energy: add 1 damage each", ("before attacking",)),
    Trigger("before_power_attack", "before power attack", "Before you deal a Power Attack",
            "As `before attack`, only when the attack is a Power Attack (T13 counters, T7 jumps)",
            "before power attack: add 1 damage", ("before a power attack",)),
    Trigger("after_attack", "after attack", "After you attack",
            "Attacking, after the damage and its VP are dealt (step 3)",
            "after attack: heal 1", ("after attacking",)),
    Trigger("when_used", "when used", "When used",
            "A weapon's own ability when it is used to attack, at step 3 of Attacking",
            "when used: gain 1 vp", (), frozenset({"weapon"})),
    Trigger("when_attacked", "when attacked", "When you are attacked",
            "An enemy attack is about to hit you: after its `before attack`, before its damage",
            "when attacked: prevent 1 damage", ("when you are attacked",)),
    Trigger("combat_start", "at combat start", "At the start of Combat",
            "Combat starts, after the mover's 1 VP (T2), before the first attack; for both players",
            "at combat start: deal 1 damage", ("when combat starts",)),
    Trigger("combat_end", "at combat end", "At the end of Combat",
            "Combat ends (retreat or KO), before a Turret fires (T8); for both players",
            "at combat end: heal 1", ("when combat ends",)),
    Trigger("on_collect", "when you collect", "When you collect",
            "After your Collect action", "when you collect: gain 1 credits", ("on collect",)),
    Trigger("on_purchase", "when you purchase", "When you purchase a weapon",
            "Purchase, before you choose the weapon: a cost change applies to every weapon on offer "
            "(E4); other effects happen once a weapon is paid for, none if you buy nothing",
            "when you purchase: reduce the cost by 1", ("on purchase",)),
    Trigger("on_bought", "when bought", "When you buy this weapon",
            "A weapon's own ability, once you paid for it with a Purchase, before you equip (E8)",
            "when bought: gain 2 energy", ("when purchased",), kinds=frozenset({"weapon"})),
    Trigger("on_deploy", "when you deploy", "When you deploy a Mine or Turret",
            "Deploy Mine / Deploy Turret, before you pay: a cost change counts toward affordability; "
            "other effects happen once the token is paid for, none if you deploy nothing",
            "when you deploy: reduce the cost by 1", ("on deploy",)),
    Trigger("on_upgrade", "when you upgrade", "When you upgrade to Power Armor",
            "Power Up, before you choose: a cost change counts toward affordability; other effects "
            "happen once the Upgrade is paid for, none if you heal or pass",
            "when you upgrade: gain 1 energy", ("on upgrade",)),
    Trigger("on_enter_zone", "when you enter a zone", "When you enter a zone",
            "Your move or jump enters a zone, before T8's Mines and Combat",
            "when you enter a zone: gain 1 energy", ("on enter zone",)),
    Trigger("on_ko", "when you ko an enemy", "When you KO an enemy",
            "After your KO of a player and its VP (T2)", "when you ko an enemy: gain 2 credits",
            ("after ko", "on ko")),
    Trigger("on_koed", "when you are knocked out", "When you are KO'd",
            "You are KO'd, after the KO's VP, before Ad Hoc Mode and the status rules",
            "when you are knocked out: gain 1 credits", ("when knocked out", "on koed")),
    Trigger("after_retreat", "after you retreat", "After you retreat",
            "You retreated (T2's VP given) and moved to the closest non-hostile zone",
            "after you retreat: heal 2", ("after retreat",)),
    Trigger("round_start", "at round start", "At the start of each round",
            "A new round begins, before the Program phase", "at round start: gain 1 energy"),
    Trigger("round_end", "at round end", "At the end of each round",
            "After the round's turns and any scoring, before the Round token advances",
            "at round end: if energy < 2 then gain 1 energy"),
    Trigger("on_scoring", "at scoring", "When you score zones",
            "A scoring round (2, 4, 6; T14), after zone and Mighty Mech scoring",
            "at scoring: gain deployed-mines vp", ("on scoring",)),
)

_KINDS = (
    Kind("resource", {"energy": "Energy", "credits": "Credits", "vp": "VP"},
         "What players gain and pay: Energy, Credits and victory points.", {"credits": "Credit"}),
    Kind("status", {"pilot": "Pilot", "power-armor": "Power Armor", "mighty-mech": "Mighty Mech"},
         "A player's status: Pilot, Power Armor or the Mighty Mech."),
    Kind("weapon-type", {"area": "Area", "ranged": "Ranged", "melee": "Melee"},
         "Weapon types; Area beats Ranged, Ranged beats Melee, Melee beats Area (T13)."),
)

# Accumulators: the damage of the attack being resolved (added to before it hits, prevented when attacked)
# and the cost of the purchase, deployment or upgrade being paid for (E4).
DAMAGE = Accumulator("damage", "The damage of the attack being resolved (T13), before it is dealt.")
COST = Accumulator("cost", "The cost of the purchase, deployment or upgrade being paid for (E4).")
ACCUMULATORS = (DAMAGE, COST)

# The examples the DSL's error messages quote.
EXAMPLES = {"ability": "after attack: gain 1 vp", "step": "gain 1 vp", "pay": "pay 2 energy",
            "pay_up_to": "pay up to 3 energy: add 1 damage each", "may": "you may pay 1 energy and heal 2",
            "kind": "a resource"}

# `pay` pays Energy, Credits or VP of the ability's owner (`you`).
PAYMENT = Payment("resource", "pay", Call("resource", (Const("you"), Arg("word"))))

_AMOUNT = Slot("amount", NUMBER)
_VERBS = (
    Verb("deal_damage", "deal {amount} damage", (_AMOUNT,), Call("deal_damage", (Arg("amount"),)),
         "deal {amount} damage to the enemy",
         "Deal damage to the enemy you are in Combat with; it scores VP and can KO like an attack.",
         "at combat start: deal 1 damage", COMBAT_TRIGGERS,
         "deal damage equal to {amount} to the enemy", "amount"),
    DAMAGE.adding(Call("add_damage", (Arg("amount"),)), "this attack deals +{amount} damage",
                  "Increase the damage of the attack you are about to deal.", "before attack: add 1 damage",
                  frozenset({"before_attack", "before_power_attack"}),
                  text_equal="this attack deals extra damage equal to {amount}"),
    Verb("prevent_damage", "prevent {amount} damage", (_AMOUNT,),
         Call("prevent_damage", (Arg("amount"),)), "prevent {amount} damage from this attack",
         "Reduce the damage of the attack about to hit you.", "when attacked: prevent 1 damage",
         frozenset({"when_attacked"}), "prevent damage equal to {amount} from this attack", "amount",
         adds="damage", sign=-1),
    Verb("heal", "heal {amount}", (_AMOUNT,), Call("heal", (Arg("amount"),)), "heal {amount} health",
         "Restore health, never above your status's maximum (not in the Mighty Mech).",
         "after attack: heal 1", None, "heal health equal to {amount}", "amount"),
    Verb("gain", "gain {amount} {resource}", (_AMOUNT, Slot("resource", "resource")),
         Call("gain", (Arg("resource"), Arg("amount"))), "gain {amount} {resource}",
         "Gain Energy, Credits or VP.", "after attack: gain 1 vp", None,
         "gain {resource} equal to {amount}", "amount"),
    Verb("enemy_loses", "the enemy loses {amount} {resource}", (_AMOUNT, Slot("resource", "resource")),
         Call("enemy_loses", (Arg("resource"), Arg("amount"))), "the enemy loses {amount} {resource}",
         "The enemy you are in Combat with loses Energy, Credits or VP (as much as it has).",
         "after attack: the enemy loses 1 energy", COMBAT_TRIGGERS,
         "the enemy loses {resource} equal to {amount}", "amount"),
    Verb("reduce_cost", "reduce the cost by {amount}", (_AMOUNT,), Call("reduce_cost", (Arg("amount"),)),
         "the cost is reduced by {amount}",
         "Make the purchase, deployment or upgrade being paid for cheaper (never below 0).",
         "when you deploy: reduce the cost by 1", PAYING, None, "amount", adds="cost", sign=-1),
    Verb("move", "move to an adjacent zone", (),
         Call("move", (Const("you"), Choice("choose_zone", Call("adjacent_zones", (Const("you"),))))),
         "move to an adjacent zone of your choice",
         "Move your pilot to an orthogonally adjacent zone you choose (entering it follows T8).",
         "at round start: move to an adjacent zone", OUT_OF_COMBAT),
    Verb("push", "push the enemy to an adjacent zone", (),
         Call("move", (Const("enemy"), Choice("choose_zone", Call("adjacent_zones", (Const("enemy"),))))),
         "push the enemy to an adjacent zone of your choice",
         "Move the enemy's pilot to an adjacent zone you choose; Combat ends without a retreat.",
         "after attack: push the enemy to an adjacent zone", ATTACKING),
    Verb("ready_weapon", "ready a weapon", (), Call("ready_weapon"), "ready one of your exhausted weapons",
         "Ready one of your exhausted weapons so it can attack again in this Combat.",
         "after attack: ready a weapon", COMBAT_TRIGGERS),
    Verb("exhaust_enemy_weapon", "exhaust an enemy weapon", (), Call("exhaust_enemy_weapon"),
         "exhaust one of the enemy's ready weapons",
         "Exhaust one of the enemy's ready weapons (the enemy chooses which).",
         "after attack: exhaust an enemy weapon", COMBAT_TRIGGERS),
)


def _attributes() -> Iterable[Attribute]:
    you, enemy = Const("you"), Const("enemy")
    yield Attribute("health", NUMBER, Call("health", (you,)), "your health",
                    "Your current health.", "at round end: if health < 3 then heal 2")
    yield Attribute("enemy-health", NUMBER, Call("health", (enemy,)), "the enemy's health",
                    "The health of the enemy you are in Combat with.",
                    "before attack: if enemy-health <= 2 then add 1 damage", COMBAT_TRIGGERS)
    yield Attribute("max-health", NUMBER, Call("max_health", (you,)), "your maximum health",
                    "The full health of your current status.",
                    "at round end: if health < max-health then heal 1")
    for word, display in (("energy", "Energy"), ("credits", "Credits"), ("vp", "VP")):
        yield Attribute(word, NUMBER, Call("resource", (you, Const(word))), f"your {display}",
                        f"How much {display} you have.",
                        f"at round start: if {word} >= 3 then gain 1 {word}")
    yield Attribute("status", "status", Call("status", (you,)), "your status",
                    "Your status: pilot, power-armor or mighty-mech.",
                    "at round start: if status is pilot then heal 1")
    yield Attribute("enemy-status", "status", Call("status", (enemy,)), "the enemy's status",
                    "The status of the enemy you are in Combat with.",
                    "before attack: if enemy-status is mighty-mech then add 2 damage", COMBAT_TRIGGERS)
    yield Attribute("zone-value", NUMBER, Call("zone_value"), "your zone's value",
                    "The value printed on the zone your pilot is in.", "when you collect: gain zone-value vp")
    yield Attribute("round", NUMBER, Call("round"), "the round number", "The current round (1-6).",
                    "at round start: if round >= 4 then gain 1 energy", low=1)
    yield Attribute("turn", NUMBER, Call("turn"), "the turn number", "The current turn of the round (1-4).",
                    "when you collect: if turn = 4 then gain 1 vp", low=1)
    yield Attribute("attack-type", "weapon-type", Call("attack_type"),
                    "the type of the weapon just used against you",
                    "The type of the weapon the enemy just used against you (area, ranged or melee).",
                    "when attacked: if attack-type is ranged then prevent 1 damage", COMBAT_TRIGGERS)
    yield Attribute("weapon-type", "weapon-type", Call("weapon_type"), "the type of your weapon",
                    "The type of the weapon you attack with.",
                    "before attack: if weapon-type is melee then add 1 damage", ATTACKING)
    yield Attribute("attack-damage", NUMBER, Call("attack_damage"), "this attack's damage",
                    "The damage of the attack being resolved so far.",
                    "when attacked: if attack-damage >= 3 then prevent 1 damage",
                    ATTACKING | {"when_attacked"})
    yield Attribute("deployed-mines", NUMBER, Call("deployed", (Const("mine"),)),
                    "the number of your deployed Mines", "How many of your Mines are in the arena.",
                    "at scoring: gain deployed-mines vp")
    yield Attribute("deployed-turrets", NUMBER, Call("deployed", (Const("turret"),)),
                    "the number of your deployed Turrets", "How many of your Turrets are in the arena.",
                    "at scoring: gain deployed-turrets vp")
    yield Attribute("weapons", NUMBER, Call("weapons_owned", (you,)), "the number of weapons you own",
                    "How many weapon cards you own, equipped or not.",
                    "at round end: if weapons >= 4 then gain 1 vp")
    yield Attribute("enemy-weapons", NUMBER, Call("weapons_owned", (enemy,)),
                    "the number of weapons the enemy owns", "How many weapon cards the enemy owns.",
                    "at combat start: if enemy-weapons > weapons then gain 1 energy", COMBAT_TRIGGERS)


SYNTAX = """\
An **effect** is one or more abilities, one per line. An ability is a **trigger**, a colon, and what
happens: `after attack: gain 1 vp`. Words are lower or upper case alike.

| form | example | meaning |
|---|---|---|
| a verb | `gain 2 energy` | do something (the verbs are listed below) |
| `+N damage` | `+1 damage` | card shorthand for `add N damage` |
| `A and B` | `gain 1 vp and heal 1` | do both, in order |
| `A. B` | `pay 1 energy and heal 2. gain 1 vp` | separate sentences |
| `pay N R and ...` | `pay 1 energy and add 1 damage` | what follows `pay` happens only if you could pay |
| `you may ...` | `you may pay 1 energy and heal 2` | the player chooses whether to do it all |
| `pay up to N R: ... each` | `pay up to 3 energy: +1 damage each` | pick an amount to pay; the steps \
happen once per unit paid |
| `pay up to N R or R: ... each` | `pay up to 3 energy or credits: +1 damage each` | as above, with one \
resource of the player's choice |
| `if C then ... else ...` | `if health < 3 then heal 2 else gain 1 energy` | `else if` chains too |
| comparisons | `<` `<=` `>` `>=` `=` `!=` `is` `is not` | `attack-type is ranged`, `energy >= 2` |
| conditions | `and`, `or`, `not` | `if round >= 4 and not status is pilot then ...` |
| arithmetic | `+` `-` `*` and `( )` on whole numbers | `gain zone-value + 1 vp` |

A verb whose amount works out below 1 does nothing. Articles (`a`, `an`, `the`) are optional.
"""

def _sides(data: dict[str, Any]) -> Iterator[JsonPath]:
    sides = data.get("sides") or {}
    keys = sides.keys() if isinstance(sides, dict) else range(len(sides))
    yield from (("sides", key) for key in keys)


# Where abilities sit (GameDefinition.ability_fields): weapons' and pilots' `ability`, each Mighty Mech
# side's `ability`.
ABILITY_FIELDS: AbilityFields = MappingProxyType({
    "weapons": ("weapon", lambda data: [()]),
    "pilots": ("pilot", lambda data: [()]),
    "mighty-mech": ("mech-power", _sides),
})

REFERENCE = ReferenceGuide(
    SYNTAX,
    "The runtime fires each trigger id at the rule step shown, for one player. Which abilities "
    "are active (engine ruling E8): the pilot's ability (in the Mighty Mech, the side's power "
    "instead) at every trigger of its owner; a weapon's ability only while it is equipped, at the "
    "attack triggers (`before attack`, `before power attack`, `after attack`, `when used`) only "
    "for the weapon attacking, at every other trigger for each equipped weapon; `when bought` "
    "only for the weapon just bought, equipped or not. At `when you purchase`, `when you deploy` "
    "and `when you upgrade` a cost change counts toward what you can afford (E4), and every "
    "other effect waits until the action is paid for (none when you do not take it).",
    verb_kind="weapon")


def core_vocabulary() -> Vocabulary:
    """A fresh registry holding the Tiny Epic Mechs core vocabulary."""
    vocabulary = Vocabulary()
    for kind in _KINDS:
        vocabulary.register_kind(kind)
    vocabulary.register_payment(PAYMENT)
    for accumulator in ACCUMULATORS:
        vocabulary.register_accumulator(accumulator)
    for trigger in _TRIGGERS:
        vocabulary.register_trigger(trigger)
    for verb in _VERBS:
        vocabulary.register_verb(verb)
    for attribute in _attributes():
        vocabulary.register_attribute(attribute)
    vocabulary.register_context(context_methods(EffectContext))
    vocabulary.guide = REFERENCE
    vocabulary.examples.update(EXAMPLES)
    return vocabulary


VOCABULARY = core_vocabulary()
"""TEM's registry as shipped (no plugin's words: ``Manager.vocabulary()`` builds a fresh one with them)."""
