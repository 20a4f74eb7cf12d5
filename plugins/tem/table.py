"""Run: the table every rule area of Tiny Epic Mechs' engine shares: its state, and the steps one area calls.

The engine is one class, :class:`~rulecraft.plugins.tem.engine.Game`, made of one mixin per rule area
(``setup_rules``, ``rounds``, ``movement``, ``knockouts``, ``mech``, ``combat``, ``actions``,
``equipment``, ``abilities``). Each area subclasses :class:`Table`, which declares what the areas read of
one another: the state ``Game.__init__`` sets up, and, for the type checker only, the steps an area calls
in another area or in the engine. So mypy checks every area on its own, an editor's "go to definition"
finds the step, and a declaration that drifts from its implementation is a mypy error (an incompatible
override). At run time the declarations cost nothing: ``Table`` adds no attribute and no method.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulecraft.plugins.tem.model import ProgramCardDef, Rules, Ruleset, WeaponDef, ZoneDef
from rulecraft.plugins.tem.state import Board, Player, Token
from rulecraft.runtime.game import GameCore

if TYPE_CHECKING:
    from rulecraft.plugins.tem.combat import Combat


class Table(GameCore):
    """One game's table of Tiny Epic Mechs, as every rule area sees it (set up by ``Game.__init__``)."""

    __slots__ = ()

    ruleset: Ruleset
    rules: Rules
    hooks: Any                          # the game's plugin hooks (rulecraft.plugins.manager.Hooks)
    players: list[Player]
    board: Board
    tokens: dict[int, Token]            # cell -> the Mine or Turret on it
    mech_pos: int                       # the Mighty Mech's cell, -1 off the board
    mech_controller: int | None
    round: int
    turn: int
    start_seat: int
    current: int | None                 # the seat taking its turn
    deck: list[str]
    row: list[str]
    piles: dict[str, int]
    standings: list[dict[str, Any]] | None
    combat: Combat | None               # the running combat, for abilities
    cards: dict[str, ProgramCardDef]
    _weapons: Mapping[str, WeaponDef]
    _loadouts: dict
    _windows: dict
    _card_options: dict
    _abilities: dict
    _triggers: frozenset[str]

    if TYPE_CHECKING:
        # the engine's own (rulecraft.plugins.tem.engine.Game)
        def score(self, p: Player, vp: int, source: str) -> None: ...
        def weapon(self, wid: str) -> WeaponDef: ...
        def zone(self, cell: int) -> ZoneDef: ...   # of a cell a piece stands on, which is always a zone
        def cell_names(self, cells: Any) -> list[str]: ...
        def max_health(self, p: Player) -> int: ...
        def order(self) -> list[Player]: ...
        def pilot_at(self, cell: int, other_than: Player | None = None) -> Player | None: ...
        def hostile(self, cell: int, p: Player) -> bool: ...
        def _gain(self, p: Player, resource: str, amount: int) -> None: ...
        def _affordable(self, p: Player, cost: dict | Any) -> bool: ...
        def _pay(self, p: Player, cost: dict | Any) -> None: ...
        def finish(self) -> list[dict[str, Any]]: ...
        # one rule area's steps that another takes
        def program_options(self, p: Player) -> tuple[tuple[str, str], ...]: ...          # rounds
        def take_turn(self, p: Player) -> None: ...                                        # movement
        def enter_zone(self, p: Player, cell: int, power_opening: bool = False) -> bool: ...
        def move_to(self, p: Player, cell: int, card: str | None = None, jump: bool = False,
                    why: str = "move") -> Any: ...
        def hurt(self, p: Player, damage: int, by: Player | None, source: str) -> bool: ...   # knockouts
        def knock_out(self, p: Player, by: Player | None) -> None: ...
        def retreat(self, p: Player, opponent: Player) -> None: ...
        def offer_mech(self, p: Player, entering: bool) -> None: ...                       # mech
        def run_combat(self, mover: Player, defender: Player, power_opening: bool) -> None: ...  # combat
        def action(self, p: Player, action: str) -> None: ...                              # actions
        def equip_window(self, p: Player, when: str) -> None: ...                          # equipment
        def fire(self, trigger: str, p: Player, weapon: WeaponDef | None = None,           # abilities
                 **context: Any) -> Any: ...
