"""Generate: Mecha Game's card templates: towers, mechas and commands as faces for the shared card sheet
(``rulecraft.compiler.docgen.cards``), one per card of the starter decks or of the pool.

A face shows the type band, the name, its type's emblem, the stats in chips (cost, power, durability
for a mecha; durability and Provide for a tower), the keywords (M16), the ability's generated English
and, for a command, the windows it may be played in (M15); designed values are marked as designed (M22)
in the footnote. Printed as decks, each card carries its deck's name under the art and its deck's back (a
colour per deck), so a table can sort two mixed decks; the pool shares one back. The icon table names
Mecha Game's own words.
``rulecraft print`` lays them out (``TEMPLATES``, the game's ``card_templates``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from fpdf import FPDF

from rulecraft.compiler.docgen.cards.icons import (
    Colour,
    Icon,
    Icons,
    bolt,
    burst,
    fill,
    hand,
    heart,
    hexagon,
    mech,
    place,
)
from rulecraft.compiler.docgen.cards.model import (
    WHOLLY_DESIGNED,
    Back,
    Card,
    CardTemplates,
    Emblem,
    Face,
    Stat,
)
from rulecraft.compiler.docgen.markdown import designed
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.mecha.cardtext import card_text, provide
from rulecraft.plugins.mecha.model import CARD_KINDS
from rulecraft.plugins.mecha.pack import load_stack
from rulecraft.plugins.wiring import stack_words

COLOURS = {"towers": "#2a7f72", "mechas": "#b5283a", "commands": "#2463a6"}
BACK = Back("Mecha Game", "Mecha Game", "#3d405b", "mechas")
DECK_COLOURS = ("#b5283a", "#2463a6", "#2a7f72", "#7a4fa0", "#c0692b", "#3d405b")   # a deck's back, in order
STATS = {"towers": (("durability", "Durability", "durability"), ("provide", "Provide", "provide")),
         "mechas": (("cost", "Cost", "cost"), ("power", "Power", "power"),
                    ("durability", "Durability", "durability")), "commands": ()}


def tower(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A radio mast: a tapering lattice tower with a beacon on top."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-0.12, -0.7), (0.12, -0.7), (0.55, 1.0), (-0.55, 1.0)]), style="F")
    pdf.circle(cx, cy - 0.4 * size, 0.14 * size, style="F")
    pdf.set_draw_color(*colour)
    pdf.set_line_width(size * 0.05)
    for r in (0.28, 0.42):
        pdf.arc(cx - r * size, cy - 0.4 * size - r * size, 2 * r * size, -60, 60)
        pdf.arc(cx - r * size, cy - 0.4 * size - r * size, 2 * r * size, 120, 240)


ICONS: Icons = {
    "towers": Icon(tower), "mechas": Icon(mech), "commands": Icon(hand),
    "cost": Icon(hexagon, (212, 160, 23)), "power": Icon(burst, (200, 50, 50)),
    "durability": Icon(heart, (214, 40, 70)), "provide": Icon(bolt, (245, 183, 0), tinted=False),
}


def face(kind: str, data: dict[str, Any], vocabulary: Vocabulary) -> Face:
    """A card's face, its text by the stack's words ``vocabulary``."""
    values = {**data, "provide": provide(data)}
    stats = tuple(Stat(label, str(values[field]), icon,
                       designed(data, field if field != "provide" else "keywords"))
                  for field, label, icon in STATS[kind] if field != "provide" or values["provide"])
    marks = data.get("designed", ())
    return Face(family=kind, band=CARD_KINDS[kind], title=data["name"], stats=stats,
                text=card_text(kind, data, vocabulary), colour=COLOURS[kind], art=Emblem((kind,)),
                designed=WHOLLY_DESIGNED if marks is True else tuple(marks))


def cards(stack: Stack, decks: bool = True) -> list[Card]:
    """The cards ``rulecraft print`` lays out (``GameDefinition.card_templates``): every card of every deck
    of the stack, as they are played; with ``decks=False`` the pool, one card each."""
    words = stack_words(stack)
    faces = {e.id: face(kind, e.data, words) for kind in CARD_KINDS for e in stack.of_kind(kind)}
    if not decks:
        return [Card(f, BACK) for f in faces.values()]
    printed = []
    for index, deck in enumerate(stack.of_kind("decks")):
        name = deck.data.get("name", deck.id)
        back = Back(name, "Mecha Game", DECK_COLOURS[index % len(DECK_COLOURS)], "mechas")
        printed += [Card(replace(faces[cid], caption=name), back)
                    for cid, n in deck.data["cards"].items() for _ in range(n)]
    return printed


def printed_cards(folder: Path, decks: bool = False) -> list[Card]:
    """The pack folder's pool, one card each, or (``decks``) every card of every deck."""
    return cards(load_stack(folder), decks)


TEMPLATES = CardTemplates(cards, ICONS)   # the game's `card_templates` member

