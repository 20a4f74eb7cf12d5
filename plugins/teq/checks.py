"""Cross-check: what Tiny Epic Quest content means together, beyond what its schemas can say.

The game's stack checks (``CHECKS``, run in order after the entities validate): one entity of each
single kind; the layout fits its cards and its coast ring is the coastal slots in clockwise order (Q2, Q6);
castle cards have their castle (Q2); temples are linked to legendary items that exist, each item to one
temple per space of its track after the start (Q26); treasure quests name temples and items that exist
(Q13); the deck can fill the quest row (Q11); capacities are within the players a game seats (Q4); the
spell library has no gap and holds every obelisk's spell (Q21, Q35); scoring ladders pair steps with VP
(Q29); there are movement cards for every day turn (Q9); ``designed`` names set fields; the engine can
play every ability. Each problem is a located diagnostic at the field that causes it, with did-you-mean for
misspelt ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.effects.pack import stack_vocabulary
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.validate import did_you_mean
from rulecraft.plugins.teq import errorcodes as teq
from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.build import Unplayable, compile_ability, steps
from rulecraft.plugins.teq.game import GAME, KINDS
from rulecraft.plugins.teq.vocabulary import ABILITY_FIELDS
from rulecraft.plugins.wiring import STACK_PLUGINS

SINGLE_KINDS = ("rules", "layouts", "magic", "goblins", "scoring")
SIDE_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _regions(stack: Stack) -> Iterator[tuple[Entity, str, dict[str, Any]]]:
    """Every map card's regions: (card, side, region data)."""
    for card in stack.of_kind("map-cards"):
        for side in M.SIDES:
            region = card.data.get(side)
            if isinstance(region, dict):
                yield card, side, region


def _temples(stack: Stack) -> dict[str, tuple[Entity, str]]:
    return {region["temple"]: (card, side) for card, side, region in _regions(stack)
            if region.get("feature") == M.TEMPLE and "temple" in region}


def check_single(stack: Stack) -> list[Diagnostic]:
    """The rules, layout, magic card, goblins and scoring are one entity each: the ruleset plays one."""
    out = []
    for kind in SINGLE_KINDS:
        found = stack.of_kind(kind)
        for extra in found[1:]:
            message = f"a second {kind} entity '{extra.id}': the game plays one (the first: '{found[0].id}')"
            out.append(extra.diagnostic(codes.COUNT_MISMATCH, message, ("id",),
                                        hint=f"remove '{extra.id}' or `remove` the other"))
    for kind in SINGLE_KINDS:
        if not stack.of_kind(kind) and stack.rules is not None and kind != "rules":
            message = f"the stack has no {kind} entity; the game needs one"
            out.append(stack.rules.diagnostic(codes.MISSING_CONTENT, message, ("id",),
                                              hint=f"depend on {GAME.default_pack}"))
    return out


def _coastal(slots: set[M.Pos], pos: M.Pos) -> bool:
    return any((pos[0] + dx, pos[1] + dy) not in slots for dx, dy in SIDE_STEPS)


