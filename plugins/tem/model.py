"""Run: the immutable game definitions the engine plays (rules, cards, zones, arenas).

Built once from a resolved pack by ``rulecraft.plugins.tem.build`` (or by hand in tests) and shared by
every game, never copied. The runtime knows nothing of YAML: everything here is plain frozen data.
Every number a designer may want to change lives in :class:`Rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rulecraft.runtime.compiled import CompiledAbility as Ability

ENERGY, CREDITS = "energy", "credits"
RESOURCES = (ENERGY, CREDITS)
PILOT, POWER_ARMOR, MECH = "pilot", "power-armor", "mighty-mech"
STATUSES = (PILOT, POWER_ARMOR, MECH)
BASIC, ADVANCED = "basic", "advanced"
RESOURCE_ZONE, BASE_ZONE, MECH_ZONE = "resource", "base", "mech"
COLLECT, PURCHASE, POWER_UP, DEPLOY_MINE, DEPLOY_TURRET = (
    "collect", "purchase", "power-up", "deploy-mine", "deploy-turret")
ACTIONS = (COLLECT, PURCHASE, POWER_UP, DEPLOY_MINE, DEPLOY_TURRET)

# T4: absolute orientations on the arena grid, as (row, column) offsets; north is row - 1. This is
# geometry, not a rule parameter: which orientations a movement may use comes from the pack.
DIRECTIONS = MappingProxyType({"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1),
                               "NE": (-1, 1), "SE": (1, 1), "SW": (1, -1), "NW": (-1, -1)})
ORTHOGONAL = ("N", "E", "S", "W")


def frozen_map(data: Mapping | None = None) -> Mapping:
    """A read-only view of a fresh dict: definitions are shared between games, so they must not change."""
    return MappingProxyType(dict(data or {}))


def frozen_data(value: Any) -> Any:
    """Plain data made read-only all the way down: mappings become read-only views, lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: frozen_data(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen_data(item) for item in value)
    return value


@dataclass(frozen=True, slots=True)
class Slots:
    """How many weapons of each tier a status can hold (T12)."""

    basic: int
    advanced: int


