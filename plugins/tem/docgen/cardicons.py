"""Generate: the vector icons of the print-and-play cards, drawn with fpdf2's own shapes.

No image or font file is read: each icon is a few polygons, circles and lines centred on (cx, cy)
and ``size`` millimetres across, so it stays sharp at any print resolution. ``draw_icon`` knows the
resources (Energy, Credits), the weapon types (melee, ranged, area), VP, damage, Power Attack,
health, weapon slots, a zone's value, the program cards' actions, and one emblem per card family;
any other name (a plugin's resource or field) gets a disc with its initial, so a modder's cards
still print.
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


def luminance(colour: Colour) -> float:
    """Relative luminance as WCAG 2 defines it (0 black, 1 white)."""
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def on(colour: Colour) -> Colour:
    """The text colour that reads on ``colour``: white while white keeps WCAG's 3:1 for large text
    (luminance up to 0.3: every core colour but yellow), else ink, which then has more than 5:1."""
    return WHITE if luminance(colour) <= 0.3 else INK


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
    pdf.set_line_width(size * 0.05)
    pdf.circle(cx, cy, r * 0.72, style="D")
    pdf.set_fill_color(*WHITE)
    pdf.polygon(_points(cx, cy, size, [(0.0, -0.42), (0.3, 0.0), (0.0, 0.42), (-0.3, 0.0)]), style="F")


def star(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A five-pointed star: victory points."""
    _fill(pdf, colour, mix(colour, INK, 0.45), 0.15 * size / 5)
    pdf.star(cx, cy + size * 0.04, size * 0.22, size * 0.5, 5, rotate_degrees=-90, style="DF")


def burst(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A jagged burst: damage."""
    _fill(pdf, colour, mix(colour, INK, 0.4), 0.12 * size / 5)
    pdf.star(cx, cy, size * 0.27, size * 0.5, 9, style="DF")
    pdf.set_fill_color(*mix(colour, WHITE, 0.6))
    pdf.star(cx, cy, size * 0.12, size * 0.26, 9, rotate_degrees=20, style="F")


def bomb(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A bomb with a lit fuse: the Area weapon type."""
    r = size / 2
    _fill(pdf, colour)
    pdf.circle(cx - 0.1 * r, cy + 0.2 * r, 0.66 * r, style="F")
    cap = [(0.12, -0.55), (0.42, -0.25), (0.62, -0.45), (0.32, -0.75)]
    pdf.polygon(_points(cx, cy, size, cap), style="F")
    pdf.set_draw_color(*colour)
    pdf.set_line_width(size * 0.05)
    pdf.line(cx + 0.47 * r, cy - 0.6 * r, cx + 0.68 * r, cy - 0.8 * r)
    pdf.set_fill_color(*ICON_COLOURS["energy"])
    pdf.star(cx + 0.75 * r, cy - 0.85 * r, 0.08 * r, 0.25 * r, 6, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.6))
    pdf.circle(cx - 0.35 * r, cy - 0.05 * r, 0.14 * r, style="F")


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
    """A mech: head with a visor, shoulders, arms, torso and legs (Power Armor, the Mighty Mech)."""
    _fill(pdf, colour)
    r = size / 2
    shapes = [
        [(-0.22, -0.98), (0.22, -0.98), (0.26, -0.62), (-0.26, -0.62)],          # head
        [(-0.48, -0.55), (0.48, -0.55), (0.36, 0.25), (-0.36, 0.25)],            # torso
        [(-0.34, 0.3), (-0.06, 0.3), (-0.1, 1.0), (-0.42, 1.0)],                 # left leg
        [(0.06, 0.3), (0.34, 0.3), (0.42, 1.0), (0.1, 1.0)],                     # right leg
        [(-0.82, -0.42), (-0.6, -0.42), (-0.64, 0.35), (-0.86, 0.35)],           # left arm
        [(0.6, -0.42), (0.82, -0.42), (0.86, 0.35), (0.64, 0.35)],               # right arm
    ]
    for shape in shapes:
        pdf.polygon(_points(cx, cy, size, shape), style="F")
    for dx in (-0.62, 0.62):
        pdf.circle(cx + dx * r, cy - 0.5 * r, 0.2 * r, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.75))
    visor = [(-0.16, -0.86), (0.16, -0.86), (0.17, -0.76), (-0.17, -0.76)]
    pdf.polygon(_points(cx, cy, size, visor), style="F")
    pdf.circle(cx, cy - 0.22 * r, 0.11 * r, style="F")                              # reactor


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
    _fill(pdf, colour)
    pdf.circle(cx, cy - 0.35 * r, 0.5 * r, style="F")
    pdf.polygon(_points(cx, cy, size, [(-0.9, 1.0), (-0.75, 0.35), (-0.3, 0.15), (0.3, 0.15), (0.75, 0.35),
                                       (0.9, 1.0)]), style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.75))
    pdf.rect(cx - 0.34 * r, cy - 0.48 * r, 0.68 * r, 0.22 * r, style="F", round_corners=True,
             corner_radius=0.1 * r)


