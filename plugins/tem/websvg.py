"""Show: Tiny Epic Mechs' arena as SVG for the browser board (``rulecraft.plugins.tem.web``), drawn from a
seat's view: each zone with its value and what it pays, the Bases in their owners' colours, walls hatched
(T6), Mines and Turrets (an enemy Mine's number is secret, T16: the view has none), the Mighty Mech, and
every pilot with its status and health.

The zones look as on the docs site's arena pictures (``rulecraft.plugins.tem.docgen.svg``: its fills, its
hatch), so the rules' pictures and the game's board agree. Every slot of the arena is the click target
``cell-r<row>c<col>`` (the engine's name of it, ``reasons.cell_name``), the free Mighty Mech ``mech``.
Built with the shared components' ``tag``, which escapes every text.
"""

from __future__ import annotations

from typing import Any

from rulecraft.compiler.docgen.plaintext import one_line
from rulecraft.plugins.tem.board import SHORT_STATUS
from rulecraft.plugins.tem.docgen.svg import CELLS
from rulecraft.plugins.tem.model import BASE_ZONE, MECH_ZONE, RESOURCE_ZONE, Ruleset
from rulecraft.plugins.tem.reasons import ICONS, STATUS, label
from rulecraft.runtime.web.components import Markup, tag

CELL = 84
MARGIN = 24
LETTERS = {RESOURCE_ZONE: "R", BASE_ZONE: "B", MECH_ZONE: "M"}     # a slot's kind -> the docs' letter
HATCH = Markup('<defs><pattern id="tem-wall" width="8" height="8" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><rect width="8" height="8" fill="#eee"/>'
               '<line x1="0" y1="0" x2="0" y2="8" stroke="#bbb" stroke-width="3"/></pattern></defs>')


def clean(value: object) -> str:
    """Pack or state text on one line, without control characters (XML forbids them); ``tag`` escapes it."""
    return one_line(value)


def seat_colour(seat: int) -> str:
    """A seat's colour, the page's (``table.css``: ``--seat-N``), so the arena matches the tracks."""
    return f"var(--seat-{seat % 6})"


def text_at(x: float, y: float, words: object, size: int, **style: object) -> Markup:
    return tag("text", clean(words), x=str(x), y=str(y), font_size=str(size), **style)


