"""Generate: turn a resolved pack stack into TEM's frozen :class:`~rulecraft.plugins.tem.model.Ruleset`.

The runtime knows nothing of YAML or of the pack format: this module is the only place that maps pack
field names onto the model. Abilities (effect strings) are compiled by the effect DSL compiler
(``rulecraft.compiler.effects``) into ``CompiledAbility`` handlers, grouped by trigger. Entities of the
kinds plugins add reach the runtime as read-only plain data, ``Ruleset.extra[kind]``.
A stack missing something the game needs raises :class:`BuildError` naming the entity and field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic, DiagnosticError
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.stack_plugins import pack_plugins
from rulecraft.plugins.tem.game import GAME
from rulecraft.plugins.tem.model import (
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
    frozen_data,
    frozen_map,
)

SLOT_CODES = {"R": "resource", "B": "base", "M": "mech", ".": None}

class BuildError(ValueError):
    """The stack lacks something a game needs, or asks what the engine cannot play; ``diagnostic`` (when
    known) locates it in the author's file."""

    def __init__(self, message: str, diagnostic: Diagnostic | None = None) -> None:
        super().__init__(message)
        self.diagnostic = diagnostic


def compile_abilities(stack: Stack, vocabulary: Any = None) -> Any:
    """Every ability of the stack, compiled by the effect DSL (cached per user) with ``vocabulary``
    (default: the core one); None if this installation has no effect compiler."""
    try:
        from rulecraft.compiler.effects.pack import compile_stack
        from rulecraft.plugins.tem.vocabulary import VOCABULARY
    except ImportError:
        return None
    return compile_stack(stack, vocabulary if vocabulary is not None else VOCABULARY)


def _abilities(compiled: Any, entity: Entity, holder: tuple = ()) -> Mapping:
    """``{trigger: (CompiledAbility, ...)}`` for the ``ability`` at ``holder`` of ``entity``."""
    if compiled is None:
        return frozen_map()
    grouped: dict[str, tuple] = {}
    for ability in compiled.get(entity.kind, entity.id, holder):
        grouped[ability.trigger] = (*grouped.get(ability.trigger, ()), ability)
    return frozen_map(grouped)


def _need(entity: Entity, key: str) -> Any:
    try:
        return entity.data[key]
    except KeyError:
        raise BuildError(f"{entity.kind} {entity.id!r} has no {key!r}") from None


# Rule parameters the engine's state model fixes (a weapon card is one id; one pilot per player; one token
# per zone): a pack may restate them, but another value is refused rather than silently ignored.
FIXED = {"basic_weapon_limit": 1, "pilots_kept": 1, "tokens_per_zone": 1, "starting_mines_on_base": 1}