def tag(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A price tag: the Purchase action."""
    _fill(pdf, colour)
    pdf.polygon(_points(cx, cy, size, [(-1.0, 0.0), (-0.45, -0.6), (0.95, -0.6), (0.95, 0.6), (-0.45, 0.6)]),
                style="F")
    pdf.set_fill_color(*WHITE)
    pdf.circle(cx - 0.42 * size / 2, cy, 0.12 * size / 2, style="F")


def arrow_up(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A thick arrow up: the Power Up action."""
    _fill(pdf, colour)
    pdf.polygon(_points(cx, cy, size, [(0.0, -1.0), (0.85, -0.1), (0.32, -0.1), (0.32, 0.95), (-0.32, 0.95),
                                       (-0.32, -0.1), (-0.85, -0.1)]), style="F")


def mine(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A spiked mine: the Deploy Mine action."""
    _fill(pdf, colour)
    pdf.star(cx, cy, size * 0.34, size * 0.5, 8, style="F")
    pdf.circle(cx, cy, size * 0.36, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.7))
    pdf.circle(cx - size * 0.12, cy - size * 0.12, size * 0.08, style="F")


def turret(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A turret: base, dome and barrel: the Deploy Turret action."""
    r = size / 2
    _fill(pdf, colour)
    pdf.polygon(_points(cx, cy, size, [(-0.9, 0.95), (-0.65, 0.45), (0.65, 0.45), (0.9, 0.95)]), style="F")
    pdf.solid_arc(cx - 0.6 * r, cy - 0.3 * r, 1.2 * r, 180, 360, style="F")
    pdf.polygon(_points(cx, cy, size, [(0.1, -0.05), (0.95, -0.55), (1.0, -0.4), (0.2, 0.15)]), style="F")
    pdf.rect(cx - 0.6 * r, cy + 0.28 * r, 1.2 * r, 0.17 * r, style="F")


def collect(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A bolt and a coin together: the Collect action (both resources)."""
    credits(pdf, cx + size * 0.18, cy + size * 0.1, size * 0.7, ICON_COLOURS["credits"])
    energy(pdf, cx - size * 0.2, cy - size * 0.05, size * 0.75, ICON_COLOURS["energy"])


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
    "slots": slots, "value": hexagon, "melee": sword, "ranged": crosshair, "area": bomb,
    "pilot": pilot, "power-armor": mech, "mighty-mech": mighty_mech, "zone": hexagon, "program": cards_icon,
    "weapon": sword, "player": pilot, "reference": cards_icon, "round": hexagon, "entry": cards_icon,
    "collect": collect, "purchase": tag, "power-up": arrow_up, "deploy-mine": mine, "deploy-turret": turret,
}


def draw_icon(pdf: FPDF, name: str, cx: float, cy: float, size: float, colour: Colour | None = None) -> None:
    """Draw icon ``name`` centred on (cx, cy), ``size`` mm across, in ``colour`` (else the icon's own)."""
    draw = ICONS.get(name) or initial(name)
    draw(pdf, cx, cy, size, colour or ICON_COLOURS.get(name, (90, 100, 115)))
