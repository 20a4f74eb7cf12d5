"""Generate: print-and-play card sheets as PDF for any game: coloured faces, icons, backs, bleed, crop marks.

``plan_sheets`` lays every card out (``layout``) and sets its text, reporting a text that does not
fit as a ``card-text-overflow`` at the entry (and field) it came from; an item of its own size (a
player mat, a token: ``model.Size``) gets sheets of its own grid and crop marks, each size in the
order it first comes. ``render`` draws the plan with fpdf2 and the game's icon table (its
``CardTemplates.icons``). Pages come in pairs, fronts then backs:
each back page is mirrored across the edge the printer turns the sheet over (left to right for the
usual long-edge flip, top to bottom for a short-edge one), so every back lies behind its front (the
other side of a two-sided card, or its family's back). Each card's colour runs ``bleed`` mm past its
cut line, and crop marks in the margin extend every cut line. fpdf2's core fonts cover Windows-1252,
so text outside it is replaced rather than crashing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from fpdf import FPDF

from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.docgen.cards.art import draw_art, panel, shrink_to_fit, text_at, text_width
from rulecraft.compiler.docgen.cards.icons import INK, WHITE, Colour, IconPDF, Icons, draw_icon, mix, on, rgb
from rulecraft.compiler.docgen.cards.layout import (
    DEFAULT_BLEED,
    DESIGN_H,
    DESIGN_W,
    MARKER_W,
    Box,
    FaceLayout,
    Fitted,
    Grid,
    face_layout,
    fit,
    font_scale,
    item_grid,
    line_height,
    measurer,
    printable,
    settle,
    setup,
    sheet_grid,
)
from rulecraft.compiler.docgen.cards.model import Back, Card, Face, Size, Stat

DAGGER = "\u2020"
MARK_GAP = 0.5        # crop marks stop this short of the bleed
MARK_LEN = 5.0


@dataclass(frozen=True, slots=True)
class SheetOptions:
    card: str = "poker"
    paper: str = "a4"
    bleed: float = DEFAULT_BLEED
    backs: bool = True
    flip: str = "long"  # the duplex printer's flip edge (layout.FLIPS)
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
    """Every page: ``grid`` is the sheet's card grid (``--card``), ``cards`` how many cards it holds;
    ``sized`` the grid and count of each other size (``model.Size``: mats, tokens), which get pages of
    their own; ``page_grids`` the grid of each page, whose crop marks it carries."""

    grid: Grid
    options: SheetOptions
    cards: int = 0
    icons: Icons = field(default_factory=dict)
    pages: int = 0
    placed: list[Placed] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sized: dict[Size, tuple[Grid, int]] = field(default_factory=dict)
    page_grids: list[Grid] = field(default_factory=list)


def _place(plan: Plan, pdf: FPDF, page: int, cut: Box, side: Face | Back) -> None:
    if isinstance(side, Back):
        plan.placed.append(Placed(page, cut, side))
        return
    layout = face_layout(side, cut)
    fitted = fit(pdf, side, layout)
    layout = settle(layout, fitted)
    plan.diagnostics += [p for p in fitted.problems if p not in plan.diagnostics]  # once per entry
    plan.placed.append(Placed(page, cut, side, layout, fitted))


def by_size(printed: list[Card]) -> dict[Size | None, list[Card]]:
    """The items grouped by size (None: cards of the sheet's size), each size in the order of its first
    item and its items in print order: a page holds items of one size only."""
    groups: dict[Size | None, list[Card]] = {}
    for card in printed:
        groups.setdefault(card.size, []).append(card)
    return groups


def plan_sheets(printed: list[Card], options: SheetOptions, icons: Icons | None = None) -> Plan:
    """Where every face and back goes and how its text is set (ValueError: an item does not fit the
    paper); each size of item fills sheets of its own grid. The icon names are drawn from ``icons``
    (none: each is its initial on a disc)."""
    grid = sheet_grid(options.card, options.paper, options.bleed)
    plan = Plan(grid, options, icons=dict(icons or {}))
    pdf = measurer()
    sides = 2 if options.backs else 1
    for size, items in by_size(printed).items():
        if size is None:
            own, plan.cards = grid, len(items)
        else:
            own = item_grid(size.name, size.w, size.h, options.paper, options.bleed)
            plan.sized[size] = (own, len(items))
        for start in range(0, len(items), own.per_page):
            for slot, card in enumerate(items[start:start + own.per_page]):
                _place(plan, pdf, plan.pages, own.cut(slot), card.front)
                if options.backs:
                    _place(plan, pdf, plan.pages + 1, own.cut(slot, back=True, flip=options.flip), card.back)
            plan.pages += sides
            plan.page_grids += [own] * sides
    return plan


# --- drawing -------------------------------------------------------------------------------------


def _background(pdf: FPDF, cut: Box, bleed: float, colour: Colour) -> None:
    pdf.set_fill_color(*colour)
    full = cut.inset(-bleed)
    pdf.rect(full.x, full.y, full.w, full.h, style="F")


def _cost(pdf: FPDF, face: Face, lay: FaceLayout) -> None:
    s = lay.scale
    for i, stat in enumerate(face.cost):
        pill = Box(lay.cost.x + 1.0 * s + i * 7.0 * s, lay.cost.y + 0.4 * s, 6.4 * s, 9.0 * s)
        panel(pdf, pill, WHITE, 1.8 * s)
        draw_icon(pdf, stat.icon, pill.x + pill.w / 2, pill.y + 2.7 * s, 4.4 * s)
        text_at(pdf, Box(pill.x, pill.y + 5.0 * s, pill.w, 3.6 * s), stat.value,
                shrink_to_fit(pdf, stat.value, pill.w - 0.6 * s, 10.0 * lay.font, "B"), "B", align="C")


def _chip(pdf: FPDF, stat: Stat, box: Box, s: float, f: float) -> None:
    panel(pdf, box, WHITE, 1.6 * s)
    icon = min(box.h * 0.56, 6.0 * s)
    draw_icon(pdf, stat.icon, box.x + 1.0 * s + icon / 2, box.y + box.h * 0.38, icon)
    words = Box(box.x + icon + 1.6 * s, box.y, box.w - icon - 2.2 * s, box.h)
    size = shrink_to_fit(pdf, stat.value, words.w, (12.0 if len(stat.value) <= 3 else 7.5) * f, "B", 0.6)
    text_at(pdf, Box(words.x, box.y + 0.6 * s, words.w, box.h * 0.62), stat.value, size, "B", align="C")
    label = shrink_to_fit(pdf, stat.label.upper(), box.w - 1.0 * s, 5.0 * f, "B", 0.7)
    below = Box(box.x + 0.5 * s, box.y + box.h * 0.68, box.w - 1.0 * s, box.h * 0.28)
    text_at(pdf, below, stat.label.upper(), label, "B", (95, 100, 110), align="C")


def _stats(pdf: FPDF, face: Face, lay: FaceLayout) -> None:
    if lay.stats is None:
        return
    s, n = lay.scale, len(face.stats)
    gap = 1.2 * s
    width = (lay.stats.w - gap * (n - 1)) / n
    for i, stat in enumerate(face.stats):
        _chip(pdf, stat, Box(lay.stats.x + i * (width + gap), lay.stats.y, width, lay.stats.h), s, lay.font)


def _footer(pdf: FPDF, face: Face, lay: FaceLayout, label: str) -> None:
    """The footnote of the designed-value marker at the left, the pack stack at the right; a footnote
    that needs the whole width gets it."""
    s, box = lay.scale, lay.footer
    note = f"{DAGGER} {face.footnote}" if face.footnote else ""
    note_size, label_size = 5.2 * lay.font, 4.6 * lay.font
    room = box.w - (text_width(pdf, label, label_size) + 1.5 * s if label else 0.0)
    if note and text_width(pdf, note, note_size * 0.8, "I") > room:
        label, room = "", box.w
    if label:
        text_at(pdf, box, label, label_size, "", on(rgb(face.colour)), "R")
    if note:
        size = shrink_to_fit(pdf, note, room, note_size, "I", 0.6)
        text_at(pdf, Box(box.x, box.y, room, box.h), note, size, "I", on(rgb(face.colour)))


def draw_face(pdf: FPDF, face: Face, lay: FaceLayout, fitted: Fitted, bleed: float, label: str) -> None:
    s = lay.scale
    colour = rgb(face.colour)
    _background(pdf, lay.cut, bleed, colour)
    ink = on(colour)
    band = face.band.upper()
    text_at(pdf, lay.band, band, shrink_to_fit(pdf, band, lay.band.w, 5.4 * lay.font, "B"), "B",
            mix(colour, ink, 0.7))
    title = printable(face.title)
    text_at(pdf, lay.title, title, fitted.title_size, "B", ink)
    if face.footnote:   # the designed-value marker, once per card, after the title
        pdf.set_font("helvetica", "B", fitted.title_size)
        x = lay.title.x + pdf.get_string_width(title)
        marker = Box(x + 0.3 * s, lay.title.y - 0.8 * s, (MARKER_W - 0.3) * s, lay.title.h * 0.6)
        text_at(pdf, marker, DAGGER, fitted.title_size * 0.6, "B", ink)
    _cost(pdf, face, lay)
    draw_art(pdf, face, lay, colour)
    _stats(pdf, face, lay)
    if lay.text is not None:
        panel(pdf, lay.text, WHITE, 2.0 * s)
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
    s = min(cut.w / DESIGN_W, cut.h / DESIGN_H)
    f = font_scale(s)
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
    text_at(pdf, Box(inner.x, cut.y + cut.h * 0.12, inner.w, 6.0 * s), back.label.upper(),
          shrink_to_fit(pdf, back.label.upper(), inner.w - 2 * s, 9.0 * f, "B"), "B", on(colour), "C")
    text_at(pdf, Box(inner.x, cut.y + cut.h * 0.68, inner.w, 8.0 * s), back.title,
          shrink_to_fit(pdf, back.title, inner.w - 2 * s, 14.0 * f, "B"), "B", on(colour), "C")
    if label:
        text_at(pdf, Box(inner.x, inner.bottom - 6.0 * s, inner.w, 4.0 * s), label,
              shrink_to_fit(pdf, label, inner.w - 2 * s, 5.0 * f), "", mix(colour, on(colour), 0.7), "C")


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
    pdf = IconPDF(plan.icons, unit="mm", format=(page.w, page.h))
    setup(pdf)
    pdf.set_title("Print-and-play cards")
    pdf.set_creator("rulecraft print")
    label, bleed = plan.options.footer, plan.options.bleed
    by_page: list[list[Placed]] = [[] for _ in range(plan.pages)]
    for placed in plan.placed:
        by_page[placed.page].append(placed)
    for number, page_placed in enumerate(by_page):
        pdf.add_page()
        if not plan.options.backs or number % 2 == 0:
            crop_marks(pdf, plan.page_grids[number])
        for placed in page_placed:
            if isinstance(placed.side, Back):
                draw_back(pdf, placed.side, placed.cut, bleed, label)
            elif placed.layout is not None and placed.fitted is not None:
                draw_face(pdf, placed.side, placed.layout, placed.fitted, bleed, label)
    return bytes(pdf.output())


def write_sheets(printed: list[Card], out: Path | None, options: SheetOptions,
                 icons: Icons | None = None) -> tuple[Plan, bytes]:
    """Plan and render ``printed`` with ``icons``; write the PDF to ``out`` when given. Returns the plan and
    the PDF."""
    plan = plan_sheets(printed, options, icons)
    document = render(plan)
    if out is not None:
        out.write_bytes(document)
    return plan, document