def build_rules(entity: Entity, mech: Entity | None) -> Rules:
    d = entity.data
    need = lambda key: _need(entity, key)  # noqa: E731
    for key, value in FIXED.items():
        if d.get(key, value) != value:
            message = f"the engine supports {key} = {value} only, not {d[key]!r}"
            diagnostic = entity.diagnostic(codes.ENGINE_UNSUPPORTED, message, (key,),
                                           hint="remove the field or restore its core value")
            raise BuildError(message, diagnostic)
    movements = {mid: Movement(mid, m["distance"], tuple(m["directions"]), bool(m.get("jump")),
                               bool(m.get("opens_with_power_attack")))
                 for mid, m in need("movement").items()}
    takeover = d.get("mighty_mech_takeover", {})
    heal, upgrade = need("heal"), need("upgrade")
    zone_scoring = need("zone_scoring")
    mech_health = mech.data["health"] if mech is not None else need("mighty_mech_health")
    return Rules(
        min_players=need("min_players"), max_players=need("max_players"),
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
        min_equipped=need("min_equipped_weapons"), starting_basic_weapons=need("starting_basic_weapons"),
        counters=frozen_map(need("counters")), advanced_row=need("advanced_row_size"),
        collect_per_zone=need("collect_per_zone"),
        vp_combat_start=need("vp_combat_start"), vp_per_damage=need("vp_per_damage"),
        vp_damage_capped=bool(need("vp_damage_capped")),
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


def build_ruleset(stack: Stack, compiled: Any = None, vocabulary: Any = None) -> Ruleset:
    """The Ruleset of a resolved stack; ``compiled`` (a ``CompiledPack``) defaults to compiling its
    abilities with the effect DSL. An ability that does not compile is left out and named in
    ``ruleset.source["uncompiled"]`` (``rulecraft check`` rejects such packs)."""
    compiled = compiled if compiled is not None else compile_abilities(stack, vocabulary)
    rules_entity = stack.get("rules", "rules") or next(iter(stack.of_kind("rules")), None)
    if rules_entity is None:
        raise BuildError("the pack stack has no rules entity")
    mechs = stack.of_kind("mighty-mech")
    mech = mechs[0] if mechs else None
    rules = build_rules(rules_entity, mech)

    weapons = {}
    for e in stack.of_kind("weapons"):
        d = e.data
        weapons[e.id] = WeaponDef(
            e.id, d.get("name", e.id), d["tier"], d["type"], frozen_map(d.get("cost", {})), d["damage"],
            d.get("power_damage"), d.get("vp", 0), d.get("copies", 1),
            _abilities(compiled, e))
    pilots = {e.id: PilotDef(e.id, e.data.get("name", e.id), e.data["health"],
                             _abilities(compiled, e))
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
                                     _abilities(compiled, mech, ("sides", sid))))
    source = {"game": stack.game, "packs": [{"id": p.id, "version": str(p.version)} for p in stack.packs],
              "plugins": pack_plugins(stack),
              "abilities": "compiled" if compiled is not None else "none (effect compiler not installed)",
              "uncompiled": tuple(f"{d.file}:{d.line}:{d.column}: {d.message}"
                                  for d in (compiled.diagnostics if compiled is not None else ()))}
    return Ruleset(rules=rules, weapons=frozen_map(weapons), pilots=frozen_map(pilots),
                   zones=frozen_map(zones),
                   arenas=tuple(arenas), program_cards=frozen_map({c: tuple(v) for c, v in cards.items()}),
                   mech_sides=tuple(sides), colours=colours, source=frozen_map(source),
                   extra=plugin_entities(stack))


def plugin_entities(stack: Stack) -> Mapping[str, tuple[Mapping[str, Any], ...]]:
    """The entities of every kind that is not a shipped one (``rulecraft check`` admits such a kind only
    when a plugin of the stack registers it), as read-only plain data in definition order."""
    shipped = set(GAME.kinds)
    return frozen_map({kind: tuple(frozen_data(e.data) for e in stack.of_kind(kind))
                       for kind in stack.kinds() if kind not in shipped})


def core_pack_path() -> Path:
    """The shipped tem-core pack folder."""
    from importlib.resources import files

    return Path(str(files("rulecraft.content") / GAME.default_pack))


def build_checked(stack: Stack, compiled: Any = None, vocabulary: Any = None) -> Ruleset:
    """:func:`build_ruleset` with a located problem raised as DiagnosticError: TEM's ``builder``."""
    try:
        return build_ruleset(stack, compiled, vocabulary)
    except BuildError as exc:
        if exc.diagnostic is None:
            raise
        raise DiagnosticError([exc.diagnostic]) from None


def load_ruleset(paths: Sequence[Path | str] = (), plugins: Sequence[str] = ()) -> Ruleset:
    """The Ruleset of the packs at ``paths`` (default: the shipped tem-core), see
    :func:`rulecraft.plugins.wiring.load_ruleset`."""
    from rulecraft.plugins.wiring import load_ruleset as load_game_ruleset  # the tools' wiring, on demand

    return load_game_ruleset(paths, plugins, GAME.id)