@dataclass(frozen=True, slots=True)
class Movement:
    """A program card's movement kind (T4, T6, T7)."""

    id: str
    distance: int
    directions: tuple[str, ...]
    jump: bool
    opens_with_power_attack: bool   # T7


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule parameter of the game; the defaults of RULINGS live in the pack, not here."""

    min_players: int
    max_players: int
    rounds: int
    turns_per_round: int               # T5
    program_picks: int                 # cards programmed per round (T18: four of eight)
    scoring_rounds: frozenset[int]     # T14
    pilots_dealt: int
    starting_resources: Mapping[str, int]
    resource_max: int | None           # top of the resource track, None = unbounded
    ko_resource_floor: int             # a KO'd Pilot's resources rise to this
    heal_per_energy: int               # T1
    heal_resource: str
    heal_statuses: frozenset[str]
    upgrade_cost: Mapping[str, int]    # T1
    mine_cost_resource: str            # T1: Mine costs this resource x zone value
    turret_cost_resource: str
    mine_numbers: tuple[int, ...]
    turrets: int
    mine_damage_zone: int              # T8: Mine damage = zone value x this + number x the next
    mine_damage_number: int
    turret_damage_zone: int            # T8
    power_armor_health: int
    mech_health: int
    slots: Mapping[str, Slots]         # status -> slots (T12)
    min_equipped: int                  # T12: always at least one weapon equipped
    starting_basic_weapons: int        # Basic weapons each player secretly keeps at setup (Setup N)
    counters: Mapping[str, str]        # weapon type -> the type it counters (T13)
    advanced_row: int
    collect_per_zone: int              # per resource icon of each controlled zone (Bases show both)
    vp_combat_start: int               # T2
    vp_per_damage: int
    vp_damage_capped: bool             # T2: no VP for damage beyond the target's remaining health
    vp_retreat: int
    vp_ko: int
    vp_mine_ko: int
    vp_turret_ko: int
    vp_mech_enter: int
    vp_mech_control: int               # T14 scoring
    score_pilot: int                   # multipliers of the zone value at scoring (T14)
    score_mine: int
    score_turret: int
    mech_takeover_statuses: frozenset[str]
    mech_needs_full_health: bool
    movements: Mapping[str, Movement]
    tie_breaks: tuple[str, ...]        # T15, in order: "mighty-mech-controller", "most-weapons", "shared"
    step_cap: int = 100_000            # engine safety net: a game taking more steps is looping


@dataclass(frozen=True, slots=True)
class WeaponDef:
    id: str
    name: str
    tier: str                     # basic | advanced
    type: str                     # area | ranged | melee
    cost: Mapping[str, int]
    damage: int
    power_damage: int | None
    vp: int
    copies: int
    abilities: Mapping[str, tuple[Ability, ...]] = field(default_factory=frozen_map)


@dataclass(frozen=True, slots=True)
class PilotDef:
    id: str
    name: str
    health: int
    abilities: Mapping[str, tuple[Ability, ...]] = field(default_factory=frozen_map)


@dataclass(frozen=True, slots=True)
class ZoneDef:
    id: str
    name: str
    kind: str                     # resource | base | mech
    value: int
    resources: tuple[str, ...]    # icons on a resource zone
    colour: str | None = None     # owner colour of a Base


@dataclass(frozen=True, slots=True)
class ArenaDef:
    """A grid for a player count; every cell is a slot kind (resource/base/mech) or None (a hole, T6)."""

    id: str
    players: tuple[int, ...]
    rows: int
    cols: int
    slots: tuple[str | None, ...]   # row-major, rows * cols


@dataclass(frozen=True, slots=True)
class ProgramCardDef:
    id: str
    name: str
    colour: str
    movement: str                 # a key of Rules.movements
    action: str | None            # collect | purchase | power-up | deploy-mine | deploy-turret | None


@dataclass(frozen=True, slots=True)
class MechSideDef:
    id: str
    name: str
    abilities: Mapping[str, tuple[Ability, ...]] = field(default_factory=frozen_map)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything one game needs, compiled from a pack stack; shared read-only by all games."""

    rules: Rules
    weapons: Mapping[str, WeaponDef]
    pilots: Mapping[str, PilotDef]
    zones: Mapping[str, ZoneDef]
    arenas: tuple[ArenaDef, ...]
    program_cards: Mapping[str, tuple[ProgramCardDef, ...]]   # colour -> its cards (Ad Hoc card aside)
    mech_sides: tuple[MechSideDef, ...]
    colours: tuple[str, ...]
    source: Mapping[str, Any] = field(default_factory=frozen_map)   # pack ids/versions, for logs
    # Entities of the content kinds plugins add: kind -> its entities in definition order, each read-only
    # plain data (mappings, tuples, scalars) for the plugin's hooks to read from ``game.ruleset``.
    extra: Mapping[str, tuple[Mapping[str, Any], ...]] = field(default_factory=frozen_map)

    def arena_for(self, players: int) -> ArenaDef:
        for arena in self.arenas:
            if players in arena.players:
                return arena
        raise ValueError(f"the ruleset has no arena for {players} players")

    @property
    def basic_weapons(self) -> tuple[WeaponDef, ...]:
        return tuple(w for w in self.weapons.values() if w.tier == BASIC)

    @property
    def advanced_weapons(self) -> tuple[WeaponDef, ...]:
        return tuple(w for w in self.weapons.values() if w.tier == ADVANCED)

    def resource_zones(self) -> tuple[ZoneDef, ...]:
        return tuple(z for z in self.zones.values() if z.kind == RESOURCE_ZONE)

    def base_zone(self, colour: str) -> ZoneDef:
        for zone in self.zones.values():
            if zone.kind == BASE_ZONE and zone.colour == colour:
                return zone
        raise ValueError(f"the ruleset has no Base zone for colour {colour!r}")

    def mech_zone(self) -> ZoneDef:
        for zone in self.zones.values():
            if zone.kind == MECH_ZONE:
                return zone
        raise ValueError("the ruleset has no Mech Zone")
