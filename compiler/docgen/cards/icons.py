"""Generate: the vector icons of print-and-play cards, for any game, drawn with fpdf2's own shapes.

No image or font file is read: each icon is a few polygons, circles and lines centred on (cx, cy) and
``size`` millimetres across, so it stays sharp at any print resolution. A game names its icons in its
card templates (an :data:`Icons` table: name -> drawing and colour), and the sheet it prints on carries
that table (:class:`IconPDF`), so ``draw_icon`` draws a game's own names; any name the table lacks gets a
disc with its initial, so a modder's cards still print. The shapes here are those more than one game
uses (a bolt, a burst, a heart, a hexagon, a hand of cards, a mech); a game draws the rest itself with
``place`` and ``fill``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fpdf import FPDF

Colour = tuple[int, int, int]
WHITE: Colour = (255, 255, 255)
INK: Colour = (33, 37, 41)
SLATE: Colour = (90, 100, 115)    # an icon's colour when its table gives none
Drawing = Callable[[FPDF, float, float, float, Colour], None]


@dataclass(frozen=True, slots=True)
class Icon:
    """One name of a game's icon table: how it is drawn, its own colour, and whether an emblem may tint
    it in the card's colour (a resource keeps its own colour everywhere)."""

    draw: Drawing
    colour: Colour = SLATE
    tinted: bool = True


Icons = Mapping[str, Icon]


class IconPDF(FPDF):
    """An FPDF that knows the icon table of the game whose cards it draws."""

    def __init__(self, icons: Icons, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.icons = icons


def rgb(hex_colour: str) -> Colour:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(colour: Colour, other: Colour, amount: float) -> Colour:
    """``colour`` moved ``amount`` (0..1) of the way to ``other``: tints and shades of a card colour."""
    return tuple(round(a + (b - a) * amount) for a, b in zip(colour, other, strict=True))  # type: ignore[return-value]


def luminance(colour: Colour) -> float:
    """Relative luminance as WCAG 2 defines it (0 black, 1 white)."""
    def linear(channel: int) -> float:
        c = channel / 255
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


def place(cx: float, cy: float, size: float, shape: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A shape given on a -1..1 square, placed at (cx, cy) and ``size`` across."""
    r = size / 2
    return [(cx + x * r, cy + y * r) for x, y in shape]


def fill(pdf: FPDF, colour: Colour, outline: Colour | None = None, width: float = 0.2) -> None:
    pdf.set_fill_color(*colour)
    if outline is not None:
        pdf.set_draw_color(*outline)
        pdf.set_line_width(width)


def bolt(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A lightning bolt: energy, bandwidth."""
    bolt = [(0.25, -1.0), (-0.55, 0.12), (-0.05, 0.12), (-0.3, 1.0), (0.55, -0.2), (0.05, -0.2), (0.35, -1.0)]
    fill(pdf, colour, mix(colour, INK, 0.5), 0.15 * size / 5)
    pdf.polygon(place(cx, cy, size, bolt), style="DF")


def burst(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A jagged burst: damage, power."""
    fill(pdf, colour, mix(colour, INK, 0.4), 0.12 * size / 5)
    pdf.star(cx, cy, size * 0.27, size * 0.5, 9, style="DF")
    pdf.set_fill_color(*mix(colour, WHITE, 0.6))
    pdf.star(cx, cy, size * 0.12, size * 0.26, 9, rotate_degrees=20, style="F")


def heart(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A heart, two discs over a point: health, durability."""
    r = size * 0.27
    fill(pdf, colour)
    pdf.circle(cx - r * 0.85, cy - r * 0.55, r, style="F")
    pdf.circle(cx + r * 0.85, cy - r * 0.55, r, style="F")
    pdf.polygon(place(cx, cy, size, [(-0.98, -0.2), (0.98, -0.2), (0.0, 0.95)]), style="F")


def mech(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A mech: head with a visor, shoulders, arms, torso and legs."""
    fill(pdf, colour)
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
        pdf.polygon(place(cx, cy, size, shape), style="F")
    for dx in (-0.62, 0.62):
        pdf.circle(cx + dx * r, cy - 0.5 * r, 0.2 * r, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.75))
    visor = [(-0.16, -0.86), (0.16, -0.86), (0.17, -0.76), (-0.17, -0.76)]
    pdf.polygon(place(cx, cy, size, visor), style="F")
    pdf.circle(cx, cy - 0.22 * r, 0.11 * r, style="F")                              # reactor


def hexagon(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A hexagonal tile: a place, a value."""
    fill(pdf, colour, mix(colour, INK, 0.4), 0.12 * size / 5)
    corners = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(30, 390, 60)]
    pdf.polygon(place(cx, cy, size * 0.98, corners), style="DF")


def hand(pdf: FPDF, cx: float, cy: float, size: float, colour: Colour) -> None:
    """A fanned hand of cards: a family of cards, and any without an emblem of its own."""
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
        fill(pdf, colour)
        pdf.circle(cx, cy, size * 0.48, style="F")
        pdf.set_text_color(*WHITE)
        pdf.set_font("helvetica", "B", size / 0.3528 * 0.62)
        pdf.set_xy(cx - size / 2, cy - size / 2)
        pdf.cell(size, size, (name[:1] or "?").upper(), align="C")
    return draw




def draw_icon(pdf: FPDF, name: str, cx: float, cy: float, size: float, colour: Colour | None = None) -> None:
    """Draw icon ``name`` of the sheet's table centred on (cx, cy), ``size`` mm across, in ``colour`` (else
    the icon's own)."""
    icon = icon_of(pdf, name)
    icon.draw(pdf, cx, cy, size, colour or icon.colour)


def icon_of(pdf: FPDF, name: str) -> Icon:
    """``name`` in the sheet's icon table, or its initial on a disc."""
    found = pdf.icons.get(name) if isinstance(pdf, IconPDF) else None
    return found or Icon(initial(name))
