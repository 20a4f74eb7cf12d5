"""Generate: the card reference pages (Markdown) for a resolved pack stack.

One function per page, each reading the entities of one kind from ``rulecraft.compiler.resolve.Stack``
and the field descriptions from the kind's JSON Schema, so the reference says exactly what the pack
says. Designed values (RULINGS T3: ``designed: [field, ...]`` or ``designed: true``) carry a dagger;
with more than one pack in the stack, each entry says which pack defined or changed it. Cells, ability
cells, page heads and ruling links are the shared ``ReferenceStyle``'s (``compiler/docgen/reference.py``),
as on Mecha Game's pages.
"""

from __future__ import annotations

from rulecraft.compiler.docgen.markdown import (
    code,
    designed_mark,
    esc,
    from_pack,
    kind_counts,
    pack_table,
    rule_values,
    table,
    with_source,
    words,
)
from rulecraft.compiler.docgen.reference import ReferenceStyle
from rulecraft.compiler.docgen.rulings import link
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.plugins.tem.docgen.abilities import ability_text
from rulecraft.plugins.tem.docgen.svg import CELLS, arena_svg
from rulecraft.plugins.tem.game import GAME

DAGGER = designed_mark("T3")
LEGEND = (f"Values marked {DAGGER} are **designed**: no rule text gives them, so the pack designed them "
          f"(ruling {link('T3')}). If you own the printed game and it says otherwise, change the "
          "YAML: this page, the cards and the engine follow.")
ABILITY_NOTE = ("Ability text is **generated** from the effect the engine runs; under it, in `code` "
                "style, is that effect's source in the pack (the effect DSL), for modders.")
STYLE = ReferenceStyle(GAME.kinds, GAME.rulings, DAGGER, LEGEND, ABILITY_NOTE, ability_text)
cell, ability = STYLE.cell, STYLE.ability