def touching(a: M.Pos, b: M.Pos) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def clockwise(ring: Sequence[M.Pos]) -> bool:
    """With y growing downward, a ring drawn clockwise has a positive shoelace sum."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, (*ring[1:], ring[0]), strict=True)) > 0


def check_layout(stack: Stack) -> list[Diagnostic]:
    """Q2, Q6: no slot twice; the centre and outer slots take the regular cards, the corners the castles;
    the coast ring lists every coastal slot once, each touching the next, clockwise."""
    out: list[Diagnostic] = []
    cards = stack.of_kind("map-cards")
    castles = sum(1 for c in cards if "castle" in c.data)
    for layout in stack.of_kind("layouts")[:1]:
        data = layout.data
        seen: dict[M.Pos, str] = {}
        for key in ("centre", "corners", "outer"):
            for i, raw in enumerate(data.get(key, ())):
                pos = (raw[0], raw[1])
                if pos in seen:
                    message = f"slot {list(pos)} is given twice (first in `{seen[pos]}`): one card each (Q2)"
                    out.append(layout.diagnostic(teq.LAYOUT_SHAPE, message, (key, i)))
                seen.setdefault(pos, key)
        regular = len(data.get("centre", ())) + len(data.get("outer", ()))
        if regular != len(cards) - castles:
            message = f"the centre and outer slots are {regular}, but the stack has {len(cards) - castles} " \
                      "regular map cards (Q2)"
            out.append(layout.diagnostic(teq.LAYOUT_SHAPE, message, ("outer",),
                                         hint="one slot per regular card"))
        if len(data.get("corners", ())) != castles:
            message = f"the layout has {len(data.get('corners', ()))} corners, but the stack has {castles} " \
                      "castle cards (Q2)"
            out.append(layout.diagnostic(teq.LAYOUT_SHAPE, message, ("corners",)))
        out += _coast(layout, set(seen))
    return out


def _coast(layout: Entity, slots: set[M.Pos]) -> list[Diagnostic]:
    ring = [(raw[0], raw[1]) for raw in layout.data.get("coast", ())]
    out = []
    for i, pos in enumerate(ring):
        if pos not in slots or not _coastal(slots, pos):
            why = "is no slot of the layout" if pos not in slots else "is inland: all four sides hold cards"
            out.append(layout.diagnostic(teq.LAYOUT_SHAPE, f"coast slot {list(pos)} {why} (Q6)",
                                         ("coast", i)))
        elif pos in ring[:i]:
            out.append(layout.diagnostic(teq.LAYOUT_SHAPE, f"coast slot {list(pos)} is listed twice (Q6)",
                                         ("coast", i)))
        elif i and not touching(ring[i - 1], pos):
            message = f"coast slot {list(pos)} does not touch the one before it, {list(ring[i - 1])}: the " \
                      "ring goes round the coast (Q6)"
            out.append(layout.diagnostic(teq.LAYOUT_SHAPE, message, ("coast", i)))
    missing = sorted(p for p in slots if _coastal(slots, p) and p not in ring)
    if missing:
        out.append(layout.diagnostic(teq.LAYOUT_SHAPE, f"the coast ring leaves out the coastal slots "
                                     f"{', '.join(str(list(p)) for p in missing)} (Q6)", ("coast",)))
    if not out and len(ring) > 2 and not clockwise(ring):
        out.append(layout.diagnostic(teq.LAYOUT_SHAPE, "the coast ring runs anticlockwise; Q6 lists it "
                                     "clockwise (Ship moves go either way round it)", ("coast",),
                                     hint="reverse the list"))
    return out


def check_castles(stack: Stack) -> list[Diagnostic]:
    """Q2: a castle card has one castle region, its colour's; a regular card has none."""
    out = []
    for card in stack.of_kind("map-cards"):
        sides = [s for s in M.SIDES if isinstance(card.data.get(s), dict)
                 and card.data[s].get("feature") == M.CASTLE]
        if "castle" in card.data and len(sides) != 1:
            message = f"castle card '{card.id}' has {len(sides)} castle regions; it has one, its owner's (Q2)"
            out.append(card.diagnostic(codes.MISSING_CONTENT, message, ("castle",)))
        elif "castle" not in card.data and sides:
            message = f"map card '{card.id}' has a castle region but no `castle` colour: whose? (Q2)"
            out.append(card.diagnostic(codes.MISSING_CONTENT, message, (sides[0], "feature"),
                                       hint="give the card `castle: COLOUR`"))
    return out


def check_legendary_links(stack: Stack) -> list[Diagnostic]:
    """Q26: each temple names a legendary item that exists, and each item has one linked temple per space
    of its track after the start, so completing them finds it; temple ids are unique."""
    items = {e.id: e for e in stack.of_kind("legendary-items")}
    out: list[Diagnostic] = []
    linked: dict[str, int] = {item: 0 for item in items}
    seen: dict[str, Entity] = {}
    for card, side, region in _regions(stack):
        if region.get("feature") != M.TEMPLE:
            continue
        temple = region.get("temple")
        if temple in seen:
            message = f"temple id '{temple}' is also on map card '{seen[temple].id}'; quests could not " \
                      "tell them apart"
            out.append(card.diagnostic(codes.DUPLICATE_ID, message, (side, "temple")))
        seen.setdefault(str(temple), card)
        item = region.get("legendary")
        if item in items:
            linked[item] += 1
        else:
            message = f"temple '{temple}' is linked to '{item}', which is no legendary item (Q26)"
            out.append(card.diagnostic(codes.UNKNOWN_REFERENCE, message, (side, "legendary"),
                                       hint=did_you_mean(str(item), items)))
    for item_id, entity in items.items():
        need = entity.data.get("spaces", 3) - 1
        if linked[item_id] != need:
            message = f"legendary item '{item_id}' is linked to {linked[item_id]} temples, but its track " \
                      f"of {need + 1} spaces takes {need}: one per space after the start (Q26)"
            out.append(entity.diagnostic(teq.LEGENDARY_LINKS, message, ("spaces",)))
    return out


