"""Generate: PNG previews of any game's card sheet PDF, one file per page, rendered by pdfium (pypdfium2).

pypdfium2's wheel ships pdfium itself, so a preview needs no system package; the renderer is a
real PDF engine, so the PNG shows what a printer will get (fonts, clipping, dash patterns).
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2  # type: ignore[import-untyped]  # no stubs or py.typed marker

PREVIEW_DPI = 100


def page_images(document: bytes, dpi: int = PREVIEW_DPI) -> list:
    """Every page of ``document`` as a PIL image at ``dpi``."""
    pdf = pypdfium2.PdfDocument(document)
    try:
        return [page.render(scale=dpi / 72).to_pil() for page in pdf]
    finally:
        pdf.close()


def write_previews(document: bytes, folder: Path, dpi: int = PREVIEW_DPI) -> list[Path]:
    """Write ``page-001.png``, ``page-002.png``, ... into ``folder``; returns the files written."""
    written = []
    for number, image in enumerate(page_images(document, dpi), start=1):
        path = folder / f"page-{number:03d}.png"
        image.save(path)
        written.append(path)
    return written
