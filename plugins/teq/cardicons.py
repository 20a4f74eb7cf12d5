"""Generate: Tiny Epic Quest's icon table for its print-and-play cards, drawn with fpdf2's own shapes.

One drawing per word the cards name: the region features (castle, temple, obelisk, grotto, portal), the die
faces (damage, power, magic, torch, scroll, attack), the movement methods (horse, raft, gryphon, ship,
foot), the legendary items (sword, shield, staff) and the pieces (hero, goblin, quest, treasure, map). The
shapes several games share (heart, burst, bolt) are the shared card sheet's
(``rulecraft.compiler.docgen.cards.icons``).
"""

from __future__ import annotations

from fpdf import FPDF

from rulecraft.compiler.docgen.cards.icons import (
    INK,
    WHITE,
    Colour,
    Icon,
    Icons,
    bolt,
    burst,
    fill,
    heart,
    mix,
    place,
)


def castle(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A keep with three merlons and a door."""
    fill(pdf, colour)
    shape = [(-0.8, 0.9), (-0.8, -0.5), (-0.8, -0.8), (-0.5, -0.8), (-0.5, -0.55), (-0.15, -0.55),
             (-0.15, -0.8), (0.15, -0.8), (0.15, -0.55), (0.5, -0.55), (0.5, -0.8), (0.8, -0.8), (0.8, 0.9)]
    pdf.polygon(place(cx, cy, size, shape), style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.7))
    pdf.polygon(place(cx, cy, size, [(-0.22, 0.9), (-0.22, 0.35), (0.0, 0.15), (0.22, 0.35), (0.22, 0.9)]),
                style="F")


def temple(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A pediment on four columns over a step."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-0.95, -0.4), (0.0, -0.95), (0.95, -0.4)]), style="F")
    for x in (-0.7, -0.25, 0.2, 0.65):
        pdf.polygon(place(cx, cy, size, [(x, -0.3), (x + 0.13, -0.3), (x + 0.13, 0.7), (x, 0.7)]), style="F")
    pdf.polygon(place(cx, cy, size, [(-0.95, 0.75), (0.95, 0.75), (0.95, 0.95), (-0.95, 0.95)]), style="F")


def obelisk(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A tapering stone needle with a glowing rune."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(0.0, -1.0), (0.25, -0.7), (0.35, 0.8), (-0.35, 0.8), (-0.25, -0.7)]),
                style="F")
    pdf.polygon(place(cx, cy, size, [(-0.6, 0.8), (0.6, 0.8), (0.6, 1.0), (-0.6, 1.0)]), style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.7))
    pdf.star(cx, cy + 0.05 * size, size * 0.06, size * 0.14, 4, style="F")


def grotto(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A rock mound with a dark cave mouth."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-1.0, 0.9), (-0.7, -0.2), (-0.3, -0.7), (0.2, -0.8), (0.65, -0.35),
                                     (1.0, 0.9)]), style="F")
    pdf.set_fill_color(*mix(colour, INK, 0.6))
    r = size * 0.25
    pdf.circle(cx, cy + 0.2 * size, r, style="F")
    pdf.rect(cx - r, cy + 0.2 * size, 2 * r, 0.25 * size, style="F")


def portal(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A swirling ring: where a goblin comes through."""
    pdf.set_draw_color(*colour)
    for i, r in enumerate((0.46, 0.33, 0.2)):
        pdf.set_line_width(size * (0.09 - 0.02 * i))
        pdf.ellipse(cx - r * size, cy - r * size * 1.15, 2 * r * size, 2 * r * size * 1.15, style="D")


def goblin(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A goblin's head: long pointed ears, eyes and teeth."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-1.0, -0.55), (-0.35, -0.25), (-0.45, 0.1)]), style="F")
    pdf.polygon(place(cx, cy, size, [(1.0, -0.55), (0.35, -0.25), (0.45, 0.1)]), style="F")
    pdf.ellipse(cx - 0.5 * size / 2 * 1.1, cy - 0.75 * size / 2, 1.1 * size / 2, 1.55 * size / 2, style="F")
    pdf.set_fill_color(*WHITE)
    for dx in (-0.16, 0.16):
        pdf.circle(cx + dx * size / 2 * 1.4, cy - 0.12 * size, size * 0.07, style="F")
    pdf.set_fill_color(*INK)
    for dx in (-0.16, 0.16):
        pdf.circle(cx + dx * size / 2 * 1.4, cy - 0.12 * size, size * 0.03, style="F")
    pdf.set_fill_color(*WHITE)
    for dx in (-0.12, 0.12):
        x = cx + dx * size / 2
        pdf.polygon([(x - 0.04 * size, cy + 0.2 * size), (x + 0.04 * size, cy + 0.2 * size),
                     (x, cy + 0.3 * size)], style="F")


def torch(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A torch: a handle and its flame."""
    fill(pdf, mix(colour, INK, 0.45))
    pdf.polygon(place(cx, cy, size, [(-0.14, -0.1), (0.14, -0.1), (0.07, 1.0), (-0.07, 1.0)]), style="F")
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(0.0, -1.0), (0.3, -0.55), (0.32, -0.28), (0.14, -0.1), (-0.14, -0.1),
                                     (-0.32, -0.28), (-0.3, -0.55), (-0.08, -0.45)]), style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.6))
    pdf.polygon(place(cx, cy, size, [(0.0, -0.6), (0.13, -0.32), (0.0, -0.16), (-0.13, -0.32)]), style="F")


def scroll(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A parchment with a rolled end top and bottom, and lines of writing."""
    fill(pdf, colour)
    pdf.rect(cx - 0.32 * size, cy - 0.38 * size, 0.64 * size, 0.76 * size, style="F")
    pdf.set_fill_color(*mix(colour, INK, 0.3))
    for y in (-0.42, 0.42):
        pdf.rect(cx - 0.42 * size, cy + y * size - 0.07 * size, 0.84 * size, 0.14 * size, style="F",
                 round_corners=True, corner_radius=0.07 * size)
    pdf.set_draw_color(*mix(colour, WHITE, 0.7))
    pdf.set_line_width(size * 0.04)
    for y in (-0.18, 0.0, 0.18):
        pdf.line(cx - 0.2 * size, cy + y * size, cx + 0.2 * size, cy + y * size)


def magic(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A sparkle: the magic face and the magic track."""
    fill(pdf, colour)
    pdf.star(cx, cy, size * 0.14, size * 0.5, 4, style="F")
    pdf.star(cx + 0.3 * size, cy - 0.3 * size, size * 0.04, size * 0.15, 4, style="F")


def sword(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A sword, point up: the attack face and the Sword."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(0.0, -1.0), (0.12, -0.8), (0.12, 0.35), (-0.12, 0.35), (-0.12, -0.8)]),
                style="F")
    pdf.set_fill_color(*mix(colour, INK, 0.4))
    pdf.rect(cx - 0.4 * size / 2 * 1.0, cy + 0.35 * size / 2, 0.8 * size / 2, 0.12 * size / 2, style="F")
    pdf.rect(cx - 0.06 * size, cy + 0.23 * size, 0.12 * size, 0.22 * size, style="F")
    pdf.circle(cx, cy + 0.47 * size, 0.06 * size, style="F")


def shield(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A heater shield with a boss."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-0.75, -0.85), (0.75, -0.85), (0.72, 0.1), (0.4, 0.6), (0.0, 0.95),
                                     (-0.4, 0.6), (-0.72, 0.1)]), style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.55))
    pdf.polygon(place(cx, cy, size, [(-0.08, -0.75), (0.08, -0.75), (0.08, 0.78), (-0.08, 0.78)]), style="F")
    pdf.polygon(place(cx, cy, size, [(-0.62, -0.3), (0.62, -0.3), (0.62, -0.16), (-0.62, -0.16)]), style="F")


def staff(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A wizard's staff crowned with an orb."""
    pdf.set_draw_color(*mix(colour, INK, 0.45))
    pdf.set_line_width(size * 0.1)
    pdf.line(cx - 0.25 * size, cy + 0.5 * size, cx + 0.12 * size, cy - 0.2 * size)
    fill(pdf, colour)
    pdf.circle(cx + 0.2 * size, cy - 0.32 * size, size * 0.17, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.7))
    pdf.circle(cx + 0.15 * size, cy - 0.37 * size, size * 0.05, style="F")


def hero(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A hero's pawn: head, shoulders, a cloak to the ground."""
    fill(pdf, colour)
    pdf.circle(cx, cy - 0.55 * size / 2 * 1.0, size * 0.2, style="F")
    pdf.polygon(place(cx, cy, size, [(-0.35, -0.15), (0.35, -0.15), (0.6, 0.95), (-0.6, 0.95)]), style="F")


def treasure(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A chest: a domed lid over a box with a lock."""
    fill(pdf, colour)
    pdf.rect(cx - 0.45 * size, cy - 0.05 * size, 0.9 * size, 0.5 * size, style="F")
    pdf.ellipse(cx - 0.45 * size, cy - 0.4 * size, 0.9 * size, 0.6 * size, style="F")
    pdf.set_fill_color(*mix(colour, INK, 0.4))
    pdf.rect(cx - 0.45 * size, cy - 0.08 * size, 0.9 * size, 0.07 * size, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.7))
    pdf.rect(cx - 0.07 * size, cy - 0.08 * size, 0.14 * size, 0.18 * size, style="F")


def quest(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A banner with a Q: the quest deck and the first-player token's quest side."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-0.6, -0.9), (0.6, -0.9), (0.6, 0.9), (0.0, 0.5), (-0.6, 0.9)]),
                style="F")
    pdf.set_text_color(*WHITE)
    pdf.set_font("helvetica", "B", size / 0.3528 * 0.55)
    pdf.set_xy(cx - size / 2, cy - 0.5 * size)
    pdf.cell(size, size * 0.7, "Q", align="C")


def no_quest(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """The quest banner struck through: the first-player token's crossed-Q side (Q12)."""
    quest(pdf, cx, cy, size, colour)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(size * 0.1)
    pdf.line(cx - 0.45 * size, cy - 0.45 * size, cx + 0.45 * size, cy + 0.45 * size)


def horse(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A horseshoe, nails and all: the Horse, along roads."""
    pdf.set_draw_color(*colour)
    pdf.set_line_width(size * 0.2)
    r = size * 0.36
    pdf.arc(cx - r, cy - r - 0.05 * size, 2 * r, 180, 360, style="D")
    pdf.line(cx - r, cy - 0.05 * size, cx - r * 0.85, cy + 0.5 * size)
    pdf.line(cx + r, cy - 0.05 * size, cx + r * 0.85, cy + 0.5 * size)


def raft(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Four logs lashed together: the Raft, along rivers."""
    fill(pdf, colour)
    for i in range(4):
        x = cx - 0.4 * size + i * 0.21 * size
        pdf.rect(x, cy - 0.45 * size, 0.18 * size, 0.9 * size, style="F", round_corners=True,
                 corner_radius=0.09 * size)
    pdf.set_fill_color(*mix(colour, INK, 0.45))
    for y in (-0.25, 0.2):
        pdf.rect(cx - 0.46 * size, cy + y * size, 0.92 * size, 0.07 * size, style="F")


def gryphon(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A raised wing, its long feathers fanned below: the Gryphon, along diagonals."""
    fill(pdf, colour)
    wing = [(0.95, -0.75), (0.35, -0.9), (-0.35, -0.7), (-0.95, -0.15), (-0.7, -0.05), (-0.8, 0.3),
            (-0.45, 0.15), (-0.5, 0.6), (-0.15, 0.35), (-0.1, 0.85), (0.2, 0.45), (0.35, 0.9), (0.5, 0.4),
            (0.75, 0.7), (0.8, 0.1)]
    pdf.polygon(place(cx, cy, size, wing), style="F")
    pdf.set_draw_color(*mix(colour, WHITE, 0.45))
    pdf.set_line_width(size * 0.035)
    for x0, y0, x1, y1 in ((0.7, -0.55, -0.6, 0.15), (0.75, -0.4, -0.3, 0.45), (0.8, -0.25, 0.05, 0.6)):
        pdf.line(*place(cx, cy, size, [(x0, y0)])[0], *place(cx, cy, size, [(x1, y1)])[0])


def ship(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A sailing ship: hull, mast and sail: the Ship, round the coast."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-0.95, 0.35), (0.95, 0.35), (0.6, 0.85), (-0.6, 0.85)]), style="F")
    pdf.rect(cx - 0.03 * size, cy - 0.5 * size, 0.06 * size, 0.7 * size, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.5))
    pdf.polygon(place(cx, cy, size, [(0.1, -0.95), (0.8, 0.25), (0.1, 0.25)]), style="F")
    pdf.polygon(place(cx, cy, size, [(-0.1, -0.7), (-0.1, 0.25), (-0.7, 0.25)]), style="F")


def foot(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A footprint: sole and toes: on Foot, to a touching card."""
    fill(pdf, colour)
    pdf.ellipse(cx - 0.22 * size, cy - 0.3 * size, 0.44 * size, 0.78 * size, style="F")
    for i, (dx, dy) in enumerate(((-0.2, -0.42), (-0.06, -0.48), (0.08, -0.46), (0.19, -0.4))):
        r = size * (0.08 - 0.01 * i)
        pdf.circle(cx + dx * size, cy + dy * size, r, style="F")


def compass(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A compass rose: the back of the map cards."""
    fill(pdf, colour)
    pdf.star(cx, cy, size * 0.1, size * 0.5, 4, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.5))
    pdf.star(cx, cy, size * 0.07, size * 0.3, 4, rotate_degrees=45, style="F")


ICONS: Icons = {
    "castle": Icon(castle), "temple": Icon(temple), "obelisk": Icon(obelisk), "grotto": Icon(grotto),
    "portal": Icon(portal, (120, 60, 160)),
    "goblin": Icon(goblin, (70, 140, 60)), "hero": Icon(hero),
    "damage": Icon(burst, (200, 50, 50), tinted=False), "power": Icon(bolt, (235, 170, 0), tinted=False),
    "health": Icon(heart, (214, 40, 70), tinted=False), "magic": Icon(magic, (110, 80, 190), tinted=False),
    "torch": Icon(torch, (230, 120, 20), tinted=False), "scroll": Icon(scroll, (190, 160, 100), tinted=False),
    "attack": Icon(sword, (90, 100, 115), tinted=False),
    "sword": Icon(sword), "shield": Icon(shield), "staff": Icon(staff),
    "treasure": Icon(treasure, (185, 135, 40)), "quest": Icon(quest), "no-quest": Icon(no_quest),
    "horse": Icon(horse), "raft": Icon(raft), "gryphon": Icon(gryphon), "ship": Icon(ship),
    "foot": Icon(foot),
    "map": Icon(compass),
}
