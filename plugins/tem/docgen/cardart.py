"""Generate: Tiny Epic Mechs' own card art, each panel a ``model.Art`` that draws itself (fpdf2).

A program card's movement diagram beside its action, the reference card's beats-cycle of weapon types,
a player card's resource tracks. Emblems and the drawing primitives are the shared card sheet's
(``rulecraft.compiler.docgen.cards``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fpdf import FPDF

from rulecraft.compiler.docgen.cards.art import text_at
from rulecraft.compiler.docgen.cards.icons import INK, WHITE, Colour, draw_icon, mix
from rulecraft.compiler.docgen.cards.layout import PT, Box, FaceLayout


@dataclass(frozen=True, slots=True)
class Moves:
    """The art panel of a program card: where the card moves a mech from its zone."""

    distance: int
    directions: tuple[str, ...]
    jump: bool
    action: str = ""    # the action's icon, beside the diagram

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        if not self.action:
            _moves(pdf, self, box, colour)
            return
        _moves(pdf, self, Box(box.x, box.y, box.w * 0.62, box.h), colour)
        size = min(box.w * 0.3, box.h * 0.6)
        draw_icon(pdf, self.action, box.x + box.w * 0.8, box.y + box.h / 2, size, mix(colour, INK, 0.25))


@dataclass(frozen=True, slots=True)
class Cycle:
    """The art panel of the reference card: each weapon type beats the next, round a circle."""

    beats: tuple[tuple[str, str], ...]

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        _cycle(pdf, self, box, colour)


@dataclass(frozen=True, slots=True)
class Tracks:
    """The art panel of a player card: a 0..top track per resource, for a marker."""

    resources: tuple[str, ...]
    top: int

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        _tracks(pdf, self, box.inset(1.5 * layout.scale), colour, layout.scale)


def _moves(pdf: FPDF, moves: Moves, box: Box, colour: Colour) -> None:
    """A grid of zones around the mech's own, the zones this card reaches filled, a jump drawn dashed."""
    reach = max(moves.distance, 1)
    n = 2 * reach + 1
    cell = min(box.w, box.h) * 0.86 / n
    left, top = box.x + (box.w - n * cell) / 2, box.y + (box.h - n * cell) / 2
    steps = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0),
             "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}
    targets = {(reach + dx * moves.distance, reach + dy * moves.distance)
               for d in moves.directions if d in steps for dx, dy in (steps[d],)}
    pdf.set_line_width(0.25 * cell / 5)
    pdf.set_draw_color(*mix(colour, WHITE, 0.35))
    for col in range(n):
        for row in range(n):
            fill = colour if (col, row) in targets else mix(colour, WHITE, 0.92)
            pdf.set_fill_color(*fill)
            x, y = left + col * cell + cell * 0.06, top + row * cell + cell * 0.06
            pdf.rect(x, y, cell * 0.88, cell * 0.88, style="DF", round_corners=True,
                     corner_radius=cell * 0.12)
    centre = (left + (reach + 0.5) * cell, top + (reach + 0.5) * cell)
    draw_icon(pdf, "pilot", *centre, cell * 0.7, INK)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(cell * 0.06)
    if moves.jump:
        pdf.set_dash_pattern(dash=cell * 0.12, gap=cell * 0.1)
    for col, row in sorted(targets):
        end = (left + (col + 0.5) * cell, top + (row + 0.5) * cell)
        pdf.line(centre[0] + (end[0] - centre[0]) * 0.3, centre[1] + (end[1] - centre[1]) * 0.3,
                 centre[0] + (end[0] - centre[0]) * 0.8, centre[1] + (end[1] - centre[1]) * 0.8)
    pdf.set_dash_pattern()


def _cycle(pdf: FPDF, cycle: Cycle, box: Box, colour: Colour) -> None:
    """Each weapon type's icon round a circle, an arrow from each to the type it beats."""
    names = [a for a, _ in cycle.beats]
    if not names:
        return
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    radius = min(box.w, box.h) * 0.33
    size = radius * 0.85
    spot = {name: (cx + radius * math.sin(2 * math.pi * i / len(names)),
                   cy - radius * math.cos(2 * math.pi * i / len(names))) for i, name in enumerate(names)}
    pdf.set_draw_color(*mix(colour, INK, 0.2))
    pdf.set_fill_color(*mix(colour, INK, 0.2))
    pdf.set_line_width(size * 0.06)
    for winner, loser in cycle.beats:
        if winner not in spot or loser not in spot or winner == loser:
            continue
        (x0, y0), (x1, y1) = spot[winner], spot[loser]
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        start = (x0 + ux * size * 0.62, y0 + uy * size * 0.62)
        tip = (x1 - ux * size * 0.62, y1 - uy * size * 0.62)
        pdf.line(*start, tip[0] - ux * size * 0.2, tip[1] - uy * size * 0.2)
        head = size * 0.25
        pdf.polygon([tip, (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6),
                     (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)], style="F")
    for name, (x, y) in spot.items():
        draw_icon(pdf, name, x, y, size, mix(colour, INK, 0.1))


def _tracks(pdf: FPDF, tracks: Tracks, box: Box, colour: Colour, s: float) -> None:
    """One row of numbered boxes 0..top per resource, its icon first: the player marks what they hold."""
    rows = len(tracks.resources)
    row_h = min(box.h / max(rows, 1), 8.0 * s)
    cells = tracks.top + 1
    icon_w = row_h
    cell = min((box.w - icon_w - 1.0 * s) / cells, row_h * 0.9)
    top = box.y + (box.h - rows * row_h) / 2
    for r, resource in enumerate(tracks.resources):
        y = top + r * row_h
        draw_icon(pdf, resource, box.x + icon_w / 2, y + row_h / 2, row_h * 0.75)
        pdf.set_draw_color(*mix(colour, INK, 0.3))
        pdf.set_line_width(0.15 * s)
        for i in range(cells):
            cx = box.x + icon_w + 1.0 * s + i * cell
            pdf.set_fill_color(*WHITE)
            pdf.rect(cx, y + (row_h - cell) / 2, cell * 0.92, cell, style="DF", round_corners=True,
                     corner_radius=cell * 0.15)
            text_at(pdf, Box(cx, y + (row_h - cell) / 2, cell * 0.92, cell), str(i), cell / PT * 0.5, "B",
                  align="C")
