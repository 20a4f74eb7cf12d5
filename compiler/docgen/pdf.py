"""Generate: print-and-play card sheets as PDF: coloured faces with vector icons, backs, bleed, crop marks.

``plan_sheets`` lays every card out (``cardlayout``) and sets its text, reporting a text that does not
fit as a ``card-text-overflow`` at the entry (and field) it came from; ``render`` draws the plan with
fpdf2. Pages come in pairs, fronts then backs: each back page is mirrored left to right, so printed
double-sided with a long-edge flip every back lies behind its front (the other side of a two-sided
card, or its family's back). Each card's colour runs ``bleed`` mm past its cut line, and crop marks
in the margin extend every cut line. fpdf2's core fonts cover Windows-1252, so text outside it is
replaced rather than crashing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from fpdf import FPDF

from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.docgen.cardicons import INK, WHITE, Colour, draw_icon, mix, on, rgb
from rulecraft.compiler.docgen.cardlayout import (
    DEFAULT_BLEED,
    PT,
    Box,
    FaceLayout,
    Fitted,
    Grid,
    face_layout,
    fit,
    line_height,
    measurer,
    printable,
    settle,
    setup,
    sheet_grid,
)
from rulecraft.compiler.docgen.cards import Back, Card, Cycle, Emblem, Face, Moves, Stat, Tracks

DAGGER = "\u2020"
MARK_GAP = 0.5        # crop marks stop this short of the bleed
MARK_LEN = 5.0


@dataclass(frozen=True, slots=True)
class SheetOptions:
    card: str = "poker"
    paper: str = "a4"
    bleed: float = DEFAULT_BLEED
    backs: bool = True
    footer: str = ""    # the pack stack, printed small on each face


@dataclass(frozen=True, slots=True)
class Placed:
    """One face or back where it goes: its page (0-based), its cut box, and for a face its layout."""

    page: int
    cut: Box
    side: Face | Back
    layout: FaceLayout | None = None
    fitted: Fitted | None = None


@dataclass(slots=True)
class Plan:
    grid: Grid
    options: SheetOptions
    cards: int
    pages: int = 0
    placed: list[Placed] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _place(plan: Plan, pdf: FPDF, page: int, cut: Box, side: Face | Back) -> None:
    if isinstance(side, Back):
        plan.placed.append(Placed(page, cut, side))
        return
    layout = face_layout(side, cut)
    fitted = fit(pdf, side, layout)
    layout = settle(layout, fitted)
    plan.diagnostics += [p for p in fitted.problems if p not in plan.diagnostics]  # once per entry
    plan.placed.append(Placed(page, cut, side, layout, fitted))


def plan_sheets(printed: list[Card], options: SheetOptions) -> Plan:
    """Where every face and back goes and how its text is set (ValueError: the card does not fit)."""
    grid = sheet_grid(options.card, options.paper, options.bleed)
    plan = Plan(grid, options, len(printed))
    pdf = measurer()
    sheets = -(-len(printed) // grid.per_page)
    for sheet in range(sheets):
        batch = printed[sheet * grid.per_page:(sheet + 1) * grid.per_page]
        front = sheet * 2 if options.backs else sheet
        for slot, card in enumerate(batch):
            _place(plan, pdf, front, grid.cut(slot), card.front)
            if options.backs:
                _place(plan, pdf, front + 1, grid.cut(slot, back=True), card.back)
    plan.pages = sheets * (2 if options.backs else 1)
    return plan


# --- drawing -------------------------------------------------------------------------------------


def _text(pdf: FPDF, box: Box, text: str, size: float, style: str = "", colour: Colour = INK,
          align: str = "L") -> None:
    pdf.set_font("helvetica", style, size)
    pdf.set_text_color(*colour)
    pdf.set_xy(box.x, box.y)
    pdf.cell(box.w, box.h, printable(text), align=align)


def _shrunk(pdf: FPDF, text: str, width: float, size: float, style: str = "", floor: float = 0.5) -> float:
    """The largest font size up to ``size`` at which ``text`` is at most ``width`` wide (at least
    ``floor`` x ``size``)."""
    least = size * floor
    pdf.set_font("helvetica", style, size)
    while pdf.get_string_width(printable(text)) > width and size > least:
        size -= 0.25
        pdf.set_font("helvetica", style, size)
    return size


def _panel(pdf: FPDF, box: Box, fill: Colour, radius: float) -> None:
    pdf.set_fill_color(*fill)
    pdf.rect(box.x, box.y, box.w, box.h, style="F", round_corners=True, corner_radius=radius)


def _background(pdf: FPDF, cut: Box, bleed: float, colour: Colour) -> None:
    pdf.set_fill_color(*colour)
    full = cut.inset(-bleed)
    pdf.rect(full.x, full.y, full.w, full.h, style="F")


def _cost(pdf: FPDF, face: Face, lay: FaceLayout) -> None:
    s = lay.scale
    for i, stat in enumerate(face.cost):
        pill = Box(lay.cost.x + 1.0 * s + i * 7.0 * s, lay.cost.y + 0.4 * s, 6.4 * s, 9.0 * s)
        _panel(pdf, pill, WHITE, 1.8 * s)
        draw_icon(pdf, stat.icon, pill.x + pill.w / 2, pill.y + 2.7 * s, 4.4 * s)
        _text(pdf, Box(pill.x, pill.y + 5.0 * s, pill.w, 3.6 * s), stat.value, 10.0 * s, "B", align="C")


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
            _text(pdf, Box(cx, y + (row_h - cell) / 2, cell * 0.92, cell), str(i), cell / PT * 0.5, "B",
                  align="C")


def _art(pdf: FPDF, face: Face, lay: FaceLayout, colour: Colour) -> None:
    box, s = lay.art, lay.scale
    if box is None or face.art is None:
        return
    _panel(pdf, box, mix(colour, WHITE, 0.82), 2.0 * s)
    if face.caption:
        caption = Box(box.x, box.bottom - 5.0 * s, box.w, 4.0 * s)
        _text(pdf, caption, face.caption, _shrunk(pdf, face.caption, box.w - 2 * s, 7.0 * s, "B"), "B",
              mix(colour, INK, 0.3), "C")
        box = Box(box.x, box.y, box.w, box.h - 4.0 * s)
    if isinstance(face.art, Moves) and face.art.action:
        diagram = Box(box.x, box.y, box.w * 0.62, box.h)
        _moves(pdf, face.art, diagram, colour)
        size = min(box.w * 0.3, box.h * 0.6)
        draw_icon(pdf, face.art.action, box.x + box.w * 0.8, box.y + box.h / 2, size, mix(colour, INK, 0.25))
    elif isinstance(face.art, Moves):
        _moves(pdf, face.art, box, colour)
    elif isinstance(face.art, Cycle):
        _cycle(pdf, face.art, box, colour)
    elif isinstance(face.art, Tracks):
        _tracks(pdf, face.art, box.inset(1.5 * s), colour, s)
    elif isinstance(face.art, Emblem) and face.art.icons:
        icons = face.art.icons
        size = min(box.h * 0.72, box.w / len(icons) * 0.7, 26.0 * s)
        for i, icon in enumerate(icons):
            cx = box.x + box.w * (i + 0.5) / len(icons)
            draw_icon(pdf, icon, cx, box.y + box.h / 2, size, None if icon in {"energy", "credits"}
                      else mix(colour, INK, 0.15))


def _chip(pdf: FPDF, stat: Stat, box: Box, s: float) -> None:
    _panel(pdf, box, WHITE, 1.6 * s)
    icon = min(box.h * 0.56, 6.0 * s)
    draw_icon(pdf, stat.icon, box.x + 1.0 * s + icon / 2, box.y + box.h * 0.38, icon)
    words = Box(box.x + icon + 1.6 * s, box.y, box.w - icon - 2.2 * s, box.h)
    size = _shrunk(pdf, stat.value, words.w, (12.0 if len(stat.value) <= 3 else 7.5) * s, "B", 0.6)
    _text(pdf, Box(words.x, box.y + 0.6 * s, words.w, box.h * 0.62), stat.value, size, "B", align="C")
    label = _shrunk(pdf, stat.label.upper(), box.w - 1.0 * s, 5.0 * s, "B", 0.7)
    _text(pdf, Box(box.x + 0.5 * s, box.y + box.h * 0.68, box.w - 1.0 * s, box.h * 0.28), stat.label.upper(),
          label, "B", (95, 100, 110), align="C")


def _stats(pdf: FPDF, face: Face, lay: FaceLayout) -> None:
    if lay.stats is None:
        return
    s, n = lay.scale, len(face.stats)
    gap = 1.2 * s
    width = (lay.stats.w - gap * (n - 1)) / n
    for i, stat in enumerate(face.stats):
        _chip(pdf, stat, Box(lay.stats.x + i * (width + gap), lay.stats.y, width, lay.stats.h), s)


def _width(pdf: FPDF, text: str, size: float, style: str = "") -> float:
    pdf.set_font("helvetica", style, size)
    return pdf.get_string_width(printable(text))


def _footer(pdf: FPDF, face: Face, lay: FaceLayout, label: str) -> None:
    """The footnote of the designed-value marker at the left, the pack stack at the right; a footnote
    that needs the whole width gets it."""
    s, box = lay.scale, lay.footer
    note = f"{DAGGER} {face.footnote}" if face.footnote else ""
    note_size, label_size = 5.2 * s, 4.6 * s
    room = box.w - (_width(pdf, label, label_size) + 1.5 * s if label else 0.0)
    if note and _width(pdf, note, note_size * 0.8, "I") > room:
        label, room = "", box.w
    if label:
        _text(pdf, box, label, label_size, "", on(rgb(face.colour)), "R")
    if note:
        _text(pdf, Box(box.x, box.y, room, box.h), note, _shrunk(pdf, note, room, note_size, "I", 0.6), "I",
              on(rgb(face.colour)))


def draw_face(pdf: FPDF, face: Face, lay: FaceLayout, fitted: Fitted, bleed: float, label: str) -> None:
    s = lay.scale
    colour = rgb(face.colour)
    _background(pdf, lay.cut, bleed, colour)
    ink = on(colour)
    _text(pdf, lay.band, face.band.upper(), 5.4 * s, "B", mix(colour, ink, 0.7))
    title = printable(face.title)
    _text(pdf, lay.title, title, fitted.title_size, "B", ink)
    if face.footnote:   # the designed-value marker, once per card, after the title
        pdf.set_font("helvetica", "B", fitted.title_size)
        x = lay.title.x + min(pdf.get_string_width(title), lay.title.w - 1.5 * s)
        _text(pdf, Box(x + 0.3 * s, lay.title.y - 0.8 * s, 3.0 * s, lay.title.h * 0.6), DAGGER,
              fitted.title_size * 0.6, "B", ink)
    _cost(pdf, face, lay)
    _art(pdf, face, lay, colour)
    _stats(pdf, face, lay)
    if lay.text is not None:
        _panel(pdf, lay.text, WHITE, 2.0 * s)
        inner = lay.text.inset(1.4 * s)
        height = line_height(fitted.text_size)
        pdf.set_font("helvetica", "", fitted.text_size)
        pdf.set_text_color(*INK)
        for i, line in enumerate(fitted.lines):
            pdf.set_xy(inner.x, inner.y + i * height)
            pdf.cell(inner.w, height, line)
    _footer(pdf, face, lay, label)


def draw_back(pdf: FPDF, back: Back, cut: Box, bleed: float, label: str) -> None:
    """A family's back: its colour with diagonal stripes, a medallion with its emblem, its name."""
    s = min(cut.w / 63.0, cut.h / 88.0)
    colour = rgb(back.colour)
    _background(pdf, cut, bleed, colour)
    full = cut.inset(-bleed)
    pdf.set_draw_color(*mix(colour, WHITE, 0.12))
    pdf.set_line_width(1.6 * s)
    with pdf.rect_clip(full.x, full.y, full.w, full.h):
        step = 5.0 * s
        offset = -full.h
        while offset < full.w:
            pdf.line(full.x + offset, full.bottom, full.x + offset + full.h, full.y)
            offset += step
    inner = cut.inset(3.0 * s)
    pdf.set_draw_color(*mix(colour, WHITE, 0.6))
    pdf.set_line_width(0.5 * s)
    pdf.rect(inner.x, inner.y, inner.w, inner.h, style="D", round_corners=True, corner_radius=3.0 * s)
    cx, cy = cut.x + cut.w / 2, cut.y + cut.h * 0.45
    pdf.set_fill_color(*WHITE)
    pdf.circle(cx, cy, 14.0 * s, style="F")
    pdf.set_fill_color(*mix(colour, WHITE, 0.85))
    pdf.circle(cx, cy, 12.0 * s, style="F")
    draw_icon(pdf, back.icon, cx, cy, 15.0 * s, colour)
    _text(pdf, Box(inner.x, cut.y + cut.h * 0.12, inner.w, 6.0 * s), back.label.upper(),
          _shrunk(pdf, back.label.upper(), inner.w - 2 * s, 9.0 * s, "B"), "B", on(colour), "C")
    _text(pdf, Box(inner.x, cut.y + cut.h * 0.68, inner.w, 8.0 * s), back.title,
          _shrunk(pdf, back.title, inner.w - 2 * s, 14.0 * s, "B"), "B", on(colour), "C")
    if label:
        _text(pdf, Box(inner.x, inner.bottom - 6.0 * s, inner.w, 4.0 * s), label,
              _shrunk(pdf, label, inner.w - 2 * s, 5.0 * s), "", mix(colour, on(colour), 0.7), "C")


