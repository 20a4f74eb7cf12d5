"""Generate: Tiny Epic Quest's own card art, each panel a ``model.Art`` that draws itself (fpdf2).

A map card's two regions with their features and capacities, its road and river run out to the card's
edges (Q3, Q5); a movement card's reach (Q5, the Ship's on the pack's own coast, Q6); a goblin's damage
steps (Q23); a player mat's health, power and spell tracks (Q24) with its legendary tracks (Q26) and the
heroes' item hands (Q25); the magic card's levels (Q18, Q32); the scoring ladders (Q29). Every word comes
in as data and is set with the shared sheet's ``text_at``, which makes it printable.
"""

from __future__ import annotations

from dataclasses import dataclass

from fpdf import FPDF

from rulecraft.compiler.docgen.cards.art import shrink_to_fit, text_at, text_width
from rulecraft.compiler.docgen.cards.icons import INK, WHITE, Colour, draw_icon, icon_of, mix
from rulecraft.compiler.docgen.cards.layout import Box, FaceLayout

Pos = tuple[int, int]
ROAD: Colour = (150, 112, 70)
RIVER: Colour = (64, 132, 206)
PAPER: Colour = (250, 247, 238)


def _label(pdf: FPDF, box: Box, text: str, size: float, style: str = "B", colour: Colour = INK,
           align: str = "C") -> None:
    """``text`` in ``box``, shrunk to its width."""
    text_at(pdf, box, text, shrink_to_fit(pdf, text, box.w, size, style, 0.45), style, colour, align)


def _space(pdf: FPDF, box: Box, fill: Colour, edge: Colour, radius: float) -> None:
    pdf.set_fill_color(*fill)
    pdf.set_draw_color(*edge)
    pdf.set_line_width(max(min(box.w, box.h) * 0.05, 0.15))
    pdf.rect(box.x, box.y, box.w, box.h, style="DF", round_corners=True, corner_radius=radius)


# --- map cards -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RegionArt:
    """One half of a map card: its feature's icon, its label, who may stand there (Q4), a temple's track, the
    icons of what a grotto does."""

    feature: str
    label: str
    capacity: str
    track: tuple[tuple[str, ...], ...] = ()
    effects: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MapArt:
    """A map card as the table sees it: the left and right regions, the river between them top to bottom and
    the road across them side to side (Q3), each run out to the card's cut edges so neighbours join up."""

    left: RegionArt
    right: RegionArt
    road: bool
    river: bool

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        s, cut, safe = layout.scale, layout.cut, layout.safe
        cx, width = box.x + box.w / 2, 3.2 * s
        road_y = box.bottom - max(box.h * 0.1, width)
        if self.river:
            pdf.set_fill_color(*RIVER)
            pdf.rect(cx - width / 2, box.y, width, box.h, style="F")
            for y0, y1 in ((cut.y, safe.y), (safe.bottom, cut.bottom)):     # the card's top and bottom edges
                pdf.rect(cx - width / 2, y0, width, y1 - y0, style="F")
        if self.road:
            pdf.set_fill_color(*ROAD)
            pdf.rect(box.x, road_y - width / 2, box.w, width, style="F")
            for x0, x1 in ((cut.x, safe.x), (safe.right, cut.right)):       # its left and right edges
                pdf.rect(x0, road_y - width / 2, x1 - x0, width, style="F")
            pdf.set_draw_color(*mix(ROAD, WHITE, 0.6))
            pdf.set_line_width(0.25 * s)
            pdf.set_dash_pattern(dash=1.2 * s, gap=1.0 * s)
            pdf.line(cut.x, road_y, cut.right, road_y)
            pdf.set_dash_pattern()
        half, high = box.w / 2 - width / 2 - 0.8 * s, road_y - width / 2 - 0.8 * s - box.y
        _region(pdf, self.left, Box(box.x + 0.4 * s, box.y, half, high), colour, s)
        _region(pdf, self.right, Box(cx + width / 2 + 0.4 * s, box.y, half, high), colour, s)


