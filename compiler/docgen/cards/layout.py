"""Generate: the geometry of print-and-play sheets for any game, in millimetres, before anything is drawn.

Each layer is a pure function of its inputs, so a test can check it without pixels: ``sheet_grid``
places cards on the paper (as many columns and rows as fit with their bleed, centred, with room for
crop marks), ``item_grid`` the same for an item of its own size (a mat, a token); ``Grid.cut``
gives a slot's cut line on a front page or, mirrored for the printer's duplex flip (long edge: left
to right; short edge: top to bottom), on its back page;
``face_layout`` divides a card into band, title, price, art, stat chips, text box and footer,
scaled from the poker-size design to any card size; ``fit`` sets a face's title and body in the
largest font that fits its boxes and reports what does not; ``settle`` gives the art what the text
does not need.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.docgen.cards.model import Face
from rulecraft.compiler.docgen.plaintext import one_line

if TYPE_CHECKING:   # fpdf2 is the docs extra: the CLI reads the sizes below without it
    from fpdf import FPDF

CARD_SIZES = {"poker": (63.0, 88.0), "mini": (41.0, 63.0)}   # mini: the "Mini American" size
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
FLIPS = ("long", "short")   # the edge a duplex printer turns the sheet over
DEFAULT_BLEED = 1.5   # mm: 3 x 3 poker cards still fit on Letter
MIN_MARGIN = 3.0      # between the outermost bleed and the paper's edge: the crop marks' room
MAX_BLEED = 6.0
DESIGN_W, DESIGN_H = CARD_SIZES["poker"]   # every face measure below is for this size, then scaled
SAFE = 3.0            # the cut may wander this far in: nothing that matters is printed there
BAND_H, TITLE_H = 3.6, 6.4
ART_H, STATS_H = 20.0, 10.5
FOOTER_H = 4.2
GAP = 1.2
TEXT_PAD = 1.4
TITLE_SIZE, TITLE_MIN = 11.0, 6.5
MARKER_W = 2.2        # room after a title for the designed-value marker
TEXT_SIZES = (8.5, 8.0, 7.5, 7.0, 6.5, 6.0)   # largest first: the body gets the largest that fits
MIN_TEXT_LINES = 3
LEADING = 1.22        # line height over font size
PT = 25.4 / 72        # millimetres per point
ENCODING = "windows-1252"


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Box:
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.bottom <= self.bottom + tolerance)


@dataclass(frozen=True, slots=True)
class Grid:
    """Where the cards of one page go: the cut boxes of ``columns`` x ``rows`` slots, centred."""

    page: Box
    card_w: float
    card_h: float
    bleed: float
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return self.card_w + 2 * self.bleed, self.card_h + 2 * self.bleed

    @property
    def area(self) -> Box:
        """Every card's bleed together: the rest of the page is margin, where the crop marks go."""
        pitch_w, pitch_h = self.pitch
        w, h = self.columns * pitch_w, self.rows * pitch_h
        return Box((self.page.w - w) / 2, (self.page.h - h) / 2, w, h)

    def cut(self, slot: int, back: bool = False, flip: str = "long") -> Box:
        """The cut line of ``slot`` (row by row). On a back page the grid is mirrored across the edge
        the sheet turns over, so each back lies behind its front: columns run right to left for a
        long-edge flip, rows bottom to top for a short-edge one (the grid is centred, so a mirrored
        slot is the mirrored position)."""
        row, column = divmod(slot, self.columns)
        if back and flip == "long":
            column = self.columns - 1 - column
        elif back:
            row = self.rows - 1 - row
        pitch_w, pitch_h = self.pitch
        area = self.area
        return Box(area.x + column * pitch_w + self.bleed, area.y + row * pitch_h + self.bleed,
                   self.card_w, self.card_h)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x of every vertical and the y of every horizontal cut line (both edges of each card)."""
        xs = sorted({x for slot in range(self.columns) for x in (self.cut(slot).x, self.cut(slot).right)})
        ys = sorted({y for slot in range(0, self.per_page, self.columns)
                     for y in (self.cut(slot).y, self.cut(slot).bottom)})
        return xs, ys


def sheet_grid(card: str, paper: str, bleed: float) -> Grid:
    """The most cards of size ``card`` that fit on ``paper`` with ``bleed`` around each and MIN_MARGIN
    around them all. ValueError when not even one does."""
    return item_grid(f"{card} card", *CARD_SIZES[card], paper, bleed)


def item_grid(name: str, card_w: float, card_h: float, paper: str, bleed: float) -> Grid:
    """``sheet_grid`` for an item of any size (``model.Size``: a mat, a token), named ``name`` in the
    refusal when not even one fits."""
    page_w, page_h = PAPERS[paper]
    if not 0 <= bleed <= MAX_BLEED:
        raise ValueError(f"bleed must be between 0 and {MAX_BLEED:g} mm, not {bleed:g}")
    columns = int((page_w - 2 * MIN_MARGIN) // (card_w + 2 * bleed))
    rows = int((page_h - 2 * MIN_MARGIN) // (card_h + 2 * bleed))
    if columns < 1 or rows < 1:
        raise ValueError(f"a {name} ({card_w:g} x {card_h:g} mm) with {bleed:g} mm bleed does not fit on "
                         f"{paper} paper")
    return Grid(Box(0, 0, page_w, page_h), card_w, card_h, bleed, columns, rows)


@dataclass(frozen=True, slots=True)
class FaceLayout:
    """The boxes of one face inside its cut box ``cut``; ``scale`` turns design sizes into this size's."""

    cut: Box
    scale: float
    font: float      # what turns design font sizes into this size's (see font_scale)
    safe: Box
    band: Box
    title: Box
    cost: Box
    art: Box | None
    stats: Box | None
    text: Box | None
    footer: Box

    def boxes(self) -> list[Box]:
        return [b for b in (self.safe, self.band, self.title, self.cost, self.art, self.stats, self.text,
                            self.footer) if b is not None]