def crop_marks(pdf: FPDF, grid: Grid) -> None:
    """Hairlines in the margin on every cut line, stopping MARK_GAP short of the bleed."""
    area = grid.area
    xs, ys = grid.cut_lines()
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.15)
    top_len = min(MARK_LEN, area.y - MARK_GAP)
    side_len = min(MARK_LEN, area.x - MARK_GAP)
    for x in xs:
        pdf.line(x, area.y - MARK_GAP - top_len, x, area.y - MARK_GAP)
        pdf.line(x, area.bottom + MARK_GAP, x, area.bottom + MARK_GAP + top_len)
    for y in ys:
        pdf.line(area.x - MARK_GAP - side_len, y, area.x - MARK_GAP, y)
        pdf.line(area.right + MARK_GAP, y, area.right + MARK_GAP + side_len, y)


def render(plan: Plan) -> bytes:
    """The plan as a PDF document."""
    page = plan.grid.page
    pdf = FPDF(unit="mm", format=(page.w, page.h))
    setup(pdf)
    pdf.set_title("Print-and-play cards")
    pdf.set_creator("rulecraft print")
    label, bleed = plan.options.footer, plan.options.bleed
    for number in range(plan.pages):
        pdf.add_page()
        if not plan.options.backs or number % 2 == 0:
            crop_marks(pdf, plan.grid)
        for placed in (p for p in plan.placed if p.page == number):
            if isinstance(placed.side, Back):
                draw_back(pdf, placed.side, placed.cut, bleed, label)
            elif placed.layout is not None and placed.fitted is not None:
                draw_face(pdf, placed.side, placed.layout, placed.fitted, bleed, label)
    return bytes(pdf.output())


def write_sheets(printed: list[Card], out: Path | None, options: SheetOptions) -> tuple[Plan, bytes]:
    """Plan and render ``printed``; write the PDF to ``out`` when given. Returns the plan and the PDF."""
    plan = plan_sheets(printed, options)
    document = render(plan)
    if out is not None:
        out.write_bytes(document)
    return plan, document
