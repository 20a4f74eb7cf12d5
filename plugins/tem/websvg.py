"""Show: Tiny Epic Mechs' arena as SVG for the browser board (``rulecraft.plugins.tem.web``), drawn from a
seat's view: each zone with its value and what it pays, the Bases in their colours, walls hatched (T6),
Mines and Turrets (an enemy Mine's number is secret, T16: the view has none), the Mighty Mech, and every
pilot with its status and health.

The zones' look is the docs site's arena drawing's (``rulecraft.plugins.tem.docgen.svg``: the same
fills, the same hatch), so the rules' pictures and the game's board agree. Every cell with a zone is the
click target ``cell-r<row>c<col>`` (the engine's name of it, ``reasons.cell_name``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from rulecraft.compiler.docgen.plaintext import one_line
from rulecraft.plugins.tem.board import SHORT_STATUS
from rulecraft.plugins.tem.docgen.svg import CELLS
from rulecraft.plugins.tem.model import BASE_ZONE, MECH_ZONE, RESOURCE_ZONE, Ruleset
from rulecraft.plugins.tem.reasons import ICONS, STATUS, label

CELL = 84
MARGIN = 24
LETTERS = {RESOURCE_ZONE: "R", BASE_ZONE: "B", MECH_ZONE: "M"}     # the docs drawing's cell letters
SEAT_PALETTE = ("#d62828", "#1d4ed8", "#2a9d3f", "#e9b308", "#7a4fa0", "#c0692b")
WALL_PATTERN = ('<defs><pattern id="rc-tem-wall" width="8" height="8" patternUnits="userSpaceOnUse" '
                'patternTransform="rotate(45)"><rect width="8" height="8" fill="#eee"/>'
                '<line x1="0" y1="0" x2="0" y2="8" stroke="#bbb" stroke-width="3"/></pattern></defs>')


def text(value: object) -> str:
    """Pack or state text made safe for HTML and XML: one line, no control character, escaped."""
    return escape(one_line(value))


def colour_of(name: str | None, seat: int) -> str:
    """A player colour for CSS: its id when that is a plain word (``red``: a CSS colour name), else the
    seat's from a fixed palette (a pack's id is data, never written into a style as it is)."""
    if name and name.isascii() and name.isalpha():
        return name.lower()
    return SEAT_PALETTE[seat % len(SEAT_PALETTE)]


class Arena:
    """The arena of one game's player count; ``svg(state)`` draws a view of it."""

    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset = ruleset
        arena = ruleset.arena_for(players)
        self.rows, self.cols, self.slots = arena.rows, arena.cols, arena.slots

    def svg(self, state: dict[str, Any]) -> str:
        width, height = self.cols * CELL + 2 * MARGIN, self.rows * CELL + 2 * MARGIN
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
               f'height="{height}" role="img" aria-label="the arena, north at the top" '
               f'font-family="sans-serif">', "<title>The arena, north at the top</title>", WALL_PATTERN]
        for c in range(self.cols):
            out.append(f'<text x="{MARGIN + c * CELL + CELL / 2}" y="{MARGIN - 8}" font-size="13" '
                       f'text-anchor="middle">{chr(ord("A") + c)}</text>')
        for r in range(self.rows):
            out.append(f'<text x="{MARGIN / 2}" y="{MARGIN + r * CELL + CELL / 2 + 4}" font-size="13" '
                       f'text-anchor="middle">{r + 1}</text>')
            for c in range(self.cols):
                out.append(self.cell(state, r, c))
        out.append("</svg>")
        return "".join(out)

    def cell(self, state: dict[str, Any], r: int, c: int) -> str:
        left, top, name = MARGIN + c * CELL, MARGIN + r * CELL, f"r{r}c{c}"
        zid, slot = state["zones"].get(name), self.slots[r * self.cols + c]
        if slot is None:
            return f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="url(#rc-tem-wall)"/>'
        if zid is None or zid not in self.ruleset.zones:
            return self.slot(name, slot, left, top)
        zone = self.ruleset.zones[zid]
        kind, fill, ink = CELLS.get(LETTERS.get(zone.kind, ""), (zone.kind, "#fff", "#333"))
        seat_of = {p["colour"]: p["seat"] for p in state["players"]}
        stroke = colour_of(zone.colour, seat_of.get(zone.colour or "", 0)) if zone.kind == BASE_ZONE else "#555"
        icons = "".join(ICONS.get(r, r) for r in zone.resources)
        where = label(self.cols, name)
        words = [f"{where}: {zone.name}, value {zone.value}", *self.contents(state, name, r * self.cols + c)]
        out = [f'<g data-target="cell-{name}" aria-label="{text("; ".join(words))}">',
               f'<rect x="{left + 2}" y="{top + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="5" '
               f'fill="{fill}" stroke="{stroke}" stroke-width="{4 if zone.kind == BASE_ZONE else 1.5}">'
               f"<title>{text('; '.join(words))}</title></rect>",
               f'<text x="{left + 8}" y="{top + 20}" font-size="15" font-weight="bold" fill="{ink}">'
               f"{zone.value}{text(icons)}</text>",
               f'<text x="{left + CELL - 7}" y="{top + CELL - 7}" font-size="9" fill="#777" '
               f'text-anchor="end">{where}</text>']
        if zone.kind != RESOURCE_ZONE:
            out.append(f'<text x="{left + 8}" y="{top + 33}" font-size="9" fill="{ink}">'
                       f"{text(kind.split()[0].upper())}</text>")
        out.append(self.token(state, name, left, top))
        out.append(self.units(state, name, r * self.cols + c, left, top))
        out.append("</g>")
        return "".join(out)

    def slot(self, name: str, slot: str, left: int, top: int) -> str:
        """A slot no zone fills yet (a Base slot before the Bases are placed, T5)."""
        kind, fill, ink = CELLS.get(LETTERS.get(slot, ""), (slot, "#fff", "#333"))
        words = f"{label(self.cols, name)}: {kind}"
        return (f'<g data-target="cell-{name}" aria-label="{text(words)}"><rect x="{left + 2}" y="{top + 2}" '
                f'width="{CELL - 4}" height="{CELL - 4}" rx="5" fill="{fill}" stroke="#555" '
                f'stroke-dasharray="4 3"><title>{text(words)}</title></rect><text x="{left + CELL / 2}" '
                f'y="{top + CELL / 2 + 4}" font-size="11" fill="{ink}" text-anchor="middle">{text(kind)}</text>'
                "</g>")

    def contents(self, state: dict[str, Any], name: str, cell: int) -> list[str]:
        """What stands on a cell, in words (its tooltip)."""
        words = []
        token = state["tokens"].get(name)
        if token is not None:
            owner = state["players"][token["owner"]]["colour"]
            what = "a Turret" if token["kind"] == "turret" else \
                f"Mine {token['number']}" if token.get("number") is not None else "a Mine (number secret)"
            words.append(f"{owner}'s {what}")
        if state["mech"]["cell"] == name and state["mech"]["controller"] is None:
            words.append("the Mighty Mech")
        words += [f"{p['colour']} ({STATUS.get(p['status'], p['status'])}, {p['health']} health)"
                  for p in state["players"] if p["pos"] == cell]
        return words

    def token(self, state: dict[str, Any], name: str, left: int, top: int) -> str:
        token = state["tokens"].get(name)
        if token is None:
            return ""
        owner = state["players"][token["owner"]]
        colour = colour_of(owner["colour"], owner["seat"])
        x, y = left + CELL - 20, top + 20
        if token["kind"] == "turret":
            return (f'<path d="M{x},{y - 12} l11,20 h-22 z" fill="{colour}" stroke="#222"/>'
                    f'<text x="{x}" y="{y + 5}" font-size="9" fill="#fff" text-anchor="middle">T</text>')
        number = token.get("number")
        return (f'<circle cx="{x}" cy="{y}" r="11" fill="{colour}" stroke="#222"/>'
                f'<text x="{x}" y="{y + 4}" font-size="11" font-weight="bold" fill="#fff" '
                f'text-anchor="middle">{"?" if number is None else text(number)}</text>')

    def units(self, state: dict[str, Any], name: str, cell: int, left: int, top: int) -> str:
        """The Mighty Mech when no one controls it, and each pilot here: colour, status, health."""
        out = []
        if state["mech"]["cell"] == name and state["mech"]["controller"] is None:
            out.append(f'<g data-target="mech"><rect x="{left + 30}" y="{top + 26}" width="30" height="18" '
                       f'rx="3" fill="#9d4edd"/><text x="{left + 45}" y="{top + 39}" font-size="11" '
                       f'fill="#fff" text-anchor="middle">MM</text></g>')
        here = [p for p in state["players"] if p["pos"] == cell]
        for k, p in enumerate(here):
            x, y = left + 16 + k * 18, top + CELL - 24
            mark = f"{SHORT_STATUS.get(p['status'], '')}{p['health']}"
            out.append(f'<circle cx="{x}" cy="{y}" r="9" fill="{colour_of(p["colour"], p["seat"])}" '
                       f'stroke="#222"/><text x="{x}" y="{y + 16}" font-size="8" text-anchor="middle">'
                       f"{text(mark)}</text>")
        return "".join(out)
