"""Generate: Tiny Epic Mechs' card templates: the print-and-play cards of a resolved stack, as the shared
card sheet's data (``rulecraft.compiler.docgen.cards``), ready for layout.

One ``Card`` per physical card (copies included), each with a front ``Face`` and a back: the other
``Face`` of a two-sided card (a pilot and its Power Armor side, the Mighty Mech's two sides) or the
``Back`` of its family (weapons by tier, program cards by colour, zones, player and reference cards).
A face names its *family*: the layout comes from the family, never from an entity id, so a modder's
weapons, pilots or zones (and the entries of a plugin's own content kinds) print like the core's.
Ability text comes from the effect compiler's English back end. A designed value (RULINGS T3) is
listed in ``Face.designed``; the sheet marks each card once and names them in a footnote. Each face
knows the entity and field its body text came from, so a text that does not fit is reported at the
author's own line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rulecraft.compiler.docgen.cards.model import (
    GREY,
    WHOLLY_DESIGNED,
    Back,
    Card,
    CardTemplates,
    Emblem,
    Face,
    Stat,
)
from rulecraft.compiler.docgen.markdown import designed
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.tem.docgen.abilities import ability_text
from rulecraft.plugins.tem.docgen.cardart import Cycle, Moves, Tracks
from rulecraft.plugins.tem.docgen.cardicons import ICONS
from rulecraft.plugins.tem.game import GAME

PILOT = "#6d597a"
MIGHTY_MECH = "#c8553d"
MECH_ZONE = "#8a5a44"
RESOURCE_ZONE = "#2a7f72"
REFERENCE = "#3d405b"
# Weapon types and tiers: the weapons schema's enums. Each tier is its own pile, so its own back.
TYPE_COLOURS = {"melee": "#b5283a", "ranged": "#2463a6", "area": "#d9730d"}
TIER_BACKS = {"basic": "#4a4e69", "advanced": "#2b2d42"}
# Kinds that are the game's own data, not cards: the arena and the rules themselves.
NOT_CARDS = frozenset({"arenas", "rules"})


def _words(value: object) -> str:
    return str(value).replace("-", " ").replace("_", " ")


def _stat(data: dict[str, Any], label: str, field: str, icon: str = "", show: Any = str) -> Stat:
    return Stat(label, show(data[field]) if field in data else "-", icon, designed(data, field))


def _designed(data: dict[str, Any], labels: dict[str, str]) -> tuple[str, ...]:
    """The designed fields of ``data`` in words, in card order (WHOLLY_DESIGNED: the whole entity)."""
    if data.get("designed") is True:
        return WHOLLY_DESIGNED
    return tuple(dict.fromkeys(label for field, label in labels.items() if designed(data, field)))


def _cost(cost: dict[str, int]) -> tuple[Stat, ...]:
    return tuple(Stat(_words(r).title(), str(n), r) for r, n in cost.items())


def _ability(kind: str, data: dict[str, Any]) -> str:
    return ability_text(kind, data) if "ability" in data else ""


def _text_field(data: dict[str, Any]) -> str:
    """The field the printed text comes from: a hand-written ``text`` with its reason, else ``ability``."""
    return "text" if isinstance(data.get("text"), str) and data.get("text_override") else "ability"


def program_cards(stack: Stack, rules: dict[str, Any], colours: dict[str, dict]) -> Iterator[Card]:
    movement = rules.get("movement", {})
    for card in stack.of_kind("program-cards"):
        data = card.data
        colour = colours.get(data.get("colour", ""), {})
        name, hex_colour = colour.get("name", _words(data.get("colour", ""))), colour.get("hex", GREY)
        back = Back("Program card", name, hex_colour, "program")
        band = f"Program card - {name}"
        if data.get("ad_hoc"):
            text = ("For the rest of this round, each turn play any program card from your hand, even one "
                    "already played. On your first Ad Hoc turn you cannot start Combat.")
            yield Card(Face("program", band, "Ad Hoc Mode", text=text, colour=hex_colour,
                            art=Emblem(("program",)), designed=_designed(data, {}), entity=card), back)
            continue
        move = movement.get(data.get("movement"), {})
        action = _words(data.get("action", "none"))
        distance = int(move.get("distance", 1))
        how = "Jump" if move.get("jump") else "Move"
        text = (f"{how} {distance} zone{'s' if distance != 1 else ''} "
                f"{' / '.join(move.get('directions', []))}, as placed."
                + ("" if action == "none" else f" Then {action}."))
        title = _words(data.get("movement", "")).title() + ("" if action == "none" else f": {action.title()}")
        art = Moves(distance, tuple(move.get("directions", ())), bool(move.get("jump")),
                    "" if data.get("action", "none") == "none" else data["action"])
        yield Card(Face("program", band, title, text=text, colour=hex_colour, art=art,
                        designed=_designed(data, {"movement": "movement", "action": "action"}), entity=card),
                   back)


WEAPON_FIELDS = {"tier": "tier", "type": "type", "cost": "cost", "damage": "damage",
                 "power_damage": "Power Attack", "vp": "VP", "ability": "ability", "text": "text"}


def weapon_cards(stack: Stack, rules: dict[str, Any]) -> Iterator[Card]:
    counters = rules.get("counters", {})
    for weapon in stack.of_kind("weapons"):
        data = weapon.data
        tier, kind = _words(data.get("tier", "")).title(), str(data.get("type", ""))
        face = Face("weapon", f"{tier} weapon - {_words(kind).title()}", data.get("name", weapon.id),
                    (_stat(data, "Damage", "damage", "damage"),
                     _stat(data, "Power Attack", "power_damage", "power"),
                     _stat(data, "VP", "vp", "vp")),
                    _ability("weapons", data), TYPE_COLOURS.get(kind, GREY), Emblem((kind,)),
                    _cost(data.get("cost", {})), _designed(data, WEAPON_FIELDS),
                    weapon, (_text_field(data),), ("name",),
                    f"{_words(kind).title()} beats {_words(counters[kind]).title()}" if kind in counters
                    else "")
        back = Back("Weapon", f"{tier} weapon", TIER_BACKS.get(data.get("tier", ""), GREY), "weapon")
        yield from [Card(face, back)] * int(data.get("copies", 1))


def _slots(rules: dict[str, Any], status: str) -> str:
    slots = rules.get("weapon_slots", {}).get(status, {})
    return ", ".join(f"{n} {_words(tier).title()}" for tier, n in slots.items() if n) or "-"


def _upgrade(rules: dict[str, Any]) -> str:
    upgrade = rules.get("upgrade", {})
    price = f"{upgrade.get('cost', '-')} {_words(upgrade.get('resource', '')).title()}"
    return f"Reached with Power Up: pay {price}. Starts at full health."


def pilot_cards(stack: Stack, rules: dict[str, Any]) -> Iterator[Card]:
    upgrade = rules.get("upgrade", {})
    armor_designed = _designed(rules, {"power_armor_health": "health", "upgrade": "upgrade cost"})
    for pilot in stack.of_kind("pilots"):
        data = pilot.data
        name = data.get("name", pilot.id)
        front = Face("pilot", "Pilot - pilot side", name,
                     (_stat(data, "Health", "health", "health"),
                      Stat("Slots", _slots(rules, "pilot"), "slots")),
                     _ability("pilots", data), PILOT, Emblem(("pilot",)), (),
                     _designed(data, {"name": "name", "health": "health", "ability": "ability"}),
                     pilot, (_text_field(data),), ("name",))
        armor = Face("pilot", "Pilot - Power Armor side", f"{name}: Power Armor",
                     (_stat(rules, "Health", "power_armor_health", "health"),
                      Stat("Slots", _slots(rules, "power-armor"), "slots")),
                     _upgrade(rules), PILOT, Emblem(("power-armor",)),
                     _cost({upgrade["resource"]: upgrade["cost"]} if "resource" in upgrade else {}),
                     armor_designed, pilot, (), ("name",))
        yield Card(front, armor)


def zone_cards(stack: Stack, colours: dict[str, dict]) -> Iterator[Card]:
    for zone in stack.of_kind("zones"):
        data = zone.data
        kind = data.get("type")
        colour = colours.get(data.get("colour", ""), {})
        resources = tuple(data.get("resources", ()))
        names = " + ".join(_words(r).title() for r in resources)
        titles: dict[str | None, tuple[str, str]] = {"base": (f"{colour.get('name', '')} Base",
                                                               colour.get("hex", GREY)),
                                                      "mech": ("Mech Zone", MECH_ZONE)}
        title, hex_colour = titles.get(kind, (f"{names} zone", RESOURCE_ZONE))
        face = Face("zone", f"Zone - {_words(kind or '')}", title.strip(),
                    (_stat(data, "Value", "value", "value"),), "", hex_colour, Emblem(resources),
                    designed=_designed(data, {"value": "value", "resources": "resources"}), entity=zone)
        yield Card(face, Back("Zone", "Zone", "#33415c", "zone"))


def mighty_mech_cards(stack: Stack, rules: dict[str, Any]) -> Iterator[Card]:
    for mech in stack.of_kind("mighty-mech"):
        data = mech.data
        faces = [Face("mighty-mech", f"{data.get('name', mech.id)} - side", side.get("name", side_id),
                      (_stat(data, "Health", "health", "health"),
                       Stat("Slots", _slots(rules, "mighty-mech"), "slots")),
                      _power(side), MIGHTY_MECH, Emblem(("mighty-mech",)), (),
                      _designed(side, {"name": "name", "power": "power", "ability": "ability"}),
                      mech, ("sides", side_id, _text_field(side)), ("sides", side_id, "name"))
                 for side_id, side in data.get("sides", {}).items()]
        # a two-sided card: each pair of sides is one physical card (an odd last side gets the family back)
        for i in range(0, len(faces), 2):
            yield Card(faces[i], faces[i + 1] if i + 1 < len(faces)
                       else Back("Mighty Mech", data.get("name", mech.id), MIGHTY_MECH, "mighty-mech"))


def _power(side: dict[str, Any]) -> str:
    """A Mighty Mech side's text: its power's name, then what it does."""
    text = _ability("mighty-mech", side)
    return f"{side['power']}: {text}" if side.get("power") and text else side.get("power", text)


def player_cards(stack: Stack, rules: dict[str, Any]) -> Iterator[Card]:
    for colour in stack.of_kind("colours"):
        data = colour.data
        hex_colour = data.get("hex", GREY)
        face = Face("player", "Player card", data.get("name", colour.id),
                    (_stat(rules, "Energy", "starting_energy", "energy"),
                     _stat(rules, "Credits", "starting_credits", "credits")),
                    f"Start with the values above. Mines: {rules.get('mine_count', '-')} (numbered 1 to "
                    f"{rules.get('mine_count', '-')}). Turrets: {rules.get('turret_count', '-')}. Mines "
                    f"that start on your Base: {rules.get('starting_mines_on_base', '-')}.",
                    hex_colour, Tracks(("energy", "credits"), int(rules.get("resource_max", 10))),
                    designed=(("colour",) if designed(data, "name") or designed(data, "hex") else ())
                    + _designed(rules, {"resource_max": "track length", "starting_energy": "energy",
                                        "starting_credits": "credits"}), entity=colour)
        yield Card(face, Back("Player card", data.get("name", colour.id), hex_colour, "player"))


def reference_card(rules: dict[str, Any]) -> Card:
    counters = rules.get("counters", {})
    beats = "; ".join(f"{_words(a).title()} beats {_words(b).title()}" for a, b in counters.items())
    scoring = ", ".join(str(r) for r in rules.get("scoring_rounds", []))
    text = (f"Each round: program {rules.get('program_picks', '-')} of {rules.get('program_hand_size', '-')} "
            f"cards; then take turns clockwise, one card each: move, then act.\nScoring after rounds "
            f"{scoring}.\n{beats}.")
    rounds = Stat("Rounds", str(rules.get("rounds", "-")), "round")
    face = Face("reference", "Reference", "Turn summary", (rounds,), text, REFERENCE,
                Cycle(tuple(counters.items())))
    return Card(face, Back("Reference", "Reference", REFERENCE, "reference"))


def _label(field: str) -> str:
    return "VP" if field == "vp" else _words(field).title()


def entry_cards(stack: Stack, kind: str) -> Iterator[Card]:
    """A content kind rulecraft has no layout for (a plugin's): its name, its first number's icon as
    art, up to three numbers as chips, its text."""
    title = _words(kind).title()
    for entity in stack.of_kind(kind):
        data = entity.data
        numbers = [f for f, v in data.items()
                   if isinstance(v, int) and not isinstance(v, bool) and f != "copies"]
        stats = tuple(_stat(data, _label(f), f, f) for f in numbers[:3])
        field = next((f for f in ("text", "ability", "description") if isinstance(data.get(f), str)), "")
        text = _ability(kind, data) if field == "ability" else data.get(field, "")
        art = Emblem((stats[0].icon,) if stats else ("entry",))
        face = Face("entry", title, data.get("name", entity.id), stats, text, GREY, art, (),
                    _designed(data, {f: f for f in data}), entity, (field,) if field else (), ("name",))
        yield from [Card(face, Back(title, title, GREY, "entry"))] * int(data.get("copies", 1))


def cards(stack: Stack) -> list[Card]:
    """Every card of the stack, in print order: the core families, then any other (plugin) kind."""
    rules = stack.rules.data if stack.rules else {}
    colours = {c.id: c.data for c in stack.of_kind("colours")}
    others = [k for k in stack.kinds() if k not in GAME.kinds and k not in NOT_CARDS]
    return [*program_cards(stack, rules, colours), *weapon_cards(stack, rules), *pilot_cards(stack, rules),
            *zone_cards(stack, colours), *mighty_mech_cards(stack, rules), *player_cards(stack, rules),
            reference_card(rules), *(card for kind in others for card in entry_cards(stack, kind))]


TEMPLATES = CardTemplates(cards, ICONS)   # the game's `card_templates` member