def _region(pdf: FPDF, region: RegionArt, box: Box, colour: Colour, s: float) -> None:
    """Icon, label, capacity and (a temple) its track, top to bottom, centred in the region's half."""
    gaps = len(region.track) * 0.6 * s
    side = min((box.w * 0.9 - gaps) / (len(region.track) + 1), 6.5 * s) if region.track else 0.0
    side = side or (5.5 * s if region.effects else 0.0)
    below = 0.6 * s + 3.4 * s + 3.6 * s + (side + 0.4 * s if side else 0.0)
    icon = min(box.h - below - 1.0 * s, box.w * 0.62, 24.0 * s)
    y = box.y + (box.h - icon - below) / 2
    draw_icon(pdf, region.feature, box.x + box.w / 2, y + icon / 2, icon, mix(colour, INK, 0.35))
    y += icon + 0.6 * s
    _label(pdf, Box(box.x, y, box.w, 3.4 * s), region.label, 6.6 * s ** 0.5)
    y += 3.4 * s
    _capacity(pdf, Box(box.x, y, box.w, 3.2 * s), region.capacity, colour, s)
    if region.track:
        _track(pdf, region.track, Box(box.x, y + 3.6 * s, box.w, side), colour, s)
    for i, effect in enumerate(region.effects):       # what entering it gives (Q8)
        x = box.x + box.w / 2 + (i - (len(region.effects) - 1) / 2) * side * 1.2
        tint = mix(colour, INK, 0.35) if icon_of(pdf, effect).tinted else None    # health keeps its red
        draw_icon(pdf, effect, x, y + 3.6 * s + side / 2, side, tint)


def _capacity(pdf: FPDF, box: Box, words: str, colour: Colour, s: float) -> None:
    size = 5.6 * s ** 0.5
    width = text_width(pdf, words, size)
    icon = box.h * 0.8
    start = box.x + max((box.w - width - icon - 0.6 * s) / 2, 0.0)
    draw_icon(pdf, "hero", start + icon / 2, box.y + box.h / 2, icon, mix(colour, INK, 0.5))
    _label(pdf, Box(start + icon + 0.6 * s, box.y, box.w - icon - 0.6 * s - (start - box.x), box.h), words,
           size, "", INK, "L")


def _track(pdf: FPDF, track: tuple[tuple[str, ...], ...], box: Box, colour: Colour, s: float) -> None:
    """The entrance and each further space with its symbols; the last space is the temple itself (Q20)."""
    n = len(track) + 1
    side = box.h
    x = box.x + (box.w - n * side - (n - 1) * 0.6 * s) / 2
    for i in range(n):
        cell = Box(x + i * (side + 0.6 * s), box.y, side, side)
        last = i == n - 1
        _space(pdf, cell, mix(colour, WHITE, 0.55 if last else 0.9), mix(colour, INK, 0.4), side * 0.2)
        symbols = track[i - 1] if i else ()
        if not symbols:
            _label(pdf, cell, "IN", 5.0 * s ** 0.5, "B", mix(colour, INK, 0.4))
        size = side * (0.8 if len(symbols) == 1 else 0.5)
        for j, symbol in enumerate(symbols):
            offset = (j - (len(symbols) - 1) / 2) * side * 0.42
            draw_icon(pdf, symbol, cell.x + side / 2 + offset, cell.y + side / 2, size)


# --- movement, goblins ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reach:
    """A movement card's reach (Q5): the cards around the hero's it may go to; the Ship's is the pack's coast
    ring (Q6), drawn on the layout's own slots."""

    method: str
    slots: tuple[Pos, ...] = ()
    coast: tuple[Pos, ...] = ()

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        if self.slots:
            cells, lit, hero = self.slots, set(self.coast), None
        else:
            cells = tuple((x, y) for y in range(-2, 3) for x in range(-2, 3))
            lit, hero = {p for p in cells if p != (0, 0) and _reaches(self.method, p)}, (0, 0)
        xs, ys = [p[0] for p in cells], [p[1] for p in cells]
        columns, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        side = min(box.w * 0.62 / columns, box.h * 0.9 / rows)
        left = box.x + box.w * 0.36 + (box.w * 0.62 - columns * side) / 2
        top = box.y + (box.h - rows * side) / 2
        centre = {p: (left + (p[0] - min(xs) + 0.5) * side, top + (p[1] - min(ys) + 0.5) * side)
                  for p in cells}
        for p, (x, y) in centre.items():
            _space(pdf, Box(x - side * 0.44, y - side * 0.44, side * 0.88, side * 0.88),
                   colour if p in lit else mix(colour, WHITE, 0.9), mix(colour, WHITE, 0.35), side * 0.12)
        if self.coast:          # clockwise round the coast, either way (Q6)
            pdf.set_draw_color(*WHITE)
            pdf.set_line_width(side * 0.06)
            ring = [centre[p] for p in self.coast if p in centre]
            pdf.polyline([*ring, ring[0]])
        if hero is not None:
            draw_icon(pdf, "hero", *centre[hero], side * 0.7, INK)
        icon = min(box.w * 0.3, box.h * 0.7)
        draw_icon(pdf, self.method, box.x + box.w * 0.18, box.y + box.h / 2, icon, mix(colour, INK, 0.25))


