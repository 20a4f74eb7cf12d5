"""Generate: turn a resolved pack stack into the runtime's frozen :class:`~rulecraft.runtime.model.Ruleset`.

The runtime knows nothing of YAML or of the pack format: this module is the only place that maps pack
field names onto the model. Abilities (effect strings) are compiled by the effect DSL compiler
(``rulecraft.compiler.effects``) into ``CompiledAbility`` handlers, grouped by trigger.
A stack missing something the game needs raises :class:`BuildError` naming the entity and field.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.runtime.model import (
    ArenaDef,
    MechSideDef,
    Movement,
    PilotDef,
    ProgramCardDef,
    Rules,
    Ruleset,
    Slots,
    WeaponDef,
    ZoneDef,
    frozen_map,
)

SLOT_CODES = {"R": "resource", "B": "base", "M": "mech", ".": None}

# (entity, effect source, path of the source in the entity) -> compiled abilities; raises AbilityError
AbilityCompiler = Callable[[Entity, str, tuple], Sequence[Any]]


class BuildError(ValueError):
    """The stack lacks something a game needs (the checker should have caught it; this names it)."""


class AbilityError(ValueError):
    """An effect string does not compile; the message is located at the author's file:line:column."""


def compile_with_dsl(entity: Entity, source: str, path: tuple) -> Sequence[Any]:
    """The effect DSL compiler (``rulecraft.compiler.effects``): parse, check, generate, load."""
    from rulecraft.compiler.effects.build import compile_effect, load_handlers

    origin = f"{entity.locate(path)} ({entity.kind} {entity.id})"
    result = compile_effect(source, entity.kind)
    if not result.ok:
        problems = "; ".join(p.message for p in result.problems)
        raise AbilityError(f"{origin}: {problems}")
    return load_handlers(result.triggers, result.python, result.texts, origin)


def _ability_compiler() -> AbilityCompiler | None:
    """The DSL compiler, if this installation has it."""
    try:
        importlib.import_module("rulecraft.compiler.effects.build")
    except ImportError:
        return None
    return compile_with_dsl


def _abilities(entity: Entity, path: tuple, compile_ability: AbilityCompiler | None,
               failed: list[str]) -> Mapping:
    """Compile the effect string at ``path`` of ``entity`` into ``{trigger: (ability, ...)}``. An effect that
    does not compile is left out and reported in ``failed`` (``rulecraft check`` rejects such packs)."""
    data: Any = entity.data
    for key in path:
        data = data.get(key) if isinstance(data, dict) else None
    if not data or compile_ability is None:
        return frozen_map()
    grouped: dict[str, tuple] = {}
    try:
        abilities = compile_ability(entity, data, path)
    except AbilityError as exc:
        failed.append(str(exc))
        return frozen_map()
    for ability in abilities:
        grouped[ability.trigger] = (*grouped.get(ability.trigger, ()), ability)
    return frozen_map(grouped)


def _need(entity: Entity, key: str) -> Any:
    try:
        return entity.data[key]
    except KeyError:
        raise BuildError(f"{entity.kind} {entity.id!r} has no {key!r}") from None


def build_rules(entity: Entity, mech: Entity | None) -> Rules:
    d = entity.data
    need = lambda key: _need(entity, key)  # noqa: E731
    movements = {mid: Movement(mid, m["distance"], tuple(m["directions"]), bool(m.get("jump")),
                               bool(m.get("opens_with_power_attack")))
                 for mid, m in need("movement").items()}
    takeover = d.get("mighty_mech_takeover", {})
    heal, upgrade = need("heal"), need("upgrade")
    zone_scoring = need("zone_scoring")
    mech_health = mech.data["health"] if mech is not None else need("mighty_mech_health")
    return Rules(
        rounds=need("rounds"), turns_per_round=need("turns_per_round"), program_picks=need("program_picks"),
        scoring_rounds=frozenset(need("scoring_rounds")), pilots_dealt=need("pilots_dealt"),
        starting_resources=frozen_map({"energy": need("starting_energy"),
                                       "credits": need("starting_credits")}),
        resource_max=d.get("resource_max"), ko_resource_floor=need("ko_resource_floor"),
        heal_per_energy=heal["health"] // max(1, heal.get("pay", 1)), heal_resource=heal["resource"],
        heal_statuses=frozenset(heal.get("statuses", ("pilot", "power-armor"))),
        upgrade_cost=frozen_map({upgrade["resource"]: upgrade["cost"]}),
        mine_cost_resource=need("mine_cost")["resource"],
        turret_cost_resource=need("turret_cost")["resource"],
        mine_numbers=tuple(range(1, need("mine_count") + 1)), turrets=need("turret_count"),
        mine_damage_zone=need("mine_damage").get("per_zone_value", 1),
        mine_damage_number=need("mine_damage").get("per_mine_number", 1),
        turret_damage_zone=need("turret_damage").get("per_zone_value", 1),
        power_armor_health=need("power_armor_health"), mech_health=mech_health,
        slots=frozen_map({status: Slots(s.get("basic", 0), s.get("advanced", 0))
                          for status, s in need("weapon_slots").items()}),
        counters=frozen_map(need("counters")), advanced_row=need("advanced_row_size"),
        collect_per_zone=need("collect_per_zone"),
        vp_combat_start=need("vp_combat_start"), vp_per_damage=need("vp_per_damage"),
        vp_retreat=need("vp_retreat"), vp_ko=need("vp_ko"), vp_mine_ko=need("vp_mine_ko"),
        vp_turret_ko=need("vp_turret_ko"), vp_mech_enter=need("vp_mighty_mech_entry"),
        vp_mech_control=need("vp_mighty_mech_control"),
        score_pilot=zone_scoring.get("pilot", 0), score_mine=zone_scoring.get("mine", 0),
        score_turret=zone_scoring.get("turret", 0),
        mech_takeover_statuses=frozenset(takeover.get("statuses", ("power-armor",))),
        mech_needs_full_health=bool(takeover.get("full_health", True)),
        movements=frozen_map(movements), tie_breaks=tuple(need("tie_break")),
        **({"step_cap": d["step_cap"]} if "step_cap" in d else {}),
    )