def check_quests(stack: Stack) -> list[Diagnostic]:
    """Q13: a treasure quest names a temple and a treasure item that exist. Q11: the deck holds at least
    one movement and one treasure quest, or the row can never be filled."""
    temples = _temples(stack)
    treasures = {e.id for e in stack.of_kind("treasure-items")}
    quests = stack.of_kind("quests")
    out = []
    for quest in quests:
        if quest.data.get("type") != "treasure":
            continue
        temple, item = quest.data.get("temple"), quest.data.get("item")
        if temple not in temples:
            message = f"quest '{quest.id}' names temple '{temple}', which is on no map card (Q13)"
            out.append(quest.diagnostic(codes.UNKNOWN_REFERENCE, message, ("temple",),
                                        hint=did_you_mean(str(temple), temples)))
        if item not in treasures:
            message = f"quest '{quest.id}' shows '{item}', which is no treasure item (Q13)"
            out.append(quest.diagnostic(codes.UNKNOWN_REFERENCE, message, ("item",),
                                        hint=did_you_mean(str(item), treasures)))
    types = {q.data.get("type") for q in quests}
    for kind in ("movement", "treasure"):
        if quests and kind not in types:
            out.append(quests[-1].diagnostic(teq.QUEST_ROW, f"the quest deck has no {kind} quest, so the row "
                                             f"can never hold one: every refill would discard the deck (Q11)",
                                             ("type",), hint=f"add a quest of `type: {kind}`"))
    return out


def check_capacities(stack: Stack) -> list[Diagnostic]:
    """Q4: a capacity counts players, so it is at most the most a game seats; a castle admits only its
    owner."""
    most = GAME.players[1]
    out = []
    for card, side, region in _regions(stack):
        capacity = region.get("capacity")
        if capacity is None:
            continue
        if region.get("feature") == M.CASTLE and capacity != 1:
            message = f"the castle of '{card.id}' has capacity {capacity}; only its owner enters it (Q4)"
            out.append(card.diagnostic(teq.REGION_CAPACITY, message, (side, "capacity"),
                                       hint="leave `capacity` out"))
        elif capacity > most:
            out.append(card.diagnostic(teq.REGION_CAPACITY, f"the {region.get('feature')} of '{card.id}' has "
                                       f"capacity {capacity}, more than the {most} players a game seats (Q4)",
                                       (side, "capacity"), hint="leave `capacity` out for any number"))
    rules = stack.rules
    if rules is not None:
        for feature, capacity in (rules.data.get("capacity") or {}).items():
            if capacity > most:
                message = f"capacity {capacity} for {feature} is more than the {most} players a game seats"
                out.append(rules.diagnostic(teq.REGION_CAPACITY, message, ("capacity", feature),
                                            hint=f"leave {feature} out for any number"))
    return out


def check_spell_library(stack: Stack) -> list[Diagnostic]:
    """Q21, Q35: the library's levels are 1, 2, ... with no gap or repeat; every obelisk's spell is in it."""
    out: list[Diagnostic] = []
    magic = stack.of_kind("magic")[:1]
    library: list[int] = list(magic[0].data.get("library", ())) if magic else []
    for i, level in enumerate(library):
        if level != i + 1:
            message = f"the spell library's level {i + 1} is {level}; it runs 1, 2, 3, ... with no gap or " \
                      "repeat (Q35)"
            out.append(magic[0].diagnostic(teq.SPELL_LIBRARY, message, ("library", i), hint=f"write {i + 1}"))
            break
    known = set(library)
    for card, side, region in _regions(stack):
        taught = region.get("spell_level")
        if magic and taught is not None and taught not in known:
            out.append(card.diagnostic(teq.SPELL_LIBRARY, f"the obelisk of '{card.id}' teaches spell level "
                                       f"{taught}, which the spell library does not hold (levels "
                                       f"{', '.join(map(str, library))})", (side, "spell_level")))
    return out


