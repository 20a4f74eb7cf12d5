"""Generate: a map layout drawn as SVG for the rules site, from a layout entity's slots and coast ring.

Which card lands on which slot is drawn at setup (Q2), so the picture shows the slots, not cards: the
centre cross, the castle corners and the outer slots, each numbered in deal order, and the coast ring
(Q6) as a dashed loop through the coastal slots with each one's place on it. Plain SVG with a title and
a description, so it reads in a browser, in print and for screen readers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from rulecraft.compiler.docgen.plaintext import one_line

CARD = 84           # a slot's size, in px
GAP = 8             # between slots
MARGIN = 24
GROUPS = {          # layout field -> (label of the n-th slot, fill, text colour)
    "centre": ("centre {n}", "#e9f5db", "#1b4332"),
    "corners": ("castle {n}", "#ffd6a5", "#5a3e00"),
    "outer": ("outer {n}", "#f1f3f5", "#333"),
}


def _slots(data: Mapping[str, Any]) -> list[tuple[tuple[int, int], str, str, str]]:
    """Every slot as (position, label, fill, text colour), in deal order (the outer ones after the centre's
    numbers, as Q2 deals them)."""
    out = []
    for group, (label, fill, ink) in GROUPS.items():
        offset = len(data.get("centre", ())) if group == "outer" else 0
        for n, pos in enumerate(data.get(group, ()), start=1):
            out.append(((int(pos[0]), int(pos[1])), label.format(n=n + offset), fill, ink))
    return out


def layout_svg(name: str, data: Mapping[str, Any]) -> str:
    """An SVG picture of one layout: its slots, and its coast ring clockwise."""
    name = one_line(name)   # XML forbids control characters
    slots = _slots(data)
    coast: Sequence[tuple[int, int]] = [(int(p[0]), int(p[1])) for p in data.get("coast", ())]
    spots = [pos for pos, *_ in slots] + list(coast)
    if not spots:
        spots = [(0, 0)]
    left, top = min(x for x, _ in spots), min(y for _, y in spots)
    columns = max(x for x, _ in spots) - left + 1
    rows = max(y for _, y in spots) - top + 1
    width, height = 2 * MARGIN + columns * (CARD + GAP), 2 * MARGIN + rows * (CARD + GAP)

    def corner(pos: tuple[int, int]) -> tuple[int, int]:
        return MARGIN + (pos[0] - left) * (CARD + GAP), MARGIN + (pos[1] - top) * (CARD + GAP)

    def centre(pos: tuple[int, int]) -> tuple[int, int]:
        x, y = corner(pos)
        return x + CARD // 2, y + CARD // 2

    desc = (f"{len(slots)} slots: {len(data.get('centre', ()))} in the centre cross, "
            f"{len(data.get('corners', ()))} castle corners, {len(data.get('outer', ()))} outer; "
            f"{len(coast)} of them on the coast ring, numbered clockwise.")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" role="img" aria-labelledby="title desc" font-family="sans-serif">',
           f'<title id="title">{escape(name)}</title>', f'<desc id="desc">{escape(desc)}</desc>']
    for pos, label, fill, ink in slots:
        x, y = corner(pos)
        out += [f'<rect x="{x}" y="{y}" width="{CARD}" height="{CARD}" rx="6" fill="{fill}" stroke="#555"/>',
                f'<text x="{x + CARD // 2}" y="{y + CARD // 2 - 4}" text-anchor="middle" font-size="13" '
                f'fill="{ink}">{escape(label)}</text>',
                f'<text x="{x + CARD // 2}" y="{y + CARD // 2 + 14}" text-anchor="middle" font-size="11" '
                f'fill="#666">({pos[0]}, {pos[1]})</text>']
    if coast:
        points = " ".join(f"{cx},{cy}" for cx, cy in (centre(p) for p in coast))
        out.append(f'<polygon points="{points}" fill="none" stroke="#1971c2" stroke-width="2" '
                   'stroke-dasharray="6 4"/>')
        for place, pos in enumerate(coast, start=1):
            x, y = corner(pos)
            out += [f'<circle cx="{x + 14}" cy="{y + 14}" r="10" fill="#1971c2"/>',
                    f'<text x="{x + 14}" y="{y + 18}" text-anchor="middle" font-size="11" '
                    f'fill="#fff">{place}</text>']
    out.append("</svg>")
    return "\n".join(out) + "\n"
