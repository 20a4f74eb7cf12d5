"""Run: the Mecha Game board's geometry (M1), movement reach (M8) and attack range (M10).

Cells are ints, ``row * cols + col`` with row 0 the text's row 1; they are named column letter then row
number, ``a1`` to ``g5`` from seat A's side. Seat A's entry zone is row 1, seat B's the last row. Nothing
here knows about cards: callers pass what stands where as ``owners``, cell -> the owner's seat, or as bit
masks of cells (bit ``cell`` set: a unit stands there).

Where a mecha can move or shoot depends only on the cells within its Speed or Range, so the main phase's
questions are remembered per board shape (:func:`grid_of`), keyed by the start, the distance and the
occupied cells within that distance: the same answer is never worked out twice. The main phase's move and
play options are remembered the same way, as the tuples it lists (an option is immutable, so every game of
the shape shares them): a decision lists them without building one.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from functools import cache

# Remembered answers per board shape, forgotten all at once when full. A game asks a few hundred distinct
# ones of about 400 bytes each: 8,192 hold a run's working set in ~3 MB, where 65,536 grew a long sim by
# ~26 MB, and limits from 1,024 to 65,536 play at one speed (issue 27; the performance page).
MEMO_LIMIT = 8_192


class Grid:
    """The board's shape: names, entry zones, orthogonal neighbours."""

    __slots__ = ("_free", "_memo", "_moves", "cells", "cols", "entry", "entry_masks", "entry_sets", "names",
                 "neighbour_masks", "neighbours", "plays", "rows", "steps", "within")

    def __init__(self, cols: int = 7, rows: int = 5) -> None:
        if not (1 <= cols <= 26 and 2 <= rows <= 99):
            raise ValueError(f"a board of {cols}x{rows} cells cannot be named a1..")
        self.cols, self.rows = cols, rows
        self.names = tuple(f"{chr(97 + c)}{r + 1}" for r in range(rows) for c in range(cols))
        self.cells = {name: cell for cell, name in enumerate(self.names)}   # every answer names cells
        self.entry = (tuple(range(cols)), tuple(range((rows - 1) * cols, rows * cols)))
        self.entry_sets = (frozenset(self.entry[0]), frozenset(self.entry[1]))
        self.neighbours = _neighbours(cols, rows)
        self.neighbour_masks = tuple(sum(1 << n for n in near) for near in self.neighbours)
        self.entry_masks = tuple(sum(1 << cell for cell in zone) for zone in self.entry)
        self._free: tuple[dict[int, tuple[str, ...]], ...] = ({}, {})
        # by distance, the mask of the cells within it of each cell (what ``area`` answers), filled as asked
        self.within: dict[int, tuple[int, ...]] = {}
        self._memo: dict[tuple[str, int, int, int], tuple[int, ...]] = {}
        self._moves: dict[tuple[int, int, int], tuple[tuple[str, str, str], ...]] = {}
        # the main phase's options, built once and shared (an option is an immutable tuple of names):
        # per cell, by the mask of its occupied neighbours, a Speed-1 mecha's moves from it
        self.steps: tuple[dict[int, tuple[tuple[str, str, str], ...]], ...] = tuple({} for _ in self.names)
        # per seat, by the mask of its occupied entry cells, each card's plays onto the free ones
        self.plays: tuple[dict[int, dict[str, tuple[tuple[str, str, str], ...]]], ...] = ({}, {})

    def cell(self, name: str) -> int:
        cell = self.cells.get(name)
        if cell is None:
            raise ValueError(f"no cell {name!r} on a {self.cols}x{self.rows} board (a1..{self.names[-1]})")
        return cell

    def name(self, cell: int) -> str:
        return self.names[cell]

    def forward_distance(self, cell: int, seat: int) -> int:
        """Rows between ``cell`` and the opponent's entry zone ("forward", M1)."""
        row = cell // self.cols
        return self.rows - 1 - row if seat == 0 else row

    def moves(self, start: int, distance: int, owners: Mapping[int, int]) -> dict[int, tuple[int, ...]]:
        """M8: every cell reachable in 1..``distance`` orthogonal steps, each ending on an empty cell, with
        one shortest path to it (the cells stepped on, in order)."""
        paths: dict[int, tuple[int, ...]] = {start: ()}
        frontier = [start]
        for _ in range(distance):
            nxt = []
            for cell in frontier:
                for n in self.neighbours[cell]:
                    if n not in paths and n not in owners:
                        paths[n] = (*paths[cell], n)
                        nxt.append(n)
            frontier = nxt
        del paths[start]
        return paths

    def destinations(self, start: int, distance: int, owners: Container[int]) -> set[int]:
        """The cells of :meth:`moves`, without their paths (the main phase lists only where to)."""
        neighbours = self.neighbours
        seen = {start}
        frontier = [start]
        for _ in range(distance):
            nxt = []
            for cell in frontier:
                for n in neighbours[cell]:
                    if n not in seen and n not in owners:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        seen.discard(start)
        return seen

    def in_range(self, start: int, reach: int, enemies: Container[int]) -> set[int]:
        """M10: the cells an attacker on ``start`` reaches with range ``reach``: some orthogonal path of at
        most ``reach`` steps with no enemy unit (a cell in ``enemies``) strictly between. Friendly units are
        fired over (they do not block, but their cell still counts as a step)."""
        if reach == 1:
            return set(self.neighbours[start])
        seen = {start}
        reached: set[int] = set()
        frontier = [start]
        for _ in range(reach):
            nxt = []
            for cell in frontier:
                for n in self.neighbours[cell]:
                    if n in seen:
                        continue
                    seen.add(n)
                    reached.add(n)
                    if n not in enemies:   # empty or friendly: a path may go on through it
                        nxt.append(n)
            frontier = nxt
        return reached

    # --- remembered answers, keyed by bit masks of occupied cells -------------------------------
    def free_entry(self, seat: int, occupied: int) -> tuple[str, ...]:
        """The names of the cells of ``seat``'s entry zone that hold no unit (``occupied``: a mask)."""
        held = occupied & self.entry_masks[seat]
        free = self._free[seat].get(held)
        if free is None:
            free = tuple(self.names[c] for c in self.entry[seat] if not held >> c & 1)
            self._free[seat][held] = free
        return free

    def step_moves(self, cell: int, occupied: int) -> tuple[tuple[str, str, str], ...]:
        """The main phase's move options of a Speed-1 mecha on ``cell``, one per empty neighbour in cell
        order (``occupied``: a mask), remembered in :attr:`steps` by the occupied neighbours."""
        held = occupied & self.neighbour_masks[cell]
        found = self.steps[cell].get(held)
        if found is None:
            here, names = self.names[cell], self.names
            found = self.steps[cell][held] = tuple(("move", here, names[to]) for to in self.neighbours[cell]
                                                   if not held >> to & 1)
        return found

    def play_options(self, seat: int, occupied: int, card: str) -> tuple[tuple[str, str, str], ...]:
        """The main phase's options of playing ``card`` into ``seat``'s entry zone, one per free cell in
        cell order (``occupied``: a mask), remembered in :attr:`plays` by the occupied entry cells."""
        held = occupied & self.entry_masks[seat]
        by_card = self.plays[seat].get(held)
        if by_card is None:
            if len(self.plays[seat]) >= MEMO_LIMIT:
                self.plays[seat].clear()
            by_card = self.plays[seat][held] = {}
        found = by_card.get(card)
        if found is None:
            found = by_card[card] = tuple(("play", card, name) for name in self.free_entry(seat, occupied))
        return found

    def areas(self, distance: int) -> tuple[int, ...]:
        """Per cell, the mask of the cells within ``distance`` orthogonal steps of it: all that a move or a
        shot of that distance from it can depend on; worked out once (the hot paths read :attr:`within`)."""
        found = self.within.get(distance)
        if found is None:
            found = self.within[distance] = _within(self.cols, self.rows, distance)
        return found

    def move_options(self, start: int, distance: int, occupied: int) -> tuple[tuple[str, str, str], ...]:
        """The main phase's move options of a mecha of Speed ``distance`` on ``start``: one per cell of
        :meth:`destinations`, in cell order (``occupied``: a mask of the cells holding a unit), remembered by
        the occupied cells within that distance."""
        key = (start, distance, occupied & (self.within.get(distance) or self.areas(distance))[start])
        found = self._moves.get(key)
        if found is None:
            if len(self._moves) >= MEMO_LIMIT // 2:    # option tuples: twice the size of the cells memo's
                self._moves.clear()
            here, names = self.names[start], self.names
            found = self._moves[key] = tuple(("move", here, names[to]) for to in
                                             sorted(self.destinations(start, distance, _cells(key[2]))))
        return found

    def enemies_in_range(self, start: int, reach: int, enemies: int) -> tuple[int, ...]:
        """The enemy cells (``enemies``, a mask) :meth:`in_range` reaches, in cell order."""
        key = ("shoot", start, reach, enemies & (self.within.get(reach) or self.areas(reach))[start])
        found = self._memo.get(key)
        if found is None:
            near = _cells(key[3])
            found = self._remember(key, sorted(near.intersection(self.in_range(start, reach, near))))
        return found

    def _remember(self, key: tuple[str, int, int, int], cells: list[int]) -> tuple[int, ...]:
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        found = self._memo[key] = tuple(cells)
        return found