def amounts(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {esc(resource).title()}" for resource, n in cost.items()) or "free"


def index_page(stack: Stack) -> str:
    lines = ["# About this reference", "",
             "Every page in this section is **generated** from the pack stack below when the site is "
             "built; nothing here is typed by hand.", "",
             *pack_table(stack),
             "Packs are listed in load order: a later pack adds to, replaces or patches the earlier ones "
             "(see [the pack format](pack-format.md)).", "", "## Reading the tables", "", LEGEND, "",
             ABILITY_NOTE, "", "## Contents", ""]
    lines += kind_counts(stack)
    return "\n".join(lines) + "\n"


def program_cards_page(stack: Stack) -> str:
    movement = rule_values(stack).get("movement", {})
    lines = STYLE.head("Program cards", "Each colour's program cards: the movement (with the directions a "
                       "card may be placed in, ruling T4) and the action taken after moving.",
                       abilities=False)
    by_colour: dict[str, list[Entity]] = {}
    for card in stack.of_kind("program-cards"):
        by_colour.setdefault(card.data.get("colour", "any"), []).append(card)
    colours = {c.id: c.data for c in stack.of_kind("colours")}
    for colour, cards in by_colour.items():
        lines += [f"## {esc(colours.get(colour, {}).get('name', colour))}", ""]
        rows = []
        for card in cards:
            data = card.data
            if data.get("ad_hoc"):
                rows.append([code(card.id), "Ad Hoc Mode card", "any card of your hand",
                             "[Ad Hoc Mode](../rulebook/ad-hoc-mode.md)"])
                continue
            directions = movement.get(data.get("movement"), {}).get("directions", [])
            rows.append([code(card.id), cell(data, "movement", words), esc(" ".join(directions)) or "—",
                         cell(data, "action", words)])
        lines += with_source(stack, ["card", "movement", "directions", "action"], rows, cards)
    return "\n".join(lines) + "\n"


def weapons_page(stack: Stack) -> str:
    lines = STYLE.head("Weapons", "Every weapon of the stack. *Power Attack* is the damage of the card's "
                       "second line, usable right after being hit by the type this weapon beats (T13). VP "
                       "count at the end only for weapons bought with a Purchase action (T12).")
    tiers: dict[str, list[Entity]] = {}
    for weapon in stack.of_kind("weapons"):
        tiers.setdefault(weapon.data.get("tier", "other"), []).append(weapon)
    header = ["weapon", "type", "cost", "damage", "Power Attack", "VP", "copies", "ability"]
    for tier, weapons in tiers.items():
        lines += [f"## {words(tier).title()} weapons", ""]
        rows = [[f"**{esc(w.data.get('name', w.id))}**", cell(w.data, "type", words),
                 cell(w.data, "cost", amounts), cell(w.data, "damage"), cell(w.data, "power_damage"),
                 cell(w.data, "vp"), cell(w.data, "copies"),
                 ability("weapons", w.data)]
                for w in weapons]
        lines += with_source(stack, header, rows, weapons)
    return "\n".join(lines) + "\n"


def pilots_page(stack: Stack) -> str:
    lines = STYLE.head("Pilots", "Each pilot card has two sides. The **pilot side** has its own health and "
                       "ability, listed here. The **Power Armor side** has health "
                       f"{cell(rule_values(stack), 'power_armor_health')} for every pilot; in the Mighty "
                       "Mech the pilot's ability is replaced by the Mech's power.")
    pilots = stack.of_kind("pilots")
    rows = [[f"**{esc(p.data.get('name', p.id))}**", cell(p.data, "health"),
             ability("pilots", p.data)] for p in pilots]
    lines += with_source(stack, ["pilot", "health (pilot side)", "ability"], rows, pilots)
    return "\n".join(lines) + "\n"


def zones_page(stack: Stack) -> str:
    lines = STYLE.head("Zones", "The zone cards that make up the arena. A zone's **value** sets Mine and "
                       "Turret costs and damage and what it scores; its **resources** are what Collect gives "
                       "([Actions](../rulebook/actions.md#collect)).", abilities=False)
    zones = stack.of_kind("zones")
    colours = {c.id: c.data.get("name", c.id) for c in stack.of_kind("colours")}
    rows = [[code(z.id), cell(z.data, "type", words), cell(z.data, "value"),
             cell(z.data, "resources", lambda r: ", ".join(words(x).title() for x in r)),
             esc(colours.get(z.data["colour"], z.data["colour"])) if "colour" in z.data else "—"]
            for z in zones]
    lines += with_source(stack, ["zone", "type", "value", "resources", "colour"], rows, zones)
    return "\n".join(lines) + "\n"


def arena_file(arena: Entity) -> str:
    return f"reference/arenas/{arena.id}.svg"


def arenas_page(stack: Stack) -> str:
    legend = ", ".join(f"**{k}** {label}" for k, (label, _fill, _ink) in CELLS.items())
    lines = STYLE.head("Arenas", f"North is at the top. {legend}; hatched cells are walls (T6). Resource "
                       "zones are shuffled into the R cells; players place their Bases on the B cells in the "
                       "order of T5.", wide=False, abilities=False)
    for arena in stack.of_kind("arenas"):
        data = arena.data
        who = f"{data.get('players', '?')} player{'s' if data.get('players') != 1 else ''}"
        if data.get("robots"):
            who += f" and {data['robots']} Robot Pilots ({link('R1')})"
        mark = STYLE.mark(data, "layout")
        lines += [f"## {esc(data.get('name', arena.id))}", "", f"For {who}. Layout{mark}.", "",
                  f"![{esc(data.get('name', arena.id))}](arenas/{arena.id}.svg)", "",
                  *from_pack(arena, stack)]
    return "\n".join(lines) + "\n"


def mighty_mech_page(stack: Stack) -> str:
    lines = STYLE.head("The Mighty Mech", "The Mighty Mech card has two sides; whoever takes control picks "
                       "one and keeps it while inside ([The Mighty Mech](../rulebook/mighty-mech.md)).",
                       wide=False)
    for mech in stack.of_kind("mighty-mech"):
        data = mech.data
        lines += [f"## {esc(data.get('name', mech.id))}", "", f"Health: {cell(data, 'health')}.", ""]
        rows = [[f"**{esc(side.get('name', side_id))}**", cell(side, "power"),
                 ability("mighty-mech", side)]
                for side_id, side in data.get("sides", {}).items()]
        lines += [*table(["side", "power", "ability"], rows), *from_pack(mech, stack)]
    return "\n".join(lines) + "\n"


def reference_pages(stack: Stack) -> dict[str, str]:
    """Every generated reference file (site-relative path -> content) for ``stack``."""
    pages = {
        "reference/index.md": index_page(stack),
        "reference/rules.md": STYLE.rules_page(stack),
        "reference/program-cards.md": program_cards_page(stack),
        "reference/weapons.md": weapons_page(stack),
        "reference/pilots.md": pilots_page(stack),
        "reference/zones.md": zones_page(stack),
        "reference/arenas.md": arenas_page(stack),
        "reference/mighty-mech.md": mighty_mech_page(stack),
    }
    for arena in stack.of_kind("arenas"):
        pages[arena_file(arena)] = arena_svg(arena.data.get("name", arena.id), arena.data.get("layout", []))
    return pages
