"""Generate: the drawing primitives and art panel of a print-and-play card face, for any game (fpdf2).

Text in a box (shrunk to fit its width where a value may be long) and rounded panels, shared by the
faces and backs in ``pdf``; and the art panel: an :class:`~rulecraft.compiler.docgen.cards.model.Emblem`
of icons is drawn here, any other art draws itself (a game's own pictures, ``model.Art``).
"""

from __future__ import annotations

from fpdf import FPDF

from rulecraft.compiler.docgen.cards.icons import INK, WHITE, Colour, draw_icon, icon_of, mix
from rulecraft.compiler.docgen.cards.layout import Box, FaceLayout, printable
from rulecraft.compiler.docgen.cards.model import Emblem, Face


def text_at(pdf: FPDF, box: Box, text: str, size: float, style: str = "", colour: Colour = INK,
          align: str = "L") -> None:
    pdf.set_font("helvetica", style, size)
    pdf.set_text_color(*colour)
    pdf.set_xy(box.x, box.y)
    pdf.cell(box.w, box.h, printable(text), align=align)


def shrink_to_fit(pdf: FPDF, text: str, width: float, size: float, style: str = "",
                  floor: float = 0.5) -> float:
    """The largest font size up to ``size`` at which ``text`` is at most ``width`` wide (at least
    ``floor`` x ``size``)."""
    least = size * floor
    pdf.set_font("helvetica", style, size)
    while pdf.get_string_width(printable(text)) > width and size > least:
        size -= 0.25
        pdf.set_font("helvetica", style, size)
    return size


def panel(pdf: FPDF, box: Box, fill: Colour, radius: float) -> None:
    pdf.set_fill_color(*fill)
    pdf.rect(box.x, box.y, box.w, box.h, style="F", round_corners=True, corner_radius=radius)


def text_width(pdf: FPDF, text: str, size: float, style: str = "") -> float:
    pdf.set_font("helvetica", style, size)
    return pdf.get_string_width(printable(text))


def draw_art(pdf: FPDF, face: Face, lay: FaceLayout, colour: Colour) -> None:
    box, s = lay.art, lay.scale
    if box is None or face.art is None:
        return
    panel(pdf, box, mix(colour, WHITE, 0.82), 2.0 * s)
    if face.caption:
        caption = Box(box.x, box.bottom - 5.0 * s, box.w, 4.0 * s)
        size = shrink_to_fit(pdf, face.caption, box.w - 2 * s, 7.0 * lay.font, "B")
        text_at(pdf, caption, face.caption, size, "B", mix(colour, INK, 0.3), "C")
        box = Box(box.x, box.y, box.w, box.h - 4.0 * s)
    if not isinstance(face.art, Emblem):
        face.art.draw(pdf, box, colour, lay)
    elif face.art.icons:
        icons = face.art.icons
        size = min(box.h * 0.72, box.w / len(icons) * 0.7, 26.0 * s)
        for i, icon in enumerate(icons):
            cx = box.x + box.w * (i + 0.5) / len(icons)
            draw_icon(pdf, icon, cx, box.y + box.h / 2, size,
                      mix(colour, INK, 0.15) if icon_of(pdf, icon).tinted else None)
