"""Run: the mutable, compact state of one game, separate from the shared definitions.

Cells are ints (``row * cols + col``); weapons, pilots and cards are referred to by id. Nothing here
copies a definition. ``snapshot()`` gives a plain JSON-like picture for tests, views and logs.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from rulecraft.plugins.tem.model import DIRECTIONS, ORTHOGONAL, ArenaDef, ZoneDef

MINE, TURRET = "mine", "turret"


_TABLES: dict[tuple, list[int]] = {}   # shared, read-only move tables (see Board._table)
_NEIGHBOURS: dict[tuple, list[tuple[int, ...]]] = {}   # shared, read-only adjacency (see Board.adjacent)
_NAMES: dict[tuple[int, int], list[str]] = {}   # shared, read-only cell names by (rows, cols)


class Board:
    """The arena's geometry: which cells hold a zone, moves by orientation, orthogonal distances."""

    __slots__ = ("_shape", "arena", "cols", "moves", "names", "neighbours", "rows", "zones")

    def __init__(self, arena: ArenaDef) -> None:
        self.arena = arena
        self.rows, self.cols = arena.rows, arena.cols
        self.zones: list[ZoneDef | None] = [None] * (arena.rows * arena.cols)
        self.moves: dict[tuple[int, str], list[int]] = {}
        self.neighbours: list[tuple[int, ...]] = []
        self._shape: tuple | None = None   # see shape()
        names = _NAMES.get((self.rows, self.cols))
        if names is None:
            names = _NAMES[(self.rows, self.cols)] = [f"r{r}c{c}" for r in range(self.rows)
                                                      for c in range(self.cols)]
        self.names = names

    def cell(self, row: int, col: int) -> int:
        return row * self.cols + col

    def coords(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def place(self, cell: int, zone: ZoneDef) -> None:
        self.zones[cell] = zone
        self.moves.clear()
        self.neighbours = []   # never clear(): the list may be shared with other boards
        self._shape = None

    def shape(self) -> tuple:
        """Which cells hold a zone, with the arena's size: the key of the move tables and adjacency shared
        between games, computed once per layout (a game asks for it about eight times)."""
        if self._shape is None:
            self._shape = (self.rows, self.cols, tuple(z is not None for z in self.zones))
        return self._shape

    def target(self, distance: int, orientation: str, cell: int) -> int:
        """The destination of a move, or -1 when it is a wall or a hole (T6). Jumps ignore the cells
        they pass over (T7), so only the landing cell matters."""
        table = self.moves.get((distance, orientation))
        if table is None:
            table = self.moves[(distance, orientation)] = self._table(distance, orientation)
        return table[cell]

    def _table(self, distance: int, orientation: str) -> list[int]:
        """Move tables depend only on which cells hold a zone, so games on the same arena share them."""
        key = (*self.shape(), distance, orientation)
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = self._compute(distance, orientation)
        return table

    def _compute(self, distance: int, orientation: str) -> list[int]:
        dr, dc = DIRECTIONS[orientation]
        out = []
        for cell in range(self.rows * self.cols):
            r, c = divmod(cell, self.cols)
            r2, c2 = r + dr * distance, c + dc * distance
            inside = 0 <= r2 < self.rows and 0 <= c2 < self.cols
            out.append(r2 * self.cols + c2 if inside and self.zones[r2 * self.cols + c2] is not None else -1)
        return out

    def adjacent(self, cell: int) -> tuple[int, ...]:
        if not self.neighbours:
            # like move tables, adjacency depends only on which cells hold a zone: shared by games
            key = self.shape()
            found = _NEIGHBOURS.get(key)
            if found is None:
                found = _NEIGHBOURS[key] = [
                    tuple(t for t in (self.target(1, o, c) for o in ORTHOGONAL) if t >= 0)
                    for c in range(self.rows * self.cols)]
            self.neighbours = found
        return self.neighbours[cell]

    def closest(self, origin: int, accept) -> list[int]:
        """The zones nearest ``origin`` by orthogonal steps across zones (T10) that ``accept``; never
        ``origin`` itself (a player who must move, moves)."""
        seen = {origin}
        frontier = deque([origin])
        while frontier:
            found: list[int] = []
            for _ in range(len(frontier)):
                for nxt in self.adjacent(frontier.popleft()):
                    if nxt not in seen:
                        seen.add(nxt)
                        frontier.append(nxt)
                        if accept(nxt):
                            found.append(nxt)
            if found:
                return sorted(found)
        return []

    def name(self, cell: int) -> str:
        return self.names[cell]


class Token:
    __slots__ = ("kind", "number", "owner")

    def __init__(self, owner: int, kind: str, number: int | None = None) -> None:
        self.owner, self.kind, self.number = owner, kind, number


class Player:
    """One seat's state; ``pos`` is a cell or -1 before the Base is placed."""

    __slots__ = ("ad_hoc", "ad_hoc_first", "base", "colour", "credits", "dealt_pilots", "energy",
                 "equipped", "facing", "health", "mech_side", "mine_supply", "owned", "pilot", "pos",
                 "program", "purchased", "revealed", "seat", "status", "turret_supply", "used", "vp")

    def __init__(self, seat: int, colour: str) -> None:
        self.seat, self.colour = seat, colour
        self.pilot: str | None = None
        self.dealt_pilots: tuple[str, ...] = ()
        self.status = "pilot"
        self.health = 0
        self.energy = self.credits = self.vp = 0
        self.pos = self.base = -1
        self.mine_supply: list[int] = []
        self.turret_supply = 0
        self.owned: list[str] = []        # every weapon card the player has (stockpile + equipped)
        self.purchased: list[str] = []    # bought with a Purchase action: these score at game end (T12)
        self.equipped: list[str] = []
        self.program: list[tuple[str, str]] = []   # (card id, orientation), in order (T4)
        self.revealed = 0                 # how many program cards are face up
        self.used: list[str] = []         # cards played this round
        self.ad_hoc = False
        self.ad_hoc_first = False         # T11: the next turn is the first in Ad Hoc Mode
        self.mech_side: str | None = None
        self.facing: str | None = None    # where a pilot moving by sight faces (a Robot, R2); None: by arrows

    def resource(self, name: str) -> int:
        """The player's Energy or Credits; any other name is a bug (KeyError), never silently Credits."""
        if name == "energy":
            return self.energy
        if name == "credits":
            return self.credits
        raise KeyError(f"a player has no resource {name!r} (energy or credits)")

    def set_resource(self, name: str, value: int) -> None:
        if name == "energy":
            self.energy = value
        elif name == "credits":
            self.credits = value
        else:
            raise KeyError(f"a player has no resource {name!r} (energy or credits)")

    def snapshot(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "colour": self.colour, "pilot": self.pilot, "status": self.status,
            "health": self.health, "energy": self.energy, "credits": self.credits, "vp": self.vp,
            "pos": self.pos, "base": self.base, "mine_supply": list(self.mine_supply),
            "turret_supply": self.turret_supply, "owned": list(self.owned),
            "purchased": list(self.purchased), "equipped": list(self.equipped),
            "program": [list(p) for p in self.program], "revealed": self.revealed, "used": list(self.used),
            "ad_hoc": self.ad_hoc, "ad_hoc_first": self.ad_hoc_first, "mech_side": self.mech_side,
            "dealt_pilots": list(self.dealt_pilots), "facing": self.facing,
        }
