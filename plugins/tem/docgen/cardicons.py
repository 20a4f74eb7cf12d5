"""Generate: Tiny Epic Mechs' card icons, the table its card templates print with.

Its resources (Energy, Credits), weapon types (melee, ranged, area), VP, damage, Power Attack, health,
weapon slots, a zone's value, the program cards' actions and one emblem per card family. The shapes
more than one game draws (bolt, burst, heart, hexagon, hand, mech) are the shared card sheet's
(``rulecraft.compiler.docgen.cards.icons``); the rest are drawn here.
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
    hand,
    heart,
    hexagon,
    mech,
    mix,
    place,
)

ENERGY: Colour = (245, 183, 0)
CREDITS: Colour = (70, 160, 95)


def credits(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A coin: a disc, a ring inside it and a bar across."""
    r = size / 2
    fill(pdf, colour, mix(colour, INK, 0.45), 0.18 * size / 5)
    pdf.circle(cx, cy, r * 0.95, style="DF")
    pdf.set_draw_color(*mix(colour, WHITE, 0.55))
    pdf.set_line_width(size * 0.05)
    pdf.circle(cx, cy, r * 0.72, style="D")
    pdf.set_fill_color(*WHITE)
    pdf.polygon(place(cx, cy, size, [(0.0, -0.42), (0.3, 0.0), (0.0, 0.42), (-0.3, 0.0)]), style="F")


def star(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A five-pointed star: victory points."""
    fill(pdf, colour, mix(colour, INK, 0.45), 0.15 * size / 5)
    pdf.star(cx, cy + size * 0.04, size * 0.22, size * 0.5, 5, rotate_degrees=-90, style="DF")


def bomb(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A bomb with a lit fuse: the Area weapon type."""
    r = size / 2
    fill(pdf, colour)
    pdf.circle(cx - 0.1 * r, cy + 0.2 * r, 0.66 * r, style="F")
    cap = [(0.12, -0.55), (0.42, -0.25), (0.62, -0.45), (0.32, -0.75)]
    pdf.polygon(place(cx, cy, size, cap), style="F")
    pdf.set_draw_color(*colour)
    pdf.set_line_width(size * 0.05)
    pdf.line(cx + 0.47 * r, cy - 0.6 * r, cx + 0.68 * r, cy - 0.8 * r)
    pdf.set_fill_color(*ENERGY)
    pdf.star(cx + 0.75 * r, cy - 0.85 * r, 0.08 * r, 0.25 * r, 6, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.6))
    pdf.circle(cx - 0.35 * r, cy - 0.05 * r, 0.14 * r, style="F")


