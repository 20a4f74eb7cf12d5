"""Build: a resolved Tiny Epic Quest pack stack as the engine's :class:`~rulecraft.plugins.teq.model.Ruleset`.

The game's ``builder``. Each kind's entities become the model's frozen definitions; an ``ability`` (a
grotto's, a treasure item's, a movement quest's reward) is an effect string compiled by the shared DSL with
the words the stack runs with (``teq.vocabulary`` and its plugins', the vocabulary the wiring builds), each
checked verb read as a model step. The stack checks (``teq.checks``) have already reported, at the
author's line, anything refused here; a refusal here (``ValueError``) names the entity.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rulecraft.compiler.effects import ir
from rulecraft.compiler.effects.build import CompiledEffect
from rulecraft.compiler.effects.check import fold
from rulecraft.compiler.effects.pack import compiled_effect
from rulecraft.compiler.effects.vocabulary import Const, Vocabulary
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.vocabulary import ACCUMULATED, GROTTO, QUEST, STEP_VERBS, TREASURE
from rulecraft.plugins.wiring import stack_words
from rulecraft.runtime.chance import Die

ENTITY_FIELDS = ("id", "name", "designed", "notes", "text", "text_override")


class Unplayable(ValueError):
    """A checked ability uses a construct the engine does not play (an `if`, `you may`, a payment)."""


def compile_ability(source: str, entity_kind: str, vocabulary: Vocabulary) -> CompiledEffect:
    return compiled_effect(source, entity_kind, vocabulary)


def _step(do: ir.Do) -> M.Step:
    amount = fold(do.arg("amount")) if "amount" in dict(do.args) else ir.Num(1)   # a move has none
    if not isinstance(amount, ir.Num):
        raise Unplayable("an amount is a number")
    adds = do.verb.adds
    if adds is not None:              # an accumulator: extra symbols of this hero, or a held modifier
        verb, modifier, _, _, _ = ACCUMULATED[adds]
        return M.Step(verb, do.verb.sign * amount.value, M.THIS_HERO, modifier=modifier)
    call = do.verb.call
    if call.method not in STEP_VERBS:
        raise Unplayable(f"the engine has no step for '{do.verb.pattern}' (it plays "
                         f"{', '.join(sorted(STEP_VERBS))} and the accumulators)")
    first = call.args[0]
    target = str(first.value) if isinstance(first, Const) else None   # the player-wide verbs have none
    method = None
    if call.method == "move":
        value = do.arg("method")
        assert isinstance(value, ir.Value)
        method = value.word
    return M.Step(STEP_VERBS[call.method], amount.value, target, method)


def steps(compiled: CompiledEffect) -> tuple[M.Ability, ...]:
    """Each checked ability as a trigger and its model steps; Unplayable for what the engine cannot play."""
    out = []
    for ability in compiled.abilities:
        found: list[M.Step] = []
        for sentence in ability.body:
            if not isinstance(sentence, ir.Seq):
                raise Unplayable("Tiny Epic Quest abilities are steps joined by 'and' (no 'if' or 'you may')")
            for step in sentence.steps:
                if not isinstance(step, ir.Do):
                    raise Unplayable("Tiny Epic Quest abilities pay nothing")
                found.append(_step(step))
        out.append(M.Ability(ability.trigger.id, tuple(found)))
    return tuple(out)


def abilities_of(source: Any, entity_kind: str, vocabulary: Vocabulary, where: str) -> tuple[M.Ability, ...]:
    """The model abilities of one ``ability`` field (none when it is absent)."""
    if not isinstance(source, str):
        return ()
    compiled = compile_ability(source, entity_kind, vocabulary)
    if not compiled.ok:
        raise ValueError(f"{where}: {compiled.problems[0].message}")
    return steps(compiled)


def _pos(raw: Sequence[int]) -> M.Pos:
    return (int(raw[0]), int(raw[1]))


def layout(data: Mapping[str, Any]) -> M.Layout:
    return M.Layout(*(tuple(_pos(p) for p in data[key]) for key in ("centre", "corners", "outer", "coast")))


def region(data: Mapping[str, Any], side: str, castle: str | None, capacity: Mapping[str, int],
           vocabulary: Vocabulary, where: str) -> M.Region:
    """One region (Q3) with its capacity (Q4: its own, else the rules' default for its feature)."""
    feature = data["feature"]
    temple = None
    if feature == M.TEMPLE:
        temple = M.TempleTrack(data["temple"], data["name"], tuple(tuple(s) for s in data["track"]),
                               data["legendary"])
    return M.Region(side, feature, data.get("capacity", 1 if feature == M.CASTLE else capacity.get(feature)),
                    owner=castle if feature == M.CASTLE else None, temple=temple,
                    spell_level=data.get("spell_level"), name=data.get("name", ""),
                    ability=abilities_of(data.get("ability"), GROTTO, vocabulary, f"{where} {side}"))


def map_card(data: Mapping[str, Any], capacity: Mapping[str, int], vocabulary: Vocabulary) -> M.MapCard:
    castle = data.get("castle")
    where = f"map card {data['id']}"
    return M.MapCard(data["id"], data["name"],
                     region(data["left"], M.LEFT, castle, capacity, vocabulary, where),
                     region(data["right"], M.RIGHT, castle, capacity, vocabulary, where),
                     road=data.get("road", True), river=data.get("river", True), castle=castle)


def dice(entities: Sequence[Mapping[str, Any]]) -> tuple[Die, ...]:
    """Every die of a roll (Q15): each dice entity ``count`` times, numbered."""
    out = []
    for data in entities:
        designed = data.get("designed") is True or "faces" in data.get("designed", ())
        out += [Die(f"{data['id']}-{n + 1}", tuple(data["faces"]), designed) for n in range(data["count"])]
    return tuple(out)


def magic(data: Mapping[str, Any]) -> M.MagicCard:
    def side(levels: Sequence[Mapping[str, int]]) -> tuple[M.LevelEffect, ...]:
        return tuple(M.LevelEffect(lv["damage"], lv["power"], lv["magic_damage"], lv["spell_reach"])
                     for lv in levels)
    return M.MagicCard(tuple(data["track"]), {M.MULTI: side(data["multi"]), M.SOLO: side(data["solo"])},
                       tuple(data["library"]), data.get("overflow_damage", 1))


def quest(data: Mapping[str, Any], vocabulary: Vocabulary) -> M.Quest:
    if data["type"] == "treasure":
        return M.TreasureQuest(data["id"], data["name"], data["temple"], data["item"])
    cond = data["condition"]
    condition = M.Condition(cond["form"], cond.get("count", len(cond.get("features", ()))),
                            tuple(cond.get("features", ())), cond.get("line", M.ANY_LINE))
    return M.MovementQuest(data["id"], data["name"], condition,
                           abilities_of(data.get("ability"), QUEST, vocabulary, f"quest {data['id']}"))


def scoring(data: Mapping[str, Any]) -> M.Scoring:
    ladders = {name: M.Ladder(tuple(ladder["steps"]), tuple(ladder["vp"]))
               for name, ladder in data["ladders"].items()}
    return M.Scoring(ladders, data["legendary_vp"], tuple(data["tie_break"]))


def params(data: Mapping[str, Any], cls: type) -> dict[str, Any]:
    """The fields of ``data`` that ``cls`` (a model dataclass) takes."""
    names = {f.name for f in dataclasses.fields(cls)}
    return {k: v for k, v in data.items() if k in names and k not in ENTITY_FIELDS}


def build_ruleset(entities: Mapping[str, Sequence[Mapping[str, Any]]], vocabulary: Vocabulary) -> M.Ruleset:
    """A ruleset from plain entities by kind (as a pack's YAML gives them), abilities compiled with
    ``vocabulary``. Raises ValueError naming the entity for what the engine cannot play."""
    def single(kind: str) -> Mapping[str, Any]:
        found = entities.get(kind, ())
        if len(found) != 1:
            raise ValueError(f"a Tiny Epic Quest ruleset has one {kind} entity, not {len(found)}")
        return found[0]

    rules_data = single("rules")
    capacity = rules_data.get("capacity", {})
    cards = [map_card(d, capacity, vocabulary) for d in entities.get("map-cards", ())]
    return M.Ruleset(
        map_cards={c.id: c for c in cards if c.castle is None},
        castles={c.castle: c for c in cards if c.castle is not None},
        layout=layout(single("layouts")),
        movement=tuple(M.MovementCard(d["id"], d["name"], d["method"])
                       for d in entities.get("movement-cards", ())),
        dice=dice(entities.get("dice", ())),
        magic=magic(single("magic")),
        treasures={d["id"]: M.TreasureItem(d["id"], d["name"], abilities_of(
            d.get("ability"), TREASURE, vocabulary, f"treasure item {d['id']}"))
            for d in entities.get("treasure-items", ())},
        legendaries={d["id"]: M.LegendaryItem(**params(d, M.LegendaryItem), id=d["id"], name=d["name"])
                     for d in entities.get("legendary-items", ())},
        quests={d["id"]: quest(d, vocabulary) for d in entities.get("quests", ())},
        goblins=M.Goblins(**params(single("goblins"), M.Goblins)),
        scoring=scoring(single("scoring")),
        rules=M.Rules(**params(rules_data, M.Rules)))


def entities_of(stack: Stack) -> dict[str, list[dict[str, Any]]]:
    return {kind: [e.data for e in stack.of_kind(kind)] for kind in stack.kinds()}


def build_from_stack(stack: Stack, compiled: Any = None, vocabulary: Vocabulary | None = None) -> M.Ruleset:
    """The ruleset of a resolved stack, its abilities compiled with ``vocabulary`` (the wiring's: the game's
    words and the stack's plugins'; ``None``: the same, found by ``wiring.stack_words``). ``compiled`` is
    unused: the game compiles its abilities to steps, not to the DSL's handlers."""
    words = vocabulary if vocabulary is not None else stack_words(stack)
    ruleset = build_ruleset(entities_of(stack), words)
    source = {"game": stack.game or "teq",
              "packs": [{"id": p.id, "version": str(p.version)} for p in stack.packs],
              "plugins": [name for pack in stack.packs for name in pack.plugins]}
    return dataclasses.replace(ruleset, source=source)