def _reaches(method: str, pos: Pos) -> bool:
    x, y = pos
    return {"horse": y == 0, "raft": x == 0, "gryphon": abs(x) == abs(y),
            "foot": max(abs(x), abs(y)) == 1}.get(method, False)


@dataclass(frozen=True, slots=True)
class GoblinArt:
    """A goblin token's side: the goblin, and a pip per point of health for its damage (Q23)."""

    health: int

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        s = layout.scale
        pips = max(self.health, 0)
        pip = min(box.w * 0.8 / max(pips, 1), 8.0 * s)
        icon = min(box.w * 0.8, box.h - pip - 2.0 * s)
        draw_icon(pdf, "goblin", box.x + box.w / 2, box.y + icon / 2 + 0.5 * s, icon, colour)
        y = box.bottom - pip / 2 - 0.8 * s
        for i in range(pips):
            x = box.x + box.w / 2 + (i - (pips - 1) / 2) * pip
            pdf.set_fill_color(*WHITE)
            pdf.set_draw_color(*mix(colour, INK, 0.4))
            pdf.set_line_width(0.2 * s)
            pdf.circle(x, y, pip * 0.38, style="DF")


@dataclass(frozen=True, slots=True)
class Piece:
    """A token's one picture, as large as the token allows (a hero, the first-player token)."""

    icon: str

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        draw_icon(pdf, self.icon, box.x + box.w / 2, box.y + box.h / 2, min(box.w, box.h) * 0.8, colour)


# --- player mat ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Track:
    """A 0..top track on the mat for a marker: its start space ringed, ``marks`` labelled under spaces."""

    label: str
    icon: str
    top: int
    start: int
    marks: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class LegendaryTrack:
    """A legendary item's track on the mat (Q26): start space, further spaces, found on the last; the
    temples whose completion moves it."""

    name: str
    icon: str
    spaces: int
    temples: str
    found: str


@dataclass(frozen=True, slots=True)
class MatArt:
    """A player mat: the health, power and spell tracks (Q24), the three legendary tracks (Q26) and each
    hero's hands for items (Q25)."""

    tracks: tuple[Track, ...]
    legendaries: tuple[LegendaryTrack, ...]
    heroes: int
    hands: int

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        s = layout.scale
        inner = box.inset(2.0 * s)
        split = inner.w * 0.6
        left = Box(inner.x, inner.y, split - 2.0 * s, inner.h * 0.72)
        row = left.h / max(len(self.tracks), 1)
        for i, track in enumerate(self.tracks):
            _mat_track(pdf, track, Box(left.x, left.y + i * row, left.w, row), colour, s)
        right = Box(inner.x + split, inner.y, inner.w - split, inner.h)
        row = right.h / max(len(self.legendaries), 1)
        for i, legendary in enumerate(self.legendaries):
            _legendary(pdf, legendary, Box(right.x, right.y + i * row, right.w, row - 1.0 * s), colour, s)
        heroes = Box(inner.x, left.bottom + 1.0 * s, split - 2.0 * s, inner.bottom - left.bottom - 1.0 * s)
        _heroes(pdf, self.heroes, self.hands, heroes, colour, s)


def _mat_track(pdf: FPDF, track: Track, box: Box, colour: Colour, s: float) -> None:
    head = box.h * 0.26
    draw_icon(pdf, track.icon, box.x + head / 2, box.y + head / 2 + 0.3 * s, head)
    _label(pdf, Box(box.x + head + 1.0 * s, box.y, box.w * 0.5, head + 0.6 * s), track.label, 8.0 * s ** 0.5,
           "B", INK, "L")
    n = track.top + 1
    gap = 0.6 * s
    side = min((box.w - (n - 1) * gap) / n, box.h * 0.42)
    y = box.y + head + 1.2 * s
    marks = dict(track.marks)
    for value in range(n):
        cell = Box(box.x + value * (side + gap), y, side, side)
        start = value == track.start
        _space(pdf, cell, mix(colour, WHITE, 0.45) if start else PAPER, mix(colour, INK, 0.35), side * 0.18)
        _label(pdf, cell, str(value), 9.0 * s ** 0.5, "B", INK)
        if value in marks:
            below = cell.bottom + 0.2 * s
            under = Box(cell.x - gap, below, side + 2 * gap, box.bottom - below)
            _label(pdf, under, marks[value], 5.0 * s ** 0.5, "", mix(colour, INK, 0.6))