class Arena:
    """The arena of one game's player count; :meth:`svg` draws a view of it."""

    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset = ruleset
        arena = ruleset.arena_for(players)
        self.rows, self.cols, self.slots = arena.rows, arena.cols, arena.slots

    def svg(self, state: dict[str, Any]) -> Markup:
        width, height = self.cols * CELL + 2 * MARGIN, self.rows * CELL + 2 * MARGIN
        parts: list[object] = [tag("title", "The arena, north at the top"), HATCH]
        parts += [text_at(MARGIN + c * CELL + CELL / 2, MARGIN - 8, chr(ord("A") + c), 13,
                          text_anchor="middle") for c in range(self.cols)]
        for r in range(self.rows):
            parts.append(text_at(MARGIN / 2, MARGIN + r * CELL + CELL / 2 + 4, r + 1, 13,
                                 text_anchor="middle"))
            parts += [self.cell(state, r, c) for c in range(self.cols)]
        return tag("svg", *parts, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width} {height}",
                   width=str(width), height=str(height), role="img", class_="arena",
                   aria_label="the arena, north at the top", font_family="sans-serif")

    def cell(self, state: dict[str, Any], r: int, c: int) -> Markup:
        left, top, name = MARGIN + c * CELL, MARGIN + r * CELL, f"r{r}c{c}"
        slot = self.slots[r * self.cols + c]
        if slot is None:
            return tag("rect", x=str(left), y=str(top), width=str(CELL), height=str(CELL),
                       fill="url(#tem-wall)")
        kind, fill, ink = CELLS.get(LETTERS.get(slot, ""), (slot, "#fff", "#333"))
        zone = self.ruleset.zones.get(state["zones"].get(name, ""))
        where = label(self.cols, name)
        box = {"x": str(left + 2), "y": str(top + 2), "width": str(CELL - 4), "height": str(CELL - 4),
               "rx": "5", "fill": fill}
        if zone is None:      # a slot no zone fills yet: a Base slot before the Bases are placed (T5)
            words = f"{where}: {kind}"
            return tag("g", tag("rect", tag("title", words), stroke="#555", stroke_dasharray="4 3", **box),
                       text_at(left + CELL / 2, top + CELL / 2 + 4, kind, 11, fill=ink, text_anchor="middle"),
                       data_target=f"cell-{name}", aria_label=clean(words))
        owner = next((p["seat"] for p in state["players"] if p["colour"] == zone.colour), None)
        stroke = seat_colour(owner) if zone.kind == BASE_ZONE and owner is not None else "#555"
        icons = "".join(ICONS.get(res, res) for res in zone.resources)
        words = "; ".join([f"{where}: {zone.name}, value {zone.value}", *self.contents(state, name, r, c)])
        return tag("g", tag("rect", tag("title", clean(words)), stroke=stroke,
                            stroke_width="4" if zone.kind == BASE_ZONE else "1.5", **box),
                   text_at(left + 8, top + 20, f"{zone.value}{icons}", 15, font_weight="bold", fill=ink),
                   text_at(left + 8, top + 33, kind.split()[0].upper(), 9, fill=ink)
                   if zone.kind != RESOURCE_ZONE else "",
                   text_at(left + CELL - 7, top + CELL - 7, where, 9, fill="#777", text_anchor="end"),
                   self.token(state, name, left, top), self.units(state, name, r, c),
                   data_target=f"cell-{name}", aria_label=clean(words))

    def contents(self, state: dict[str, Any], name: str, r: int, c: int) -> list[str]:
        """What stands on a cell, in words (its tooltip)."""
        words = []
        token = state["tokens"].get(name)
        if token is not None:
            owner = state["players"][token["owner"]]["colour"]
            what = "a Turret" if token["kind"] == "turret" else \
                f"Mine {token['number']}" if token.get("number") is not None else "a Mine (its number secret)"
            words.append(f"{owner}'s {what}")
        if state["mech"]["cell"] == name and state["mech"]["controller"] is None:
            words.append("the Mighty Mech")
        words += [f"{p['colour']} ({STATUS.get(p['status'], p['status'])}, {p['health']} health)"
                  for p in state["players"] if p["pos"] == r * self.cols + c]
        return words

    def token(self, state: dict[str, Any], name: str, left: int, top: int) -> Markup | str:
        token = state["tokens"].get(name)
        if token is None:
            return ""
        colour = seat_colour(token["owner"])
        x, y = left + CELL - 20, top + 20
        if token["kind"] == "turret":
            return tag("g", tag("path", d=f"M{x},{y - 12} l11,20 h-22 z", fill=colour, stroke="#222"),
                       text_at(x, y + 5, "T", 9, fill="#fff", text_anchor="middle"))
        number = token.get("number")
        return tag("g", tag("circle", cx=str(x), cy=str(y), r="11", fill=colour, stroke="#222"),
                   text_at(x, y + 4, "?" if number is None else number, 11, font_weight="bold", fill="#fff",
                           text_anchor="middle"))

    def units(self, state: dict[str, Any], name: str, r: int, c: int) -> Markup:
        """The Mighty Mech when no one controls it (the target ``mech`` of taking it), and each pilot
        here: colour, status, health."""
        left, top = MARGIN + c * CELL, MARGIN + r * CELL
        parts: list[object] = []
        if state["mech"]["cell"] == name and state["mech"]["controller"] is None:
            parts.append(tag("g", tag("rect", x=str(left + 30), y=str(top + 48), width="30", height="18",
                                      rx="3", fill="#9d4edd"),
                             text_at(left + 45, top + 61, "MM", 11, fill="#fff", text_anchor="middle"),
                             data_target="mech", aria_label="the Mighty Mech"))
        here = [p for p in state["players"] if p["pos"] == r * self.cols + c]
        for k, p in enumerate(here):
            x, y = left + 14 + k * 18, top + CELL - 26
            parts += [tag("circle", cx=str(x), cy=str(y), r="8", fill=seat_colour(p["seat"]), stroke="#222"),
                      text_at(x, y + 17, f"{SHORT_STATUS.get(p['status'], '')}{p['health']}", 8,
                              text_anchor="middle")]
        return tag("g", *parts)
