"""Check: Mecha Game's words for the effect DSL: its triggers and verbs, with their English and reference.

The shared DSL (grammar, checker, English back end) compiles a card's ``ability`` with this vocabulary;
the game's builder then reads each checked verb as an effect step (``verb``, ``amount``, ``target``) for
the engine, so the printed text and what the engine does come from one tree. A verb on a unit exists once
per target phrase ("to this", "to the attacker", "to an enemy unit", ...), so the checker itself refuses a
target where it cannot be (the attacker outside `when attacked`, "this" on a command: effect-timing).
A mecha's power until end of turn is the DSL's general accumulator (``add N power``, ``+N power``), which
the builder turns into the engine's ADD step.
"""

from __future__ import annotations

from rulecraft.compiler.effects.vocabulary import (
    NUMBER,
    Accumulator,
    Arg,
    Call,
    Const,
    Slot,
    Trigger,
    Verb,
    Vocabulary,
)
from rulecraft.plugins.mecha import model as M

UNITS, COMMANDS = frozenset({"towers", "mechas"}), frozenset({"commands"})
PLAYED = "played"      # a command's one trigger: it resolves as it is played (M15)

_TRIGGERS = (
    Trigger(M.ENTERS, "when this enters", "When this enters", "M2: right after the unit is placed",
            "when this enters: draw 1", kinds=UNITS),
    Trigger(M.TURN_START, "at the start of your turn", "At the start of your turn",
            "M5: in your Start phase, with the time counters",
            "at the start of your turn: add 1 armour to this", kinds=UNITS),
    Trigger(M.LAST_TIME_COUNTER, "when its last time counter comes off",
            "When its last time counter is removed",
            "M17: in your Start phase, when the unit loses its last time counter",
            "when its last time counter comes off: draw 2", kinds=UNITS),
    Trigger(M.DESTROYED, "when destroyed", "When this is destroyed",
            "M12: after the unit left play; its ability still resolves", "when destroyed: draw 1",
            kinds=UNITS),
    Trigger(M.ATTACKED, "when attacked", "When this is attacked",
            "M9: on the attack's declaration, before the attack window",
            "when attacked: add 1 armour to this", kinds=UNITS),
    Trigger(PLAYED, "when played", "When played", "M15: the command resolves at once, in a window it names",
            "when played: deal 2 damage to an enemy unit", kinds=COMMANDS),
)

# target: (pattern words, English, the triggers it may appear in, the entity kinds whose abilities may name
# it; None = all). "This" is the ability's own unit: never a command's (M2: a command is never in play).
_TARGETS: dict[str, tuple[str, str, frozenset[str] | None, frozenset[str] | None]] = {
    M.THIS: ("this", "this unit", None, UNITS),
    M.ATTACKER: ("the attacker", "the attacker", frozenset({M.ATTACKED}), None),
    "enemy-unit": ("an enemy unit", "an enemy unit of your choice", None, None),
    "enemy-mecha": ("an enemy mecha", "an enemy mecha of your choice", None, None),
    "enemy-tower": ("an enemy tower", "an enemy tower of your choice", None, None),
    "friendly-unit": ("a friendly unit", "a unit of yours of your choice", None, None),
    "friendly-mecha": ("a friendly mecha", "a mecha of yours of your choice", None, None),
    "friendly-tower": ("a friendly tower", "a tower of yours of your choice", None, None),
    "any-unit": ("any unit", "any unit of your choice", None, None),
    "any-mecha": ("any mecha", "any mecha of your choice", None, None),
}
_MECHA_TARGETS = (M.THIS, M.ATTACKER, "enemy-mecha", "friendly-mecha", "any-mecha")
_AMOUNT = Slot("amount", NUMBER, 1, 9)

# The accumulator of M5's "until end of turn": a mecha's power, raised by `add N power [to TARGET]`
# (`+N power` on a mecha's own ability) and read by its attacks (M12); a tower has none (M14).
POWER = Accumulator(M.POWER, "A mecha's power for its attacks, raised until end of turn (M5, M12).")
MECHAS = frozenset({"mechas"})