def _legendary(pdf: FPDF, legendary: LegendaryTrack, box: Box, colour: Colour, s: float) -> None:
    pdf.set_fill_color(*mix(colour, WHITE, 0.9))
    pdf.rect(box.x, box.y, box.w, box.h, style="F", round_corners=True, corner_radius=1.5 * s)
    head = box.h * 0.3
    draw_icon(pdf, legendary.icon, box.x + 1.0 * s + head / 2, box.y + 0.5 * s + head / 2, head,
              mix(colour, INK, 0.3))
    _label(pdf, Box(box.x + head + 2.0 * s, box.y + 0.5 * s, box.w - head - 3.0 * s, head), legendary.name,
           8.0 * s ** 0.5, "B", INK, "L")
    n = max(legendary.spaces, 1)
    gap = 1.0 * s
    side = min((box.w - 2.0 * s - (n - 1) * gap) / n, box.h * 0.36)
    y = box.y + head + 1.2 * s
    for i in range(n):
        cell = Box(box.x + 1.0 * s + i * (side + gap), y, side, side)
        last = i == n - 1
        _space(pdf, cell, mix(colour, WHITE, 0.45) if last else PAPER, mix(colour, INK, 0.35), side * 0.18)
        words = "start" if i == 0 else legendary.found if last else str(i)
        _label(pdf, cell.inset(0.3 * s), words, 6.0 * s ** 0.5, "B", INK)
    _label(pdf, Box(box.x + 1.0 * s, y + side + 0.3 * s, box.w - 2.0 * s, box.bottom - y - side - 0.3 * s),
           legendary.temples, 5.2 * s ** 0.5, "", mix(colour, INK, 0.6), "L")


def _heroes(pdf: FPDF, heroes: int, hands: int, box: Box, colour: Colour, s: float) -> None:
    """Each hero with its hands: the item spaces of Q25."""
    width = box.w / max(heroes, 1)
    for i in range(heroes):
        slot = Box(box.x + i * width, box.y, width - 1.5 * s, box.h)
        pdf.set_fill_color(*mix(colour, WHITE, 0.9))
        pdf.rect(slot.x, slot.y, slot.w, slot.h, style="F", round_corners=True, corner_radius=1.5 * s)
        icon = min(slot.h * 0.7, slot.w * 0.3)
        draw_icon(pdf, "hero", slot.x + 1.0 * s + icon / 2, slot.y + slot.h / 2, icon, colour)
        side = min(slot.h * 0.7, (slot.w - icon - 3.0 * s) / max(hands, 1) - 1.0 * s)
        for h in range(hands):
            x = slot.x + icon + 2.0 * s + h * (side + 1.0 * s)
            hand = Box(x, slot.y + (slot.h - side) / 2, side, side)
            pdf.set_draw_color(*mix(colour, INK, 0.3))
            pdf.set_line_width(0.2 * s)
            pdf.set_dash_pattern(dash=0.8 * s, gap=0.6 * s)
            pdf.rect(hand.x, hand.y, hand.w, hand.h, style="D", round_corners=True, corner_radius=1.0 * s)
            pdf.set_dash_pattern()
            _label(pdf, hand.inset(0.5 * s), "item", 5.0 * s ** 0.5, "", mix(colour, INK, 0.5))


# --- the magic card and scoring ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """A grid of words: a header row, then rows each led by an icon and a label (the magic card's levels,
    the scoring ladders)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]     # icon, label, one value per column
    marked: int = -1                                       # a column drawn as the token's start (Q18)
    lead: float = 0.34                                     # the share of the width the labels take

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None:
        s = layout.scale
        inner = box.inset(1.5 * s)
        lead = inner.w * self.lead
        columns = max(len(self.header), 1)
        width = (inner.w - lead) / columns
        height = inner.h / (len(self.rows) + 1)
        size = min(height / 0.3528 * 0.5, 11.0 * s ** 0.5)
        for c, words in enumerate(self.header):
            cell = Box(inner.x + lead + c * width + 0.4 * s, inner.y, width - 0.8 * s, height - 0.6 * s)
            _space(pdf, cell, mix(colour, WHITE, 0.45) if c == self.marked else PAPER, mix(colour, INK, 0.35),
                   1.2 * s)
            _label(pdf, cell.inset(0.4 * s), words, size, "B")
        for r, (icon, label, values) in enumerate(self.rows, start=1):
            y = inner.y + r * height
            if r % 2:
                pdf.set_fill_color(*mix(colour, WHITE, 0.9))
                pdf.rect(inner.x, y, inner.w, height, style="F")
            mark = min(height * 0.65, lead * 0.25)
            draw_icon(pdf, icon, inner.x + 0.5 * s + mark / 2, y + height / 2, mark)
            cell = Box(inner.x + mark + 1.5 * s, y, lead - mark - 2.0 * s, height)
            _label(pdf, cell, label, size * 0.8, "B", INK, "L")
            for c, value in enumerate(values):
                _label(pdf, Box(inner.x + lead + c * width, y, width, height), value, size, "B")
