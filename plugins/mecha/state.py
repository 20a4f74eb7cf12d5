"""Run: the mutable state of one Mecha Game: units on the board and each player's zones (M2, M18).

A unit refers to its card by id; its counters and per-turn flags live here, its printed values stay in
the shared :class:`~rulecraft.plugins.mecha.model.CardDef`. ``snapshot()`` gives the plain picture that
tests, views and logs read.
"""

from __future__ import annotations

from typing import Any


class Unit:
    """A tower or mecha in play (M2). Its controller is always its owner."""

    __slots__ = ("armour", "attacked", "card", "cell", "durability", "modifiers", "moved", "owner", "time",
                 "uid")

    def __init__(self, uid: int, card: str, owner: int, cell: int, durability: int, armour: int,
                 time: int) -> None:
        self.uid, self.card, self.owner, self.cell = uid, card, owner, cell
        self.durability, self.armour, self.time = durability, armour, time
        self.moved = self.attacked = False
        self.modifiers: dict[str, int] = {}   # accumulated until end of turn (M5): modifier -> amount

    def snapshot(self, names: tuple[str, ...]) -> dict[str, Any]:
        return {"card": self.card, "owner": self.owner, "cell": names[self.cell],
                "durability": self.durability, "armour": self.armour, "time": self.time,
                "moved": self.moved, "attacked": self.attacked, "modifiers": dict(self.modifiers)}


class Seat:
    """One player's zones (M18): deck (top is the end of the list), hand, discard pile, damage zone."""

    __slots__ = ("damage", "deck", "discard", "hand", "lost", "resolving", "seat")

    def __init__(self, seat: int, deck: list[str]) -> None:
        self.seat = seat
        self.deck = deck
        self.hand: list[str] = []
        self.discard: list[str] = []
        self.damage: list[str] = []
        self.lost: str | None = None          # why it met a loss condition (M20), checked after each event
        self.resolving: str | None = None     # the command being resolved: out of the hand, not yet discarded

    def snapshot(self) -> dict[str, Any]:
        return {"seat": self.seat, "deck": list(self.deck), "hand": list(self.hand),
                "discard": list(self.discard), "damage": list(self.damage)}
