"""A small Tiny Epic Mechs ruleset built in Python, independent of the YAML pack (engine unit tests).

Values follow RULINGS T1-T17 where they give one; the rest are test values, not the pack's design.
"""

from __future__ import annotations

from rulecraft.plugins.tem.model import (
    Ability,
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

COLOURS = ("red", "blue", "green", "yellow")


def rules(**overrides) -> Rules:
    values = dict(
        min_players=2, max_players=4,
        rounds=6, turns_per_round=4, program_picks=4, scoring_rounds=frozenset({2, 4, 6}), pilots_dealt=2,
        starting_resources=frozen_map({"energy": 3, "credits": 3}), resource_max=10, ko_resource_floor=2,
        heal_per_energy=2, heal_resource="energy", heal_statuses=frozenset({"pilot", "power-armor"}),
        upgrade_cost=frozen_map({"credits": 5}), mine_cost_resource="credits", turret_cost_resource="energy",
        mine_numbers=(1, 2, 3, 4), turrets=3, mine_damage_zone=1, mine_damage_number=1, turret_damage_zone=1,
        power_armor_health=9, mech_health=11,
        slots=frozen_map({"pilot": Slots(2, 0), "power-armor": Slots(2, 2), "mighty-mech": Slots(0, 4)}),
        min_equipped=1, starting_basic_weapons=1, vp_damage_capped=True,
        counters=frozen_map({"area": "ranged", "ranged": "melee", "melee": "area"}), advanced_row=4,
        collect_per_zone=1, vp_combat_start=1,
        vp_per_damage=1, vp_retreat=1, vp_ko=1, vp_mine_ko=1, vp_turret_ko=1, vp_mech_enter=2,
        vp_mech_control=3, score_pilot=1, score_mine=1, score_turret=2,
        mech_takeover_statuses=frozenset({"power-armor"}), mech_needs_full_health=True,
        movements=frozen_map({
            "step": Movement("step", 1, ("N", "E", "S", "W"), False, False),
            "double-jump": Movement("double-jump", 2, ("N", "E", "S", "W"), True, True),
            "diagonal-jump": Movement("diagonal-jump", 1, ("NE", "SE", "SW", "NW"), True, True),
        }),
        tie_breaks=("mighty-mech-controller", "most-weapons", "shared"),
    )
    values.update(overrides)
    return Rules(**values)


def _abilities(*items: Ability):
    out: dict[str, tuple[Ability, ...]] = {}
    for item in items:
        out[item.trigger] = (*out.get(item.trigger, ()), item)
    return frozen_map(out)


def _boost(ctx) -> None:      # Lightning Coil (T3): pay up to 3 energy, +1 damage each
    most = min(3, ctx.resource("you", "energy"))
    if most >= 1:
        amount = ctx.choose_amount(0, most, "pay energy for damage")
        if amount and ctx.pay("energy", amount):
            ctx.add_damage(amount)


def _warhammer(ctx) -> None:  # Warhammer (T3): +1 VP when used
    ctx.gain("vp", 1)


def weapons() -> dict[str, WeaponDef]:
    out = {}
    basics = [("energy-sword", "melee", 2, 3), ("pulse-pistol", "ranged", 1, 3),
              ("grenade-launcher", "area", 2, 3),
              ("riot-shield", "melee", 1, 2)]
    for wid, wtype, dmg, power in basics:
        out[wid] = WeaponDef(wid, wid.title(), "basic", wtype, frozen_map({"credits": 2}), dmg, power, 1, 4)
    out["lightning-coil"] = WeaponDef("lightning-coil", "Lightning Coil", "advanced", "ranged",
                                      frozen_map({"energy": 2, "credits": 1}), 0, 3, 2, 1,
                                      _abilities(Ability("before_attack", _boost, "boost", "test")))
    out["warhammer"] = WeaponDef("warhammer", "Warhammer", "advanced", "melee", frozen_map({"credits": 3}),
                                 2, 3,
                                 2, 1, _abilities(Ability("when_used", _warhammer, "+1 VP", "test")))
    types = ["area", "ranged", "melee"]
    for i in range(14):
        wid = f"advanced-{i}"
        cost = frozen_map({"energy": 1 + i % 3, "credits": 1 + i % 2})
        out[wid] = WeaponDef(wid, wid, "advanced", types[i % 3], cost,
                             1 + i % 3, 2 + i % 3, i % 3, 1)
    return out


def zones() -> dict[str, ZoneDef]:
    out = {}
    for i in range(16):
        resources = ("energy",) if i % 3 == 0 else ("credits",) if i % 3 == 1 else ("energy", "credits")
        out[f"zone-{i}"] = ZoneDef(f"zone-{i}", f"Zone {i}", "resource", 1 + i % 3, resources)
    for colour in COLOURS:
        out[f"{colour}-base"] = ZoneDef(f"{colour}-base", f"{colour} base", "base", 1,
                                        ("energy", "credits"), colour)
    out["mech-zone"] = ZoneDef("mech-zone", "Mech Zone", "mech", 3, ("energy", "credits"))
    return out


# 5 x 5 arena: bases in the middle of each edge, the Mech Zone in the centre, corners are holes.
ARENA = (
    ". R B R .",
    "R R R R R",
    "B R M R B",
    "R R R R R",
    ". R B R .",
)
SLOT = {"R": "resource", "B": "base", "M": "mech", ".": None}


def arena(layout=ARENA, players=(2, 3, 4)) -> ArenaDef:
    rows = [row.split() for row in layout]
    return ArenaDef("test-arena", tuple(players), len(rows), len(rows[0]),
                    tuple(SLOT[c] for row in rows for c in row))


def program_cards() -> dict[str, tuple[ProgramCardDef, ...]]:
    spec = [("collect", "step", "collect"), ("collect-2", "step", "collect"),
            ("purchase", "step", "purchase"),
            ("power-up", "step", "power-up"), ("deploy-mine", "step", "deploy-mine"),
            ("deploy-turret", "step", "deploy-turret"), ("double-jump", "double-jump", None),
            ("diagonal-jump", "diagonal-jump", None)]
    return {c: tuple(ProgramCardDef(f"{c}-{name}", name, c, move, act) for name, move, act in spec)
            for c in COLOURS}


def ruleset(**rule_overrides) -> Ruleset:
    pilots = {f"pilot-{i}": PilotDef(f"pilot-{i}", f"Pilot {i}", 5 + i % 3) for i in range(8)}
    return Ruleset(rules=rules(**rule_overrides), weapons=frozen_map(weapons()), pilots=frozen_map(pilots),
                   zones=frozen_map(zones()), arenas=(arena(),), program_cards=frozen_map(program_cards()),
                   mech_sides=(MechSideDef("troy-3000", "Troy 3000"),
                               MechSideDef("sparta-3000", "Sparta 3000")),
                   colours=COLOURS)