def font_scale(scale: float) -> float:
    """Fonts shrink less than the card: a mini card (scale 0.65) sets its text at 0.8 of the poker
    sizes, its body at 6.8 pt rather than an unreadable 5.5, and the text box check still holds."""
    return scale ** 0.5


def face_layout(face: Face, cut: Box) -> FaceLayout:
    """Band and title on top, price at the title's right, then art and chips; the body text takes the
    rest down to the footer (or, with no text, the art does: no card has an empty lower half)."""
    s = min(cut.w / DESIGN_W, cut.h / DESIGN_H)
    safe = cut.inset(SAFE * s)
    band = Box(safe.x, safe.y, safe.w, BAND_H * s)
    cost_w = (7.0 * len(face.cost) + 1.0) * s if face.cost else 0.0
    title = Box(safe.x, band.bottom, safe.w - cost_w, TITLE_H * s)
    cost = Box(title.right, safe.y, cost_w, (BAND_H + TITLE_H) * s)
    footer = Box(safe.x, safe.bottom - FOOTER_H * s, safe.w, FOOTER_H * s)
    y = title.bottom + GAP * s
    stats_h = STATS_H * s if face.stats else 0.0
    room = footer.y - GAP * s - y     # what art, chips and text share
    art = stats = text = None
    art_h = 0.0
    if face.art is not None:
        art_h = ART_H * s if face.text else room - (stats_h + GAP * s if stats_h else 0.0)
        art = Box(safe.x, y, safe.w, art_h)
        y += art_h + GAP * s
    if stats_h:
        stats = Box(safe.x, y, safe.w, stats_h)
        y += stats_h + GAP * s
    if face.text or face.art is None:
        text = Box(safe.x, y, safe.w, footer.y - GAP * s - y)
    return FaceLayout(cut, s, font_scale(s), safe, band, title, cost, art, stats, text, footer)


def settle(layout: FaceLayout, fitted: Fitted) -> FaceLayout:
    """Give the art what the text box does not need (keeping room for MIN_TEXT_LINES): a short text
    gets a small box and a large picture instead of an empty lower half."""
    if layout.art is None or layout.text is None or not fitted.lines:
        return layout
    s = layout.scale
    needed = max(len(fitted.lines), MIN_TEXT_LINES) * line_height(fitted.text_size) + 2 * TEXT_PAD * s
    spare = layout.text.h - needed
    if spare <= 0:
        return layout
    art = Box(layout.art.x, layout.art.y, layout.art.w, layout.art.h + spare)
    stats = None if layout.stats is None else Box(layout.stats.x, layout.stats.y + spare, layout.stats.w,
                                                   layout.stats.h)
    text = Box(layout.text.x, layout.text.y + spare, layout.text.w, needed)
    return replace(layout, art=art, stats=stats, text=text)


