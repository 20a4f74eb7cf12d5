"""Run: the table every rule area of Mecha Game's engine shares: its state, and the steps one area calls.

The engine is one class, :class:`~rulecraft.plugins.mecha.engine.MechaGame`, built from one class per rule
area (``effects``, ``combat``, ``actions``), stacked in that order on :class:`Table` in one line of
inheritance (each area's class subclasses the one before it, ``MechaGame`` the last): a single base per
class is what lets the optional compiled build (``make compiled``, :mod:`rulecraft.runtime.native`) make
them native classes. ``Table`` holds the state ``MechaGame.__init__`` sets up (declared once, here) and
declares each step one area takes in another, or in the engine, as a method that area overrides. So mypy
checks every area on its own, whichever comes first in the stack, and a declaration that drifts from its
implementation is a mypy error (an incompatible override).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulecraft.plugins.mecha.board import Grid
from rulecraft.plugins.mecha.model import CardDef, CardTables, Keywords, Rules, Ruleset
from rulecraft.plugins.mecha.state import Seat, Unit
from rulecraft.runtime.game import GameCore

if TYPE_CHECKING:
    from rulecraft.plugins.mecha.effects import Pending


class Table(GameCore):
    """One game of Mecha Game, as every rule area sees it (set up by ``MechaGame.__init__``)."""

    __slots__ = ()

    ruleset: Ruleset
    rules: Rules
    cards: Mapping[str, CardDef]
    grid: Grid
    hooks: Any                              # accepted for the game host; Mecha Game declares no hooks
    seats: list[Seat]
    units: dict[int, Unit]                  # uid -> unit in play
    at: dict[int, Unit]                     # cell -> unit in play (one per cell, M8)
    owner_at: dict[int, int]                # cell -> its unit's owner
    _supply: list[list[int]]                # per seat: bandwidth, population (M11)
    _cells: tuple[set[int], set[int]]       # per seat: cells of its units in play
    _bits: list[int]                        # the same cells as a bit mask
    _mechas: tuple[set[int], set[int]]      # per seat: cells of its mechas in play
    tables: CardTables
    next_uid: int
    first: int | None
    active: int                             # the seat taking its turn
    turn: int
    phase: str
    pending: list[Pending]                  # triggered abilities waiting (M7)
    modified: list[Unit]                    # units with modifiers until end of turn (M5)
    winner: int | None
    reason: str | None

    # the engine's own (rulecraft.plugins.mecha.engine.MechaGame)
    def name(self, cell: int) -> str:
        raise NotImplementedError

    def owners(self) -> dict[int, int]:
        raise NotImplementedError

    def lift(self, unit: Unit) -> None:
        raise NotImplementedError

    def relocate(self, unit: Unit, to: int) -> None:
        raise NotImplementedError

    def keywords(self, unit: Unit) -> Keywords:
        raise NotImplementedError

    def power(self, unit: Unit) -> int:
        raise NotImplementedError

    def current(self, unit: Unit, modifier: str) -> int:
        raise NotImplementedError

    def check_losses(self) -> None:
        raise NotImplementedError

    def draw(self, seat: int, n: int = 1) -> None:
        raise NotImplementedError

    def enter(self, seat: int, card_id: str, cell: int) -> Unit:
        raise NotImplementedError

    # one rule area's steps that another takes
    def strike(self, attacker: Unit, target: Unit) -> None:  # combat
        raise NotImplementedError

    def damage_unit(self, unit: Unit, amount: int, cause: str) -> None:
        raise NotImplementedError

    def direct_hit(self, seat: int) -> None:
        raise NotImplementedError

    def resolve_pending(self) -> None:  # effects
        raise NotImplementedError

    def command_options(self, seat: int, window: str) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def play_command(self, seat: int, card_id: str, window: str) -> None:
        raise NotImplementedError