def power(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Two chevrons pointing up: a Power Attack."""
    fill(pdf, colour)
    for dy in (-0.45, 0.25):
        chevron = [(-0.9, dy + 0.55), (0.0, dy - 0.35), (0.9, dy + 0.55), (0.9, dy + 0.85), (0.0, dy - 0.05),
                   (-0.9, dy + 0.85)]
        pdf.polygon(place(cx, cy, size, chevron), style="F")


def sword(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Melee: a blade, a cross-guard and a grip."""
    fill(pdf, colour, mix(colour, INK, 0.5), 0.12 * size / 5)
    pdf.polygon(place(cx, cy, size, [(0.0, -1.0), (0.2, -0.75), (0.2, 0.35), (-0.2, 0.35), (-0.2, -0.75)]),
                style="DF")
    pdf.polygon(place(cx, cy, size, [(-0.6, 0.35), (0.6, 0.35), (0.6, 0.5), (-0.6, 0.5)]), style="DF")
    pdf.polygon(place(cx, cy, size, [(-0.12, 0.5), (0.12, 0.5), (0.12, 0.95), (-0.12, 0.95)]), style="DF")


def crosshair(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Ranged: rings and a cross."""
    r = size / 2
    pdf.set_draw_color(*colour)
    pdf.set_line_width(size * 0.08)
    pdf.circle(cx, cy, r * 0.78, style="D")
    pdf.circle(cx, cy, r * 0.35, style="D")
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pdf.line(cx + dx * r * 0.2, cy + dy * r * 0.2, cx + dx * r, cy + dy * r)


def slots(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Weapon slots: two card outlines side by side."""
    pdf.set_draw_color(*colour)
    pdf.set_fill_color(*mix(colour, WHITE, 0.7))
    pdf.set_line_width(size * 0.07)
    w, h = size * 0.38, size * 0.62
    for dx in (-0.23, 0.23):
        pdf.rect(cx + dx * size - w / 2, cy - h / 2, w, h, style="DF", round_corners=True,
                 corner_radius=w * 0.15)


def mighty_mech(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """The Mighty Mech: a mech with a crest of antennae."""
    mech(pdf, cx, cy + size * 0.05, size * 0.9, colour)
    pdf.set_draw_color(*colour)
    pdf.set_line_width(size * 0.05)
    for dx in (-0.12, 0.12):
        pdf.line(cx + dx * size, cy - size * 0.38, cx + dx * size * 1.8, cy - size * 0.5)


def pilot(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A pilot: a helmet with its visor over the shoulders."""
    r = size / 2
    fill(pdf, colour)
    pdf.circle(cx, cy - 0.35 * r, 0.5 * r, style="F")
    pdf.polygon(place(cx, cy, size, [(-0.9, 1.0), (-0.75, 0.35), (-0.3, 0.15), (0.3, 0.15), (0.75, 0.35),
                                       (0.9, 1.0)]), style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.75))
    pdf.rect(cx - 0.34 * r, cy - 0.48 * r, 0.68 * r, 0.22 * r, style="F", round_corners=True,
             corner_radius=0.1 * r)


def tag(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A price tag: the Purchase action."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-1.0, 0.0), (-0.45, -0.6), (0.95, -0.6), (0.95, 0.6), (-0.45, 0.6)]),
                style="F")
    pdf.set_fill_color(*WHITE)
    pdf.circle(cx - 0.42 * size / 2, cy, 0.12 * size / 2, style="F")


def arrow_up(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A thick arrow up: the Power Up action."""
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(0.0, -1.0), (0.85, -0.1), (0.32, -0.1), (0.32, 0.95), (-0.32, 0.95),
                                       (-0.32, -0.1), (-0.85, -0.1)]), style="F")


def mine(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A spiked mine: the Deploy Mine action."""
    fill(pdf, colour)
    pdf.star(cx, cy, size * 0.34, size * 0.5, 8, style="F")
    pdf.circle(cx, cy, size * 0.36, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.7))
    pdf.circle(cx - size * 0.12, cy - size * 0.12, size * 0.08, style="F")


def turret(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A turret: base, dome and barrel: the Deploy Turret action."""
    r = size / 2
    fill(pdf, colour)
    pdf.polygon(place(cx, cy, size, [(-0.9, 0.95), (-0.65, 0.45), (0.65, 0.45), (0.9, 0.95)]), style="F")
    pdf.solid_arc(cx - 0.6 * r, cy - 0.3 * r, 1.2 * r, 180, 360, style="F")
    pdf.polygon(place(cx, cy, size, [(0.1, -0.05), (0.95, -0.55), (1.0, -0.4), (0.2, 0.15)]), style="F")
    pdf.rect(cx - 0.6 * r, cy + 0.28 * r, 1.2 * r, 0.17 * r, style="F")


def collect(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A bolt and a coin together: the Collect action (both resources)."""
    credits(pdf, cx + size * 0.18, cy + size * 0.1, size * 0.7, CREDITS)
    bolt(pdf, cx - size * 0.2, cy - size * 0.05, size * 0.75, ENERGY)


ICONS: Icons = {
    "energy": Icon(bolt, ENERGY, tinted=False), "credits": Icon(credits, CREDITS, tinted=False),
    "vp": Icon(star, (212, 160, 23)), "damage": Icon(burst, (200, 50, 50)),
    "power": Icon(power, (150, 40, 120)),
    "health": Icon(heart, (214, 40, 70)), "slots": Icon(slots), "value": Icon(hexagon, (212, 160, 23)),
    "melee": Icon(sword), "ranged": Icon(crosshair), "area": Icon(bomb),
    "pilot": Icon(pilot), "power-armor": Icon(mech), "mighty-mech": Icon(mighty_mech), "zone": Icon(hexagon),
    "program": Icon(hand), "weapon": Icon(sword), "player": Icon(pilot), "reference": Icon(hand),
    "round": Icon(hexagon), "entry": Icon(hand), "collect": Icon(collect), "purchase": Icon(tag),
    "power-up": Icon(arrow_up), "deploy-mine": Icon(mine), "deploy-turret": Icon(turret),
}
