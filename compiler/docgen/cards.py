"""Generate: the print-and-play cards of a resolved pack stack, as plain data ready for layout.

One ``Card`` per physical card (copies included): program cards per colour with the Ad Hoc card,
weapons, both sides of every pilot, zones, both sides of the Mighty Mech card, a player card per
colour and a reference card. Ability text comes from the effect compiler's English back end;
designed values (RULINGS T3) keep their mark; each card knows the entity and field its body text came
from, so a text that does not fit is reported at the author's own line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rulecraft.compiler.docgen.abilities import ability_text
from rulecraft.compiler.docgen.pages import designed
from rulecraft.compiler.loader import JsonPath
from rulecraft.compiler.resolve import Entity, Stack

GREY = "#555555"


@dataclass(frozen=True, slots=True)
class Stat:
    label: str
    value: str
    designed: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card: a heading band, a title, short stats and a body text that must fit."""

    band: str
    title: str
    stats: tuple[Stat, ...]
    text: str
    colour: str = GREY
    entity: Entity | None = None
    text_path: JsonPath = ()
    title_path: JsonPath = ()

    @property
    def designed(self) -> bool:
        return any(s.designed for s in self.stats) or self.text.endswith("†")


def _stat(data: dict[str, Any], label: str, field: str, show: Any = str) -> Stat:
    return Stat(label, show(data[field]) if field in data else "-", designed(data, field))


def _words(value: object) -> str:
    return str(value).replace("-", " ").replace("_", " ")