def printable(text: str) -> str:
    """Text the core fonts can set: line breaks kept, every other line of it made plain (``one_line``),
    characters outside Windows-1252 replaced."""
    text = "\n".join(one_line(line) for line in text.split("\n"))
    return text.encode(ENCODING, "replace").decode(ENCODING)


def line_height(size: float) -> float:
    return size * PT * LEADING


@dataclass(frozen=True, slots=True)
class Fitted:
    """How a face's text is set: title size, body size and lines, and what did not fit."""

    title_size: float
    text_size: float
    lines: list[str]
    problems: list[Diagnostic]


def measurer() -> FPDF:
    """An FPDF with a page, only to measure text with the fonts the sheets use."""
    from fpdf import FPDF

    pdf = FPDF(unit="mm")
    setup(pdf)
    pdf.add_page()
    return pdf


def setup(pdf: FPDF) -> None:
    """The settings measuring and drawing share: Windows-1252 core fonts, no page breaks, and no cell
    padding (a box's inner width is the width text may take)."""
    pdf.core_fonts_encoding = ENCODING
    pdf.set_auto_page_break(False)
    pdf.c_margin = 0


def _problem(face: Face, message: str, path: tuple, hint: str) -> Diagnostic:
    if face.entity is not None:
        return face.entity.diagnostic(codes.CARD_TEXT_OVERFLOW, message, path, hint=hint)
    return Diagnostic(codes.CARD_TEXT_OVERFLOW, message, hint=hint)


def wrap(pdf: FPDF, text: str, width: float, size: float) -> list[str]:
    from fpdf.enums import MethodReturnValue

    pdf.set_font("helvetica", size=size)
    lines = cast(list[str], pdf.multi_cell(width, line_height(size), printable(text), dry_run=True,
                                           output=MethodReturnValue.LINES))
    return [line.encode("latin-1").decode(ENCODING) for line in lines]  # fpdf2 returns its own encoding


def fit(pdf: FPDF, face: Face, layout: FaceLayout) -> Fitted:
    """The title shrunk down to TITLE_MIN if it must; the body in the largest of TEXT_SIZES whose lines
    fit the text box; what fits at no size is a ``card-text-overflow`` at the field it came from."""
    problems = []
    s, f = layout.scale, layout.font
    title = printable(face.title)
    width = layout.title.w - (MARKER_W * s if face.footnote else 0.0)   # the marker follows the title
    title_size = TITLE_SIZE * f
    pdf.set_font("helvetica", "B", title_size)
    while pdf.get_string_width(title) > width and title_size > TITLE_MIN * f:
        title_size = max(title_size - 0.5 * f, TITLE_MIN * f)
        pdf.set_font("helvetica", "B", title_size)
    if pdf.get_string_width(title) > width:
        message = (f"the title '{face.title}' is too wide for a card even at {TITLE_MIN * f:.3g} pt "
                   f"({face.band})")
        problems.append(_problem(face, message, face.title_path, "shorten the name"))
    if not face.text or layout.text is None:
        return Fitted(title_size, TEXT_SIZES[0] * f, [], problems)
    inner = layout.text.inset(TEXT_PAD * s)
    for size in (size * f for size in TEXT_SIZES):
        lines = wrap(pdf, face.text, inner.w, size)
        room = int(inner.h // line_height(size))
        if len(lines) <= room:
            return Fitted(title_size, size, lines, problems)
    problems.append(_problem(face, f"the text of card '{face.title}' needs {len(lines)} lines at "
                             f"{size:.3g} pt; the card has room for {room} ({face.band})",
                             face.text_path, "shorten the ability or its hand-written `text`"))
    kept = lines[:room]
    if kept:
        kept[-1] = kept[-1].rstrip()[:-1] + "..."
    return Fitted(title_size, size, kept, problems)
