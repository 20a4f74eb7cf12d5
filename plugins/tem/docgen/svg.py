"""Generate: arenas drawn as SVG, from an arena entity's ``layout`` rows.

A layout row lists cells west to east separated by spaces (``R`` Resource zone, ``B`` Base slot, ``M``
the Mech Zone, ``.`` no zone: a wall, RULINGS T6); north is the first row. The drawing is plain SVG with
a title and description so that it reads in a browser, in print and for screen readers.
"""

from __future__ import annotations

from html import escape

from rulecraft.compiler.docgen.plaintext import one_line

CELL = 56
MARGIN = 28

# letter -> (label, fill, text colour); anything else is drawn as an unknown cell with its letter
CELLS = {
    "R": ("Resource zone", "#f3efe6", "#333"),
    "B": ("Base slot", "#a8dadc", "#1d3557"),
    "M": ("Mech Zone", "#f4a261", "#222"),
}
WALL = "."


def rows(layout: list[str]) -> list[list[str]]:
    return [row.split() for row in layout]


def arena_svg(name: str, layout: list[str]) -> str:
    """An SVG picture of one arena: zones as cards, walls hatched, north marked."""
    name = one_line(name)  # XML forbids control characters and rewrites carriage returns
    grid = rows(layout)
    width = max(len(r) for r in grid) * CELL + 2 * MARGIN
    height = len(grid) * CELL + 2 * MARGIN
    counts = {letter: sum(r.count(letter) for r in grid) for letter in CELLS}
    summary = ", ".join(f"{n} {CELLS[k][0]}{'s' if n != 1 else ''}" for k, n in counts.items() if n)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-labelledby="title desc" font-family="sans-serif">',
        f'<title id="title">{escape(name)}</title>',
        f'<desc id="desc">{len(grid)} rows, north at the top: {escape(summary)}. '
        'Hatched cells are walls.</desc>',
        '<defs><pattern id="wall" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="8" height="8" fill="#eee"/>'
        '<line x1="0" y1="0" x2="0" y2="8" stroke="#bbb" stroke-width="3"/></pattern></defs>',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    for y, row in enumerate(grid):
        for x, letter in enumerate(row):
            left, top = MARGIN + x * CELL, MARGIN + y * CELL
            if letter == WALL:
                out.append(f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="url(#wall)"/>')
                continue
            label, fill, ink = CELLS.get(letter, (letter, "#ffffff", "#c1121f"))
            out.append(f'<rect x="{left + 2}" y="{top + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="5" '
                       f'fill="{fill}" stroke="#555" stroke-width="1.5">'
                       f'<title>{escape(label)}</title></rect>')
            out.append(f'<text x="{left + CELL / 2}" y="{top + CELL / 2 + 6}" font-size="17" '
                       f'font-weight="bold" text-anchor="middle" fill="{ink}">{escape(letter)}</text>')
    middle = width / 2
    out.append(f'<path d="M{middle},4 l-7,14 h14 z" fill="#1d3557"/>')
    out.append(f'<text x="{middle + 12}" y="17" font-size="13" font-weight="bold">N</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
