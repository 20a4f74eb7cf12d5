"""Run: the geometry of the Mushroom Realm's map (Q2, Q5, Q6): which cards a hero can reach by each
movement method and which cards it passes through on the way.

The map is laid out once per game (Q2's shuffle decides which card lies where); :class:`Geometry` then
answers, for a card's position and a method, every reachable position with the positions strictly between
(the cards passed through, Q7). Positions are ``(x, y)``, x rightward and y downward (Q2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Pos = tuple[int, int]
Path = tuple[Pos, ...]      # the cards passed through, in order (never the start or the end)
# One move's end as the engine prices it (Q7): the end, the cards passed through as a bit mask (``bits``) and,
# for a Ship move, the same the other way round (anticlockwise; -1 for every other method, one way only).
Way = tuple[Pos, int, int]

HORSE, RAFT, GRYPHON, SHIP, FOOT = "horse", "raft", "gryphon", "ship", "foot"
METHODS = (HORSE, RAFT, GRYPHON, SHIP, FOOT)
CLOCKWISE, ANTICLOCKWISE = "clockwise", "anticlockwise"
NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

# The priced moves of every layout shape, start, method and the roads or rivers they run along: the same in
# many games (read-only once made; bounded, cleared when full).
_SHARED: dict[tuple[Any, ...], tuple[Way, ...]] = {}
SHARED_MOST = 8192


class Geometry:
    """The laid-out map: what lies where, roads and rivers, the coast ring (Q6)."""

    __slots__ = ("_reach", "_shape", "_ways", "bits", "cards", "coast", "coastal", "rivers", "roads")

    def __init__(self, cards: Mapping[Pos, str], roads: set[Pos], rivers: set[Pos],
                 coast: Sequence[Pos]) -> None:
        self.cards = dict(cards)            # position -> map card id
        self.roads = roads                  # positions whose card has a road (side to side)
        self.rivers = rivers                # positions whose card has a river (top to bottom)
        self.coast = tuple(coast)           # the coast ring, clockwise (layout data, Q6)
        self.coastal = frozenset(coast)
        self.bits = {pos: 1 << i for i, pos in enumerate(sorted(self.cards))}   # a position's bit in a mask
        self._shape = (frozenset(self.cards), self.coast)     # what every game of a layout shares
        self._reach: dict[tuple[Pos, str], list[tuple[Pos, Path, str | None]]] = {}   # the map never changes
        self._ways: dict[tuple[Pos, str], tuple[Way, ...]] = {}

    def _run(self, start: Pos, step: Pos, needs: set[Pos] | None) -> list[tuple[Pos, Path]]:
        """The cards along one direction from ``start``, while the run is unbroken (a card at every
        position, and with a road or river when ``needs`` says so), each with the cards between."""
        if needs is not None and start not in needs:
            return []
        out: list[tuple[Pos, Path]] = []
        between: list[Pos] = []
        x, y = start
        while True:
            x, y = x + step[0], y + step[1]
            pos = (x, y)
            if pos not in self.cards or (needs is not None and pos not in needs):
                return out
            out.append((pos, tuple(between)))
            between.append(pos)

    def reach(self, start: Pos, method: str) -> list[tuple[Pos, Path, str | None]]:
        """Q5: every (end, cards passed through, ship direction) one move by ``method`` can make from the
        card at ``start``; a Ship move lists both ways round (Q7: the mover picks, and with it the cost)."""
        found = self._reach.get((start, method))
        if found is None:
            found = self._reach[(start, method)] = self._reach_of(start, method)
        return found

    def mask(self, positions: Path) -> int:
        """The positions as a bit mask (``bits``): how many goblin cards a path passes is one AND (Q7)."""
        mask = 0
        for pos in positions:
            mask |= self.bits[pos]
        return mask

    def ways(self, start: Pos, method: str) -> tuple[Way, ...]:
        """:meth:`reach` as the engine prices a move (Q7): one :data:`Way` per end, in the same order, a
        Ship move's two ways round (clockwise first) in one. Kept per game, and shared by the games of a
        layout whose roads (Horse) or rivers (Raft) along the way are the same (:data:`_SHARED`)."""
        found = self._ways.get((start, method))
        if found is None:
            needs = frozenset(p for p in self.roads if p[1] == start[1]) if method == HORSE else \
                frozenset(p for p in self.rivers if p[0] == start[0]) if method == RAFT else None
            key = (self._shape, start, method, needs)
            found = _SHARED.get(key)
            if found is None:
                if len(_SHARED) >= SHARED_MOST:
                    _SHARED.clear()
                found = _SHARED[key] = self._priced(start, method)
            self._ways[(start, method)] = found
        return found

    def _priced(self, start: Pos, method: str) -> tuple[Way, ...]:
        paths: dict[Pos, list[int]] = {}
        for end, path, _direction in self.reach(start, method):   # a Ship end: clockwise, then back
            paths.setdefault(end, []).append(self.mask(path))
        return tuple((end, masks[0], masks[1] if len(masks) > 1 else -1) for end, masks in paths.items())

    def _reach_of(self, start: Pos, method: str) -> list[tuple[Pos, Path, str | None]]:
        if method == FOOT:
            return [((start[0] + dx, start[1] + dy), (), None) for dx, dy in NEIGHBOURS
                    if (start[0] + dx, start[1] + dy) in self.cards]
        if method == SHIP:
            return self._ship(start)
        steps: tuple[Pos, ...]
        needs: set[Pos] | None
        if method == HORSE:
            steps, needs = ((-1, 0), (1, 0)), self.roads
        elif method == RAFT:
            steps, needs = ((0, -1), (0, 1)), self.rivers
        elif method == GRYPHON:
            steps, needs = ((-1, -1), (1, 1), (1, -1), (-1, 1)), None
        else:
            raise ValueError(f"no movement method {method!r}; the methods are {', '.join(METHODS)}")
        return [(end, path, None) for step in steps for end, path in self._run(start, step, needs)]

    def _ship(self, start: Pos) -> list[tuple[Pos, Path, str | None]]:
        """Q5, Q6: from a coastal card to any other, either way round the ring."""
        if start not in self.coastal:
            return []
        ring, n = self.coast, len(self.coast)
        at = ring.index(start)
        out: list[tuple[Pos, Path, str | None]] = []
        for k in range(1, n):
            end = ring[(at + k) % n]
            out.append((end, tuple(ring[(at + i) % n] for i in range(1, k)), CLOCKWISE))
            out.append((end, tuple(ring[(at - i) % n] for i in range(1, n - k)), ANTICLOCKWISE))
        return out