def build_ruleset(stack: Stack, compile_ability: AbilityCompiler | None = None) -> Ruleset:
    """The Ruleset of a resolved stack. ``compile_ability`` defaults to the effect DSL compiler."""
    compile_ability = compile_ability or _ability_compiler()
    rules_entity = stack.get("rules", "rules") or next(iter(stack.of_kind("rules")), None)
    if rules_entity is None:
        raise BuildError("the pack stack has no rules entity")
    mechs = stack.of_kind("mighty-mech")
    mech = mechs[0] if mechs else None
    rules = build_rules(rules_entity, mech)
    failed: list[str] = []

    weapons = {}
    for e in stack.of_kind("weapons"):
        d = e.data
        weapons[e.id] = WeaponDef(
            e.id, d.get("name", e.id), d["tier"], d["type"], frozen_map(d.get("cost", {})), d["damage"],
            d.get("power_damage"), d.get("vp", 0), d.get("copies", 1),
            _abilities(e, ("ability",), compile_ability, failed))
    pilots = {e.id: PilotDef(e.id, e.data.get("name", e.id), e.data["health"],
                             _abilities(e, ("ability",), compile_ability, failed))
              for e in stack.of_kind("pilots")}
    zones = {e.id: ZoneDef(e.id, e.data.get("name", e.id), e.data["type"], e.data.get("value", 0),
                           tuple(e.data.get("resources", ())), e.data.get("colour"))
             for e in stack.of_kind("zones")}
    arenas = []
    for e in stack.of_kind("arenas"):
        if e.data.get("robots"):
            continue   # solo arenas are for the Robot Pilots plugin
        rows = [row.split() for row in e.data["layout"]]
        players = e.data["players"]
        arenas.append(ArenaDef(e.id, tuple(players) if isinstance(players, list) else (players,), len(rows),
                               max(len(r) for r in rows),
                               tuple(SLOT_CODES[c] for row in rows for c in row)))
    colours = tuple(e.id for e in stack.of_kind("colours"))
    cards: dict[str, list[ProgramCardDef]] = {c: [] for c in colours}
    for e in stack.of_kind("program-cards"):
        d = e.data
        if d.get("ad_hoc"):
            continue
        action = d.get("action")
        cards.setdefault(d["colour"], []).append(ProgramCardDef(
            e.id, d.get("name", e.id), d["colour"], d["movement"],
            None if action in (None, "none") else action))
    sides = []
    if mech is not None:
        for sid, side in mech.data.get("sides", {}).items():
            sides.append(MechSideDef(sid, side.get("name", sid),
                                     _abilities(mech, ("sides", sid, "ability"), compile_ability, failed)))
    source = {"packs": [{"id": p.id, "version": str(p.version)} for p in stack.packs],
              "abilities": "compiled" if compile_ability else "none (effect compiler not installed)",
              "uncompiled": tuple(failed)}
    return Ruleset(rules=rules, weapons=frozen_map(weapons), pilots=frozen_map(pilots),
                   zones=frozen_map(zones),
                   arenas=tuple(arenas), program_cards=frozen_map({c: tuple(v) for c, v in cards.items()}),
                   mech_sides=tuple(sides), colours=colours, source=frozen_map(source))


def core_pack_path() -> Path:
    """The shipped tem-core pack folder."""
    from importlib.resources import files

    return Path(str(files("rulecraft.content") / "tem-core"))


def load_ruleset(paths: Sequence[Path | str] = ()) -> Ruleset:
    """Check the packs at ``paths`` (default: the shipped tem-core) and build their Ruleset; content
    errors raise DiagnosticError with the located diagnostics."""
    from rulecraft.compiler.check import check_packs
    from rulecraft.compiler.diagnostics import DiagnosticError

    result = check_packs([Path(p) for p in paths] or [core_pack_path()])
    if not result.ok or result.stack is None:
        raise DiagnosticError(result.diagnostics)
    return build_ruleset(result.stack)