def check_scoring(stack: Stack) -> list[Diagnostic]:
    """Q29: each ladder has a VP per step, both rising."""
    out = []
    for scoring in stack.of_kind("scoring"):
        for name, ladder in (scoring.data.get("ladders") or {}).items():
            step_list, vp = ladder.get("steps", []), ladder.get("vp", [])
            if len(step_list) != len(vp):
                message = f"the {name} ladder has {len(step_list)} steps and {len(vp)} VP values; one VP " \
                          "per step (Q29)"
                out.append(scoring.diagnostic(codes.COUNT_MISMATCH, message, ("ladders", name, "vp")))
            for key, values in (("steps", step_list), ("vp", vp)):
                for i in range(1, len(values)):
                    if values[i] <= values[i - 1]:
                        out.append(scoring.diagnostic(codes.RULE_PARAMETER, f"the {name} ladder's {key} must "
                                                      f"rise: {values[i]} after {values[i - 1]} (Q29)",
                                                      ("ladders", name, key, i)))
                        break
    return out


def check_movement_cards(stack: Stack) -> list[Diagnostic]:
    """Q9: each day turn turns a face-up movement card face down, so there are at least ``day_turns``."""
    rules, cards = stack.rules, stack.of_kind("movement-cards")
    turns = rules.data.get("day_turns", M.Rules().day_turns) if rules is not None else M.Rules().day_turns
    if rules is None or len(cards) >= turns:
        return []
    message = f"{turns} day turns need {turns} movement cards; the stack has {len(cards)} (Q9)"
    return [rules.diagnostic(codes.COUNT_MISMATCH, message, ("day_turns",))]


def check_designed(stack: Stack) -> list[Diagnostic]:
    """``designed`` names only fields the entity sets, so a reader can trust what it marks (Q35)."""
    out = []
    for kind in KINDS:
        for entity in stack.of_kind(kind):
            designed = entity.data.get("designed")
            if not isinstance(designed, list):
                continue
            for i, name in enumerate(designed):
                if name not in entity.data:
                    out.append(entity.diagnostic(codes.DESIGNED_UNSET, f"`designed` names '{name}', which "
                                                 f"{kind} '{entity.id}' does not set", ("designed", i)))
    return out


def _ability_sites(stack: Stack) -> Iterator[tuple[Entity, str, tuple[str, ...], str]]:
    holders: dict[str, tuple[str, Callable[[dict[str, Any]], Any]]] = dict(ABILITY_FIELDS)
    for kind, (entity_kind, paths) in holders.items():
        for entity in stack.of_kind(kind):
            for path in paths(entity.data):
                mapping: Any = entity.data
                for key in path:
                    mapping = mapping.get(key) if isinstance(mapping, dict) else None
                if isinstance(mapping, dict) and isinstance(mapping.get("ability"), str):
                    yield entity, entity_kind, tuple(path), mapping["ability"]


def check_effects(stack: Stack) -> list[Diagnostic]:
    """What the engine can play of each ability, beyond the DSL's own check (the core's effect stage,
    after this one, reports syntax, unknown words and drifted text): no `if`, `you may` or payment. The
    abilities compile with the words the stack runs with (the game's and its plugins')."""
    vocabulary, problems = stack_vocabulary(stack, STACK_PLUGINS)
    if vocabulary is None:
        return problems
    out = []
    for entity, entity_kind, path, source in _ability_sites(stack):
        compiled = compile_ability(source, entity_kind, vocabulary)
        if not compiled.ok:
            continue
        try:
            steps(compiled)
        except Unplayable as exc:
            out.append(entity.diagnostic(codes.EFFECT_ARGUMENTS, f"{entity_kind} '{entity.id}': {exc}",
                                         (*path, "ability")))
    return out


CHECKS = [check_single, check_layout, check_castles, check_legendary_links, check_quests, check_capacities,
          check_spell_library, check_scoring, check_movement_cards, check_designed, check_effects]
