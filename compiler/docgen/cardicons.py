"""Generate: the vector icons of the print-and-play cards, drawn with fpdf2's own shapes.

No image or font file is read: each icon is a few polygons, circles and lines centred on (cx, cy)
and ``size`` millimetres across, so it stays sharp at any print resolution. ``draw_icon`` knows the
resources (Energy, Credits), the weapon types (melee, ranged, area), VP, damage, Power Attack,
health, weapon slots, a zone's value, and one emblem per card family; any other name (a plugin's
resource or field) gets a disc with its initial, so a modder's cards still print.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from fpdf import FPDF

Colour = tuple[int, int, int]
WHITE: Colour = (255, 255, 255)
INK: Colour = (33, 37, 41)
ICON_COLOURS: dict[str, Colour] = {
    "energy": (245, 183, 0), "credits": (70, 160, 95), "vp": (212, 160, 23), "damage": (200, 50, 50),
    "power": (150, 40, 120), "health": (214, 40, 70), "value": (212, 160, 23), "slots": (90, 100, 115),
}


def rgb(hex_colour: str) -> Colour:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(colour: Colour, other: Colour, amount: float) -> Colour:
    """``colour`` moved ``amount`` (0..1) of the way to ``other``: tints and shades of a card colour."""
    return tuple(round(a + (b - a) * amount) for a, b in zip(colour, other, strict=True))  # type: ignore[return-value]


def _points(cx: float, cy: float, size: float, shape: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A shape given on a -1..1 square, placed at (cx, cy) and ``size`` across."""
    r = size / 2
    return [(cx + x * r, cy + y * r) for x, y in shape]


def _fill(pdf: FPDF, colour: Colour, outline: Colour | None = None, width: float = 0.2) -> None:
    pdf.set_fill_color(*colour)
    if outline is not None:
        pdf.set_draw_color(*outline)
        pdf.set_line_width(width)