def _example(target: str, pattern: str) -> str:
    """An ability using the verb: a command's for a chosen target, a unit's for this unit or the attacker."""
    words, _, triggers, kinds = _TARGETS[target]
    if triggers is None and kinds is None:
        return f"when played: {pattern.format(target=words, amount=2)}"
    return f"when attacked: {pattern.format(target=words, amount=1)}"


def _targeted(method: str, pattern: str, text: str, description: str, targets: tuple[str, ...]
              ) -> list[Verb]:
    """One verb per target phrase: ``method`` called with the target and the amount."""
    out = []
    for target in targets:
        words, english, triggers, kinds = _TARGETS[target]
        out.append(Verb(f"{method}_{target.replace('-', '_')}",
                        pattern.format(target=words, amount="{amount}"), (_AMOUNT,),
                        Call(method, (Const(target), Arg("amount"))),
                        text.format(target=english, amount="{amount}"), description,
                        _example(target, pattern), triggers, kinds=kinds))
    return out


def _power_verbs() -> list[Verb]:
    """``add N power`` (this mecha's own) and ``add N power to TARGET``, the accumulator's general verb."""
    description = "More power for the mecha's attacks this turn (M5: it ends with the turn)."
    verbs = [POWER.adding(Call("add", (Const(M.THIS), Const(M.POWER), Arg("amount"))),
                          "this mecha gets +{amount} power until end of turn", description,
                          "when attacked: +1 power", kinds=MECHAS, amount=_AMOUNT)]
    for target in _MECHA_TARGETS:
        words, english, triggers, kinds = _TARGETS[target]
        english = "this mecha" if target == M.THIS else english
        verbs.append(POWER.adding(Call("add", (Const(target), Const(M.POWER), Arg("amount"))),
                                  f"{english} gets +{{amount}} power until end of turn", description,
                                  _example(target, "add {amount} power to {target}"), triggers,
                                  MECHAS if target == M.THIS else kinds, tail=f" to {words}",
                                  suffix=target.replace("-", "_"), amount=_AMOUNT))
    return verbs


def _verbs() -> list[Verb]:
    verbs = [
        Verb("draw", "draw {amount}", (_AMOUNT,), Call("draw", (Arg("amount"),)), "draw {amount}",
             "You draw cards; drawing from an empty deck loses the game (M20).", "when this enters: draw 1"),
        Verb("each_player_draws", "each player draws {amount}", (_AMOUNT,),
             Call("each_player_draws", (Arg("amount"),)), "each player draws {amount}",
             "Both players draw, as one event: if both decks run out, the game is a draw (M20).",
             "when played: each player draws 1"),
    ]
    verbs += _targeted("damage", "deal {amount} damage to {target}",
                       "deal {amount} damage to {target}",
                       "Remove durability counters (armour does not stop it: it is not an attack, M12).",
                       tuple(_TARGETS))
    verbs += _targeted("add_armour", "add {amount} armour to {target}",
                       "add {amount} armour to {target}",
                       "Armour counters: each takes one attack instead of durability (M12, M16).",
                       tuple(_TARGETS))
    verbs += _targeted("add_time", "add {amount} time to {target}",
                       "add {amount} time to {target}",
                       "Time counters: one comes off at the start of each of its controller's turns (M17).",
                       tuple(_TARGETS))
    return verbs + _power_verbs()


# The engine's step for each verb method (the verb id minus its target); a verb adding to an accumulator is
# the engine's ADD step on that modifier.
STEP_VERBS = {"draw": M.DRAW, "each_player_draws": M.EACH_DRAWS, "damage": M.DAMAGE,
              "add_armour": M.ADD_ARMOUR, "add_time": M.ADD_TIME}


def mecha_vocabulary() -> Vocabulary:
    """A fresh registry of Mecha Game's DSL words."""
    vocabulary = Vocabulary()
    vocabulary.examples.update({"ability": "when this enters: draw 1", "step": "draw 1"})
    vocabulary.register_accumulator(POWER)
    for trigger in _TRIGGERS:
        vocabulary.register_trigger(trigger)
    for verb in _verbs():
        vocabulary.register_verb(verb)
    return vocabulary

