"""Run: the mutable state of one Tiny Epic Quest game: heroes, players' mats, portals and the quest row.

A hero refers to its region by id; what a region is (its feature, capacity, track) stays in the built
model. ``snapshot()`` of each piece gives the plain picture that tests, views and logs read (Q33: all of
it is public but the quest deck's order, which lives in the engine, not here).
"""

from __future__ import annotations

from typing import Any


class Hero:
    """One hero meeple (Q1): where it stands, how far along a temple track (0 is the entrance, Q8), the
    symbols it was given in the current use step (Q20) and the items it holds (at most two, Q25)."""

    __slots__ = ("given", "index", "items", "owner", "region", "step")

    def __init__(self, owner: int, index: int, region: str) -> None:
        self.owner = owner
        self.index = index
        self.region = region
        self.step = 0
        self.given: list[str] = []      # torches and scrolls of this use step not yet spent on a space
        self.items: list[str] = []

    def snapshot(self) -> dict[str, Any]:
        return {"region": self.region, "step": self.step, "items": list(self.items),
                "given": list(self.given)}


class Player:
    """One player's mat (Q1): health and power with their maxima (Q24), spell level, the adventure card,
    legendary tracks (Q26), what it has won (quests, goblins, items) and the items waiting beside it."""

    __slots__ = ("colour", "exhausted", "found", "goblins", "health", "heroes", "legendary", "power",
                 "quests", "resting", "seat", "spell", "treasures", "waiting")

    def __init__(self, seat: int, colour: str, heroes: list[Hero], health: int, power: int,
                 legendary: dict[str, int]) -> None:
        self.seat = seat
        self.colour = colour
        self.heroes = heroes
        self.health = health
        self.power = power
        self.spell = 0
        self.resting = False            # the adventure card on its Rest side (Q14, Q21)
        self.exhausted = False          # exhausted this night (Q22)
        self.legendary = legendary      # legendary item -> its space on the mat's track (0 = start, Q26)
        self.found: list[str] = []      # legendary items found (Q26)
        self.treasures: list[str] = []  # treasure items gained (Q13)
        self.waiting: list[str] = []    # items beside the mat, held by no hero (Q25)
        self.quests: list[str] = []     # completed quests of both kinds (Q13)
        self.goblins: list[int] = []    # defeated goblin tokens (Q23)

    def held(self) -> list[str]:
        """Every item a hero of this player holds, hero by hero."""
        return [item for hero in self.heroes for item in hero.items]

    def holds(self, item: str) -> bool:
        return any(item in hero.items for hero in self.heroes)

    def snapshot(self) -> dict[str, Any]:
        return {"seat": self.seat, "colour": self.colour, "health": self.health, "power": self.power,
                "spell": self.spell, "resting": self.resting, "exhausted": self.exhausted,
                "legendary": dict(self.legendary), "found": list(self.found),
                "treasures": list(self.treasures), "waiting": list(self.waiting),
                "quests": list(self.quests), "goblins": len(self.goblins),
                "heroes": [hero.snapshot() for hero in self.heroes]}


class Portal:
    """A portal region's goblin (Q23): the token there (None when empty), its side and its damage."""

    __slots__ = ("active", "damage", "goblin")

    def __init__(self, goblin: int | None) -> None:
        self.goblin = goblin
        self.active = False
        self.damage = 0

    def snapshot(self) -> dict[str, Any]:
        return {"goblin": self.goblin, "active": self.active, "damage": self.damage}