def energy(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A lightning bolt."""
    bolt = [(0.25, -1.0), (-0.55, 0.12), (-0.05, 0.12), (-0.3, 1.0), (0.55, -0.2), (0.05, -0.2), (0.35, -1.0)]
    _fill(pdf, colour, mix(colour, INK, 0.5), 0.15 * size / 5)
    pdf.polygon(_points(cx, cy, size, bolt), style="DF")


def credits(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A coin: a disc, a ring inside it and a bar across."""
    r = size / 2
    _fill(pdf, colour, mix(colour, INK, 0.45), 0.18 * size / 5)
    pdf.circle(cx, cy, r * 0.95, style="DF")
    pdf.set_draw_color(*mix(colour, WHITE, 0.55))
    pdf.set_line_width(size * 0.06)
    pdf.circle(cx, cy, r * 0.62, style="D")
    pdf.line(cx - r * 0.25, cy, cx + r * 0.25, cy)


def star(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A five-pointed star: victory points."""
    _fill(pdf, colour, mix(colour, INK, 0.45), 0.15 * size / 5)
    pdf.star(cx, cy + size * 0.04, size * 0.22, size * 0.5, 5, rotate_degrees=-90, style="DF")


def burst(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A jagged burst: damage, and the Area weapon type."""
    _fill(pdf, colour, mix(colour, INK, 0.4), 0.12 * size / 5)
    pdf.star(cx, cy, size * 0.27, size * 0.5, 9, style="DF")
    pdf.set_fill_color(*mix(colour, WHITE, 0.6))
    pdf.star(cx, cy, size * 0.12, size * 0.26, 9, rotate_degrees=20, style="F")


def power(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Two chevrons pointing up: a Power Attack."""
    _fill(pdf, colour)
    for dy in (-0.45, 0.25):
        chevron = [(-0.9, dy + 0.55), (0.0, dy - 0.35), (0.9, dy + 0.55), (0.9, dy + 0.85), (0.0, dy - 0.05),
                   (-0.9, dy + 0.85)]
        pdf.polygon(_points(cx, cy, size, chevron), style="F")


def heart(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Health: two discs over a point."""
    r = size * 0.27
    _fill(pdf, colour)
    pdf.circle(cx - r * 0.85, cy - r * 0.55, r, style="F")
    pdf.circle(cx + r * 0.85, cy - r * 0.55, r, style="F")
    pdf.polygon(_points(cx, cy, size, [(-0.98, -0.2), (0.98, -0.2), (0.0, 0.95)]), style="F")


def sword(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """Melee: a blade, a cross-guard and a grip."""
    _fill(pdf, colour, mix(colour, INK, 0.5), 0.12 * size / 5)
    pdf.polygon(_points(cx, cy, size, [(0.0, -1.0), (0.2, -0.75), (0.2, 0.35), (-0.2, 0.35), (-0.2, -0.75)]),
                style="DF")
    pdf.polygon(_points(cx, cy, size, [(-0.6, 0.35), (0.6, 0.35), (0.6, 0.5), (-0.6, 0.5)]), style="DF")
    pdf.polygon(_points(cx, cy, size, [(-0.12, 0.5), (0.12, 0.5), (0.12, 0.95), (-0.12, 0.95)]), style="DF")


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


def mech(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A mech's head and shoulders: pilots, Power Armor and the Mighty Mech."""
    _fill(pdf, colour)
    head = [(-0.35, -0.85), (0.35, -0.85), (0.45, -0.2), (-0.45, -0.2)]
    body = [(-0.95, 0.0), (0.95, 0.0), (0.75, 0.95), (-0.75, 0.95)]
    pdf.polygon(_points(cx, cy, size, head), style="F")
    pdf.polygon(_points(cx, cy, size, body), style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.75))
    visor = [(-0.25, -0.6), (0.25, -0.6), (0.28, -0.42), (-0.28, -0.42)]
    pdf.polygon(_points(cx, cy, size, visor), style="F")


def hexagon(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A zone tile (and a zone's value)."""
    _fill(pdf, colour, mix(colour, INK, 0.4), 0.12 * size / 5)
    corners = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(30, 390, 60)]
    pdf.polygon(_points(cx, cy, size * 0.98, corners), style="DF")


def cards_icon(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A fanned hand of cards: program cards, and any family without an emblem of its own."""
    w, h = size * 0.5, size * 0.72
    pdf.set_line_width(size * 0.05)
    pdf.set_draw_color(*mix(colour, INK, 0.4))
    for i, angle in enumerate((-18, 0, 18)):
        pdf.set_fill_color(*mix(colour, WHITE, 0.15 * i))
        with pdf.rotation(angle, cx, cy + h * 0.45):
            pdf.rect(cx - w / 2, cy - h / 2, w, h, style="DF", round_corners=True, corner_radius=w * 0.12)


def initial(name: str) -> Callable[[FPDF, float, float, float, Colour], None]:
    """A disc with the name's first letter: the icon of a name rulecraft has no drawing for."""
    def draw(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
        _fill(pdf, colour)
        pdf.circle(cx, cy, size * 0.48, style="F")
        pdf.set_text_color(*WHITE)
        pdf.set_font("helvetica", "B", size / 0.3528 * 0.62)
        pdf.set_xy(cx - size / 2, cy - size / 2)
        pdf.cell(size, size, (name[:1] or "?").upper(), align="C")
    return draw


ICONS: dict[str, Callable[[FPDF, float, float, float, Colour], None]] = {
    "energy": energy, "credits": credits, "vp": star, "damage": burst, "power": power, "health": heart,
    "slots": slots, "value": hexagon, "melee": sword, "ranged": crosshair, "area": burst,
    "pilot": mech, "power-armor": mech, "mighty-mech": mech, "zone": hexagon, "program": cards_icon,
    "weapon": sword, "player": mech, "reference": cards_icon, "round": hexagon, "entry": cards_icon,
}


def draw_icon(pdf: FPDF, name: str, cx: float, cy: float, size: float, colour: Colour | None = None) -> None:
    """Draw icon ``name`` centred on (cx, cy), ``size`` mm across, in ``colour`` (else the icon's own)."""
    draw = ICONS.get(name) or initial(name)
    draw(pdf, cx, cy, size, colour or ICON_COLOURS.get(name, (90, 100, 115)))
