"""Run: the table every rule area of Tiny Epic Mechs' engine shares: its state, its small lookups, and the
steps one area calls in another.

The engine is one class, :class:`~rulecraft.plugins.tem.engine.Game`, built from one class per rule area
(``abilities``, ``equipment``, ``actions``, ``combat``, ``mech``, ``knockouts``, ``movement``, ``rounds``,
``setup_rules``), stacked in that order on :class:`Table` in one line of inheritance (each area's class
subclasses the one before it, ``Game`` the last): a single base per class is what lets the optional
compiled build (``make compiled``, :mod:`rulecraft.runtime.native`) make them native classes. ``Table``
holds the state ``Game.__init__`` sets up (declared once, here), the lookups every area reads (score, a
weapon, a cell's pilot, paying and gaining), and declares each step one area takes in another as a method
its area overrides. So mypy checks every area on its own, whichever comes first in the stack, an editor's
"go to definition" finds the step, and a declaration that drifts from its implementation is a mypy error
(an incompatible override).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rulecraft.plugins.tem.model import MECH, POWER_ARMOR, ProgramCardDef, Rules, Ruleset, WeaponDef, ZoneDef
from rulecraft.plugins.tem.state import Board, Player, Token
from rulecraft.runtime.game import GameCore
from rulecraft.runtime.outcomes import Standing

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
    combat: Combat | None               # the running combat, for abilities
    cards: dict[str, ProgramCardDef]
    _weapons: Mapping[str, WeaponDef]
    _loadouts: dict
    _windows: dict
    _card_options: dict
    _abilities: dict
    _triggers: frozenset[str]

    # --- lookups every area reads ------------------------------------------------------------
    def score(self, p: Player, vp: int, source: str) -> None:
        if vp:
            p.vp += vp
            self.push({"e": "vp", "player": p.seat, "vp": vp, "source": source, "total": p.vp})

    def weapon(self, wid: str) -> WeaponDef:
        return self._weapons[wid]

    def zone(self, cell: int) -> ZoneDef:
        """The zone of a cell a piece stands on (which is always a zone)."""
        zone = self.board.zones[cell]
        assert zone is not None
        return zone

    def cell_names(self, cells: Iterable[int]) -> list[str]:
        """``r<row>c<col>`` names of cells: decisions whose options are cells carry them in their context."""
        return [self.board.name(c) for c in cells]

    def max_health(self, p: Player) -> int:
        if p.status == MECH:
            return self.rules.mech_health
        if p.status == POWER_ARMOR:
            return self.rules.power_armor_health
        return self.ruleset.pilots[p.pilot].health if p.pilot else 0

    def order(self) -> list[Player]:
        """Seats clockwise from the Starting Player (T5)."""
        players = self.players   # two slices: what seats.clockwise gives with no seat out, ~50 calls a game
        first = self.start_seat % len(players) if players else 0
        return players[first:] + players[:first]

    def pilot_at(self, cell: int, other_than: Player | None = None) -> Player | None:
        for q in self.players:
            if q.pos == cell and q is not other_than:
                return q
        return None

    def hostile(self, cell: int, p: Player) -> bool:
        """T10: an enemy pilot, or an enemy Mine or Turret, is in the zone."""
        token = self.tokens.get(cell)
        if token is not None and token.owner != p.seat:
            return True
        return self.pilot_at(cell, p) is not None

    def _gain(self, p: Player, resource: str, amount: int) -> None:
        value = p.resource(resource) + amount
        cap = self.rules.resource_max
        p.set_resource(resource, max(0, value if cap is None else min(cap, value)))

    def _affordable(self, p: Player, cost: dict | Any) -> bool:
        for r, n in cost.items():   # noqa: SIM110 (a plain loop: no generator on this hot path)
            if p.resource(r) < n:
                return False
        return True

    def _pay(self, p: Player, cost: dict | Any) -> None:
        for r, n in cost.items():
            p.set_resource(r, p.resource(r) - n)

    # --- steps one area takes in another: each declared here, implemented by its area (or the engine) ---
    def finish(self) -> list[Standing]:  # the engine's
        raise NotImplementedError

    def program_options(self, p: Player) -> tuple[tuple[str, str], ...]:  # rounds
        raise NotImplementedError

    def take_turn(self, p: Player) -> None:  # movement
        raise NotImplementedError

    def enter_zone(self, p: Player, cell: int, power_opening: bool = False) -> bool:
        raise NotImplementedError

    def move_to(self, p: Player, cell: int, card: str | None = None, jump: bool = False,
                why: str = "move") -> Any:
        raise NotImplementedError

    def hurt(self, p: Player, damage: int, by: Player | None, source: str) -> bool:  # knockouts
        raise NotImplementedError

    def knock_out(self, p: Player, by: Player | None) -> None:
        raise NotImplementedError

    def retreat(self, p: Player, opponent: Player) -> None:
        raise NotImplementedError

    def offer_mech(self, p: Player, entering: bool) -> None:  # mech
        raise NotImplementedError

    def run_combat(self, mover: Player, defender: Player, power_opening: bool) -> None:  # combat
        raise NotImplementedError

    def action(self, p: Player, action: str) -> None:  # actions
        raise NotImplementedError

    def equip_window(self, p: Player, when: str) -> None:  # equipment
        raise NotImplementedError

    def fire(self, trigger: str, p: Player, weapon: WeaponDef | None = None,           # abilities
             **context: Any) -> Any:
        raise NotImplementedError
