"""Run: the Mecha Game board's geometry (M1), movement reach (M8) and attack range (M10).

Cells are ints, ``row * cols + col`` with row 0 the text's row 1; they are named column letter then row
number, ``a1`` to ``g5`` from seat A's side. Seat A's entry zone is row 1, seat B's the last row. Nothing
here knows about cards: callers pass what stands where as ``owners``, cell -> the owner's seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache


class Grid:
    """The board's shape: names, entry zones, orthogonal neighbours."""

    __slots__ = ("cells", "cols", "entry", "entry_sets", "names", "neighbours", "rows")

    def __init__(self, cols: int = 7, rows: int = 5) -> None:
        if not (1 <= cols <= 26 and 2 <= rows <= 99):
            raise ValueError(f"a board of {cols}x{rows} cells cannot be named a1..")
        self.cols, self.rows = cols, rows
        self.names = tuple(f"{chr(97 + c)}{r + 1}" for r in range(rows) for c in range(cols))
        self.cells = {name: cell for cell, name in enumerate(self.names)}   # every answer names cells
        self.entry = (tuple(range(cols)), tuple(range((rows - 1) * cols, rows * cols)))
        self.entry_sets = (frozenset(self.entry[0]), frozenset(self.entry[1]))
        self.neighbours = _neighbours(cols, rows)

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

    def destinations(self, start: int, distance: int, owners: Mapping[int, int]) -> list[int]:
        """The cells of :meth:`moves`, without their paths (the main phase lists only where to)."""
        if distance <= 1:
            return [n for n in self.neighbours[start] if n not in owners]
        return list(self.moves(start, distance, owners))

    def in_range(self, start: int, reach: int, seat: int, owners: Mapping[int, int]) -> set[int]:
        """M10: the cells an attacker of ``seat`` on ``start`` reaches with range ``reach``: some orthogonal
        path of at most ``reach`` steps with no enemy unit strictly between. Friendly units are fired over
        (they do not block, but their cell still counts as a step)."""
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
                    if owners.get(n, seat) == seat:   # empty or friendly: a path may go on through it
                        nxt.append(n)
            frontier = nxt
        return reached


@cache
def _neighbours(cols: int, rows: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for cell in range(cols * rows):
        r, c = divmod(cell, cols)
        near = (r2 * cols + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= r2 < rows and 0 <= c2 < cols)
        out.append(tuple(sorted(near)))   # in cell order, so the options built from them need no sort
    return tuple(out)