@cache
def grid_of(cols: int, rows: int) -> Grid:
    """The one :class:`Grid` of a board shape, shared by every game of it (with what it remembers)."""
    return Grid(cols, rows)


def _cells(mask: int) -> set[int]:
    """The cells whose bits are set in ``mask``."""
    out = set()
    while mask:
        low = mask & -mask
        out.add(low.bit_length() - 1)
        mask ^= low
    return out


def _within(cols: int, rows: int, distance: int) -> tuple[int, ...]:
    """Per cell, the mask of the cells within ``distance`` orthogonal steps of it: a run of columns on each
    row near enough, narrower by one each row away."""
    out = []
    for start in range(cols * rows):
        row, col = divmod(start, cols)
        mask = 0
        for r in range(max(0, row - distance), min(rows, row + distance + 1)):
            side = distance - abs(r - row)
            low, high = max(0, col - side), min(cols - 1, col + side)
            mask |= ((1 << (high - low + 1)) - 1) << (r * cols + low)
        out.append(mask)
    return tuple(out)


@cache
def _neighbours(cols: int, rows: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for cell in range(cols * rows):
        r, c = divmod(cell, cols)
        near = (r2 * cols + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= r2 < rows and 0 <= c2 < cols)
        out.append(tuple(sorted(near)))   # in cell order, so the options built from them need no sort
    return tuple(out)