def _amounts(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {_words(r).title()}" for r, n in cost.items()) or "free"


def _ability(kind: str, data: dict[str, Any]) -> str:
    if "ability" not in data:
        return ""
    return ability_text(kind, data) + (" †" if designed(data, "ability") else "")


def _text_field(data: dict[str, Any]) -> str:
    """The field the printed text comes from: a hand-written ``text`` with its reason, else ``ability``."""
    return "text" if isinstance(data.get("text"), str) and data.get("text_override") else "ability"


def program_cards(stack: Stack, rules: dict[str, Any], colours: dict[str, dict]) -> Iterator[Card]:
    movement = rules.get("movement", {})
    for card in stack.of_kind("program-cards"):
        data = card.data
        colour = colours.get(data.get("colour"), {})
        band = f"Program card - {colour.get('name', data.get('colour', ''))}"
        if data.get("ad_hoc"):
            yield Card(band, "Ad Hoc Mode", (), "For the rest of this round, each turn play any program card "
                       "from your hand, even one already played. On your first Ad Hoc turn you cannot start "
                       "Combat.", colour.get("hex", GREY), card)
            continue
        move = movement.get(data.get("movement"), {})
        action = _words(data.get("action", "none"))
        how = "Jump" if move.get("jump") else "Move"
        text = (f"{how} {move.get('distance', 1)} zone{'s' if move.get('distance', 1) != 1 else ''} "
                f"{' / '.join(move.get('directions', []))}, as placed."
                + ("" if action == "none" else f" Then {action}."))
        title = _words(data.get("movement", "")).title() + ("" if action == "none" else f": {action.title()}")
        yield Card(band, title,
                   (_stat(data, "Movement", "movement", _words), _stat(data, "Action", "action", _words)),
                   text, colour.get("hex", GREY), card)


def weapon_cards(stack: Stack) -> Iterator[Card]:
    for weapon in stack.of_kind("weapons"):
        data = weapon.data
        card = Card(f"{_words(data.get('tier', '')).title()} weapon", data.get("name", weapon.id),
                    (_stat(data, "Type", "type", lambda t: _words(t).title()),
                     _stat(data, "Cost", "cost", _amounts), _stat(data, "Damage", "damage"),
                     _stat(data, "Power Attack", "power_damage"), _stat(data, "VP", "vp")),
                    _ability("weapons", data), "#264653", weapon, (_text_field(data),), ("name",))
        yield from [card] * int(data.get("copies", 1))


def _slots(rules: dict[str, Any], status: str) -> str:
    slots = rules.get("weapon_slots", {}).get(status, {})
    return ", ".join(f"{n} {_words(tier).title()}" for tier, n in slots.items() if n) or "-"


def _upgrade(rules: dict[str, Any]) -> str:
    upgrade = rules.get("upgrade", {})
    price = f"{upgrade.get('cost', '-')} {_words(upgrade.get('resource', '')).title()}"
    return f"Reached with Power Up: pay {price}. Starts at full health."


def pilot_cards(stack: Stack, rules: dict[str, Any]) -> Iterator[Card]:
    for pilot in stack.of_kind("pilots"):
        data = pilot.data
        yield Card("Pilot - pilot side", data.get("name", pilot.id),
                   (_stat(data, "Health", "health"), Stat("Slots", _slots(rules, "pilot"))),
                   _ability("pilots", data), "#6d597a", pilot, (_text_field(data),), ("name",))
        yield Card("Pilot - Power Armor side", f"{data.get('name', pilot.id)}: Power Armor",
                   (_stat(rules, "Health", "power_armor_health"),
                    Stat("Slots", _slots(rules, "power-armor"))),
                   _upgrade(rules), "#6d597a", pilot)


def zone_cards(stack: Stack, colours: dict[str, dict]) -> Iterator[Card]:
    for zone in stack.of_kind("zones"):
        data = zone.data
        colour = colours.get(data.get("colour"), {})
        icons = " + ".join(_words(r).title() for r in data.get("resources", []))
        title = {"base": f"{colour.get('name', '')} Base", "mech": "Mech Zone"}.get(data.get("type"),
                                                                                    f"{icons} zone")
        yield Card(f"Zone - {_words(data.get('type', ''))}", title.strip(),
                   (_stat(data, "Value", "value"),
                    _stat(data, "Resources", "resources", lambda r: ", ".join(_words(x).title() for x in r))),
                   "", colour.get("hex", "#2a9d8f"), zone)


def mighty_mech_cards(stack: Stack, rules: dict[str, Any]) -> Iterator[Card]:
    for mech in stack.of_kind("mighty-mech"):
        data = mech.data
        for side_id, side in data.get("sides", {}).items():
            yield Card(f"{data.get('name', mech.id)} - side", side.get("name", side_id),
                       (_stat(data, "Health", "health"), _stat(side, "Power", "power"),
                        Stat("Slots", _slots(rules, "mighty-mech"))),
                       _ability("mighty-mech", side), "#e76f51", mech,
                       ("sides", side_id, _text_field(side)), ("sides", side_id, "name"))


def player_cards(stack: Stack, rules: dict[str, Any]) -> Iterator[Card]:
    for colour in stack.of_kind("colours"):
        data = colour.data
        yield Card("Player card", data.get("name", colour.id),
                   (_stat(rules, "Energy", "starting_energy"), _stat(rules, "Credits", "starting_credits"),
                    _stat(rules, "Track up to", "resource_max")),
                   f"Mines: {rules.get('mine_count', '-')} (numbered 1 to {rules.get('mine_count', '-')}). "
                   f"Turrets: {rules.get('turret_count', '-')}. Mines that start on your Base: "
                   f"{rules.get('starting_mines_on_base', '-')}.",
                   data.get("hex", GREY), colour)


def reference_card(rules: dict[str, Any]) -> Card:
    counters = rules.get("counters", {})
    beats = "; ".join(f"{_words(a).title()} beats {_words(b).title()}" for a, b in counters.items())
    scoring = ", ".join(str(r) for r in rules.get("scoring_rounds", []))
    text = (f"Each round: program {rules.get('program_picks', '-')} of {rules.get('program_hand_size', '-')} "
            f"cards; then take turns clockwise, one card each: move, then act. Scoring after rounds "
            f"{scoring}. {beats}.")
    return Card("Reference", "Turn summary", (Stat("Rounds", str(rules.get("rounds", "-"))),), text)


def cards(stack: Stack) -> list[Card]:
    """Every card of the stack, in print order."""
    rules = stack.rules.data if stack.rules else {}
    colours = {c.id: c.data for c in stack.of_kind("colours")}
    return [*program_cards(stack, rules, colours), *weapon_cards(stack), *pilot_cards(stack, rules),
            *zone_cards(stack, colours), *mighty_mech_cards(stack, rules), *player_cards(stack, rules),
            reference_card(rules)]
