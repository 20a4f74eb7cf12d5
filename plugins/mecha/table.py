"""Run: the table every rule area of Mecha Game's engine shares: its state, and the steps one area calls.

The engine is one class, :class:`~rulecraft.plugins.mecha.engine.MechaGame`, made of one mixin per rule
area (``actions``, ``combat``, ``effects``). Each area subclasses :class:`Table`, which declares what the
areas read of one another: the state ``MechaGame.__init__`` sets up, and, for the type checker only, the
steps an area calls in another area or in the engine. So mypy checks every area on its own, and a
declaration that drifts from its implementation is a mypy error (an incompatible override). At run time
the declarations cost nothing: ``Table`` adds no attribute and no method.
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
    colours: tuple[str, ...]
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
    standings: list[dict[str, Any]] | None

    if TYPE_CHECKING:
        # the engine's own (rulecraft.plugins.mecha.engine.MechaGame)
        def name(self, cell: int) -> str: ...
        def owners(self) -> dict[int, int]: ...
        def lift(self, unit: Unit) -> None: ...
        def relocate(self, unit: Unit, to: int) -> None: ...
        def keywords(self, unit: Unit) -> Keywords: ...
        def power(self, unit: Unit) -> int: ...
        def current(self, unit: Unit, modifier: str) -> int: ...
        def check_losses(self) -> None: ...
        def draw(self, seat: int, n: int = 1) -> None: ...
        def enter(self, seat: int, card_id: str, cell: int) -> Unit: ...
        # one rule area's steps that another takes
        def strike(self, attacker: Unit, target: Unit) -> None: ...                             # combat
        def damage_unit(self, unit: Unit, amount: int, cause: str) -> None: ...
        def direct_hit(self, seat: int) -> None: ...
        def resolve_pending(self) -> None: ...                                                  # effects
        def command_options(self, seat: int, window: str) -> list[tuple[Any, ...]]: ...
        def play_command(self, seat: int, card_id: str, window: str) -> None: ...
