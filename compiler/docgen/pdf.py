"""Generate: print-and-play card sheets as PDF, with cut marks and a text-fit check.

Cards are poker size (63 x 88 mm), nine to a page in a 3 x 3 grid on A4 or Letter, with crop marks
in the margins at every cut line. Body text that would overflow its box is cut short on the sheet
and reported as a ``card-text-overflow`` diagnostic at the entry (and field) it came from.
fpdf2 (pure Python) writes the file; its core fonts cover Windows-1252, so text outside it is
replaced rather than crashing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import MethodReturnValue

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.docgen.cards import Card
from rulecraft.compiler.docgen.plaintext import one_line

CARD_W, CARD_H = 63.0, 88.0
COLUMNS, ROWS = 3, 3
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAD = 3.5
BAND_H = 7.0
TITLE_H = 7.0
TITLE_SIZE, TITLE_MIN = 11.0, 7.0
STAT_H = 4.2
FOOTER_H = 5.0
TEXT_SIZE = 8.0
LINE_H = 3.6
MARK = 5.0  # length of a crop mark
ENCODING = "windows-1252"


@dataclass(frozen=True, slots=True)
class Sheet:
    pages: int
    cards: int
    diagnostics: list[Diagnostic]


def printable(text: str) -> str:
    """Text the core fonts can set: line breaks kept, every other line of it made plain (``one_line``),
    characters outside Windows-1252 replaced."""
    text = "\n".join(one_line(line) for line in text.split("\n"))
    return text.encode(ENCODING, "replace").decode(ENCODING)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def text_box_height(card: Card) -> float:
    return CARD_H - BAND_H - TITLE_H - STAT_H * len(card.stats) - FOOTER_H - 2 * PAD


@dataclass(frozen=True, slots=True)
class Fitted:
    """How a card's text is set: the title's font size, the body lines that fit, what did not."""

    title_size: float
    lines: list[str]
    problems: list[Diagnostic]


def _problem(card: Card, message: str, path: tuple, hint: str) -> Diagnostic:
    if card.entity is not None:
        return card.entity.diagnostic(codes.CARD_TEXT_OVERFLOW, message, path, hint=hint)
    return Diagnostic(codes.CARD_TEXT_OVERFLOW, message, hint=hint)


def fit(pdf: FPDF, card: Card) -> Fitted:
    """Set the card's title (shrunk down to TITLE_MIN if it must) and body; report what overflows."""
    problems = []
    width = CARD_W - 2 * PAD
    title_size = TITLE_SIZE
    pdf.set_font("helvetica", "B", title_size)
    while pdf.get_string_width(printable(card.title)) > width and title_size > TITLE_MIN:
        title_size -= 0.5
        pdf.set_font("helvetica", "B", title_size)
    if pdf.get_string_width(printable(card.title)) > width:
        message = f"the title '{card.title}' is too wide for a card even at {TITLE_MIN:g} pt ({card.band})"
        problems.append(_problem(card, message, card.title_path, "shorten the name"))
    if not card.text:
        return Fitted(title_size, [], problems)
    pdf.set_font("helvetica", size=TEXT_SIZE)
    lines = [line.encode("latin-1").decode(ENCODING)  # fpdf2 returns its own encoded form
             for line in pdf.multi_cell(width, LINE_H, printable(card.text), dry_run=True,
                                        output=MethodReturnValue.LINES)]
    room = int(text_box_height(card) // LINE_H)
    if len(lines) <= room:
        return Fitted(title_size, lines, problems)
    problems.append(_problem(card, f"the text of card '{card.title}' needs {len(lines)} lines; the card has "
                             f"room for {room} ({card.band})", card.text_path,
                             "shorten the ability or its hand-written `text`"))
    kept = lines[:room]
    if kept:
        kept[-1] = kept[-1].rstrip()[:-1] + "..."
    return Fitted(title_size, kept, problems)


def _crop_marks(pdf: FPDF, left: float, top: float) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    right, bottom = left + COLUMNS * CARD_W, top + ROWS * CARD_H
    for i in range(COLUMNS + 1):
        x = left + i * CARD_W
        pdf.line(x, top - 1 - MARK, x, top - 1)
        pdf.line(x, bottom + 1, x, bottom + 1 + MARK)
    for j in range(ROWS + 1):
        y = top + j * CARD_H
        pdf.line(left - 1 - MARK, y, left - 1, y)
        pdf.line(right + 1, y, right + 1 + MARK, y)


def _card(pdf: FPDF, card: Card, x: float, y: float, fitted: Fitted, footer: str) -> None:
    pdf.set_draw_color(190, 190, 190)
    pdf.set_line_width(0.1)
    pdf.rect(x, y, CARD_W, CARD_H)
    pdf.set_fill_color(*_rgb(card.colour))
    pdf.rect(x + PAD, y + PAD, CARD_W - 2 * PAD, BAND_H, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_font("helvetica", "B", 7)
    pdf.set_xy(x + PAD + 1, y + PAD)
    pdf.cell(CARD_W - 2 * PAD - 2, BAND_H, printable(card.band.upper()))
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("helvetica", "B", fitted.title_size)
    pdf.set_xy(x + PAD, y + PAD + BAND_H)
    pdf.cell(CARD_W - 2 * PAD, TITLE_H, printable(card.title))
    cursor = y + PAD + BAND_H + TITLE_H
    for stat in card.stats:
        pdf.set_xy(x + PAD, cursor)
        pdf.set_font("helvetica", "B", 8)
        pdf.cell(24, STAT_H, printable(stat.label))
        pdf.set_font("helvetica", "", 8)
        pdf.cell(CARD_W - 2 * PAD - 24, STAT_H, printable(stat.value + (" †" if stat.designed else "")))
        cursor += STAT_H
    pdf.set_font("helvetica", "", TEXT_SIZE)
    for line in fitted.lines:
        pdf.set_xy(x + PAD, cursor + 1)
        pdf.cell(CARD_W - 2 * PAD, LINE_H, line)
        cursor += LINE_H
    pdf.set_font("helvetica", "I", 6)
    pdf.set_text_color(90, 90, 90)
    pdf.set_xy(x + PAD, y + CARD_H - PAD - FOOTER_H + 1)
    legend = "   † designed value" if card.designed else ""
    pdf.cell(CARD_W - 2 * PAD, FOOTER_H - 1, printable(footer + legend))
    pdf.set_text_color(0, 0, 0)


def write_sheets(cards: list[Card], out: Path, paper: str = "a4", footer: str = "") -> Sheet:
    """Lay ``cards`` out on ``paper`` into ``out``; every card whose text overflows is a diagnostic."""
    page_w, page_h = PAPERS[paper]
    left = (page_w - COLUMNS * CARD_W) / 2
    top = (page_h - ROWS * CARD_H) / 2
    pdf = FPDF(unit="mm", format=(page_w, page_h))
    pdf.core_fonts_encoding = ENCODING
    pdf.set_auto_page_break(False)
    pdf.set_title("Print-and-play cards")
    pdf.set_creator("rulecraft print")
    problems: list[Diagnostic] = []
    per_page = COLUMNS * ROWS
    for index, card in enumerate(cards):
        if index % per_page == 0:
            pdf.add_page()
            _crop_marks(pdf, left, top)
        slot = index % per_page
        fitted = fit(pdf, card)
        problems += [p for p in fitted.problems if p not in problems]  # once per entry, not per copy
        _card(pdf, card, left + (slot % COLUMNS) * CARD_W, top + (slot // COLUMNS) * CARD_H, fitted, footer)
    pdf.output(str(out))
    return Sheet(pdf.pages_count, len(cards), problems)
