"""The Tiny Epic Mechs core pack: its files match their schemas, and its data encodes the rule texts.

Each test names the rule (rulebook section, quick reference or RULINGS id) whose numbers it pins, so a
change to the core pack that contradicts the rules fails here, not in a game.
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator

from rulecraft.compiler.loader import load_file

KINDS = ["rules", "colours", "program-cards", "weapons", "pilots", "zones", "arenas", "mighty-mech"]
COMMON = ["id", "extends", "designed", "notes"]


def pack_dir() -> Path:
    return Path(str(resources.files("rulecraft.content").joinpath("tem-core")))


def schema(kind: str) -> dict[str, Any]:
    folder = resources.files("rulecraft.schemas.tem")
    return json.loads(folder.joinpath(f"{kind}.schema.json").read_text("utf-8"))


def load(name: str) -> Any:
    doc, diagnostics = load_file(pack_dir() / name)
    assert not diagnostics, diagnostics
    assert doc is not None
    return doc.data


def entries(kind: str) -> dict[str, dict[str, Any]]:
    """The kind's entries by id, with `extends` applied (one level, as the core pack uses it)."""
    raw = {e["id"]: e for e in load(f"{kind}.yaml")["entries"]}
    return {i: ({**raw[e["extends"]], **e} if "extends" in e else e) for i, e in raw.items()}


def rules() -> dict[str, Any]:
    return entries("rules")["rules"]


# --- the files and the schemas -----------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_every_content_file_is_valid_against_its_kind_schema(kind):
    data = load(f"{kind}.yaml")
    checker = Draft7Validator(schema(kind))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in checker.iter_errors(data)]
    assert not errors, "\n".join(errors)
    assert data["kind"] == kind


@pytest.mark.parametrize("kind", KINDS)
def test_every_resolved_entity_is_complete(kind):
    entity = schema(kind)
    checker = Draft7Validator({**entity, "$ref": "#/definitions/entity"})
    for ident, data in entries(kind).items():
        errors = [e.message for e in checker.iter_errors(data)]
        assert not errors, f"{kind} {ident}: {errors}"


MUTATIONS = [  # (kind, entry index, field, value): each breaks one schema rule
    ("weapons", 0, "type", "laser"),                      # T13: area, ranged or melee
    ("weapons", 0, "cost", {}),                           # a price names at least one resource
    ("weapons", 0, "damge", 2),                           # unknown field
    ("program-cards", 8, "movement", "step"),             # the Ad Hoc card has no movement
    ("program-cards", 0, "action", "attack"),             # closed action vocabulary
    ("zones", 16, "colour", None),                        # a Base names its colour
    ("zones", 0, "colour", "red"),                        # only Bases have a colour
    ("arenas", 0, "layout", ["R  R", "R R"]),             # cells separated by single spaces
    ("rules", 0, "rounds", 0),                            # at least one round
    ("rules", 0, "tie_break", ["coin-flip"]),             # T15 vocabulary
    ("mighty-mech", 0, "sides", {"troy-3000": {"name": "Troy 3000"}}),  # a side needs power and ability
    ("pilots", 0, "designed", ["helth"]),                 # designed names the kind's own fields
]


@pytest.mark.parametrize(("kind", "index", "field", "value"), MUTATIONS)
def test_schemas_reject_a_broken_entry(kind, index, field, value):
    data = load(f"{kind}.yaml")
    entry = data["entries"][index]
    if value is None:
        entry.pop(field)
    else:
        entry[field] = value
    assert not Draft7Validator(schema(kind)).is_valid(data)


def test_the_manifest_lists_every_kind_file_and_is_valid():
    manifest = load("pack.yaml")
    pack_schema = json.loads(resources.files("rulecraft.schemas").joinpath("pack.schema.json").read_text())
    assert Draft7Validator(pack_schema).is_valid(manifest)
    assert manifest["id"] == "tem-core" and manifest["version"] == "1.0.0" and manifest["game"] == "tem"
    assert manifest["depends"] == [] and manifest["plugins"] == []
    assert manifest["files"] == [f"{kind}.yaml" for kind in KINDS]
    on_disk = {p.name for p in pack_dir().glob("*.yaml")} - {"pack.yaml"}
    assert on_disk == set(manifest["files"])


@pytest.mark.parametrize("name", ["pack", *KINDS])
def test_every_file_names_its_schema_for_the_yaml_language_server(name):
    first = (pack_dir() / f"{name}.yaml").read_text("utf-8").splitlines()[0]
    where = "" if name == "pack" else "tem/"     # the manifest's schema is the core's, the kinds TEM's
    assert first == f"# yaml-language-server: $schema=../../schemas/{where}{name}.schema.json"


@pytest.mark.parametrize("kind", KINDS)
def test_schema_layout_is_the_agreed_one(kind):
    s = schema(kind)
    Draft7Validator.check_schema(s)
    assert s["$id"] == f"https://rulecraft.dev/schemas/tem/{kind}.schema.json"
    assert s["properties"]["kind"]["const"] == kind
    assert set(s["properties"]) == {"kind", "entries", "replace", "patch", "remove"}
    fields = s["definitions"]["fields"]
    assert fields["additionalProperties"] is False and "required" not in fields
    assert s["definitions"]["entity"]["allOf"][0] == {"$ref": "#/definitions/fields"}
    assert "id" in s["definitions"]["entity"]["allOf"][1]["required"]


def test_common_entity_fields_are_identical_in_every_schema():
    reference = schema(KINDS[0])["definitions"]["fields"]["properties"]
    for kind in KINDS[1:]:
        props = schema(kind)["definitions"]["fields"]["properties"]
        for name in ("id", "extends", "notes"):
            assert props[name] == reference[name], f"{kind}: field {name!r} differs"
        assert _designed_shape(props["designed"]) == _designed_shape(reference["designed"]), kind


def _designed_shape(designed: dict[str, Any]) -> dict[str, Any]:
    """`designed` minus its list of field names, which each kind fills with its own fields."""
    shape = json.loads(json.dumps(designed))
    shape["anyOf"][1]["items"].pop("enum")
    return shape


def _designed_enums(node: Any):
    """Every (object properties, designed enum) pair in a schema: `designed` names its siblings."""
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict) and "designed" in props and "anyOf" in props["designed"]:
            yield props, props["designed"]["anyOf"][1]["items"]["enum"]
        for value in node.values():
            yield from _designed_enums(value)
    elif isinstance(node, list):
        for value in node:
            yield from _designed_enums(value)


@pytest.mark.parametrize("kind", KINDS)
def test_designed_may_name_exactly_the_kinds_own_fields(kind):
    found = list(_designed_enums(schema(kind)["definitions"]))
    assert found
    for props, names in found:
        assert sorted(names) == sorted(set(props) - set(COMMON))


def _undescribed(node: Any, path: str):
    if isinstance(node, dict):
        for name, prop in node.get("properties", {}).items():
            if isinstance(prop, dict) and "description" not in prop and "$ref" not in prop:
                yield f"{path}.{name}"
        for key, value in node.items():
            yield from _undescribed(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _undescribed(value, f"{path}[{i}]")


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_has_a_description_for_the_docs(kind):
    """Descriptions feed the docs; `entity` only adds required fields to `fields`, so it is skipped."""
    definitions = {k: v for k, v in schema(kind)["definitions"].items() if k != "entity"}
    assert not list(_undescribed(definitions, "definitions"))


# --- the rule texts, as data ---------------------------------------------------------------------

def test_game_shape_from_the_rulebook():
    """Overview and Game Play: 2-4 players, six rounds, four turns; scoring after rounds 2, 4, 6 (T14)."""
    r = rules()
    assert (r["min_players"], r["max_players"], r["rounds"], r["turns_per_round"]) == (2, 4, 6, 4)
    assert r["scoring_rounds"] == [2, 4, 6]


def test_t18_program_four_of_eight_cards():
    r = rules()
    assert (r["program_hand_size"], r["program_picks"]) == (8, 4)


def test_setup_resources_and_ko_floor():
    """Setup C: Energy and Credits start at 3; Getting KO'd (Pilot): raised to 2."""
    r = rules()
    assert (r["starting_energy"], r["starting_credits"], r["ko_resource_floor"]) == (3, 3, 2)
    assert r["collect_per_zone"] == 1
    assert "resource_max" in r["designed"]


def test_t1_costs():
    r = rules()
    assert r["heal"] == {"resource": "energy", "pay": 1, "health": 2, "statuses": ["pilot", "power-armor"]}
    assert r["upgrade"] == {"resource": "credits", "cost": 5}
    assert r["mine_cost"] == {"resource": "credits", "per_zone_value": 1}
    assert r["turret_cost"] == {"resource": "energy", "per_zone_value": 1}


def test_t2_victory_points():
    r = rules()
    awards = [r[k] for k in ("vp_combat_start", "vp_per_damage", "vp_retreat", "vp_ko", "vp_mine_ko",
                             "vp_turret_ko")]
    assert awards == [1, 1, 1, 1, 1, 1]
    assert r["vp_damage_capped"] is True


def test_t3_mighty_mech_vp_are_designed():
    r = rules()
    assert {"vp_mighty_mech_entry", "vp_mighty_mech_control"} <= set(r["designed"])


def test_t3_known_health_values():
    assert rules()["power_armor_health"] == 9
    assert entries("mighty-mech")["mighty-mech"]["health"] == 11


def test_t8_mine_and_turret_damage_and_tokens():
    """Setup F and T8: 3 Turrets, Mines 1-4; Mine damage zone value + number, Turret zone value."""
    r = rules()
    assert (r["mine_count"], r["turret_count"], r["tokens_per_zone"]) == (4, 3, 1)
    assert r["mine_damage"] == {"per_zone_value": 1, "per_mine_number": 1}
    assert r["turret_damage"] == {"per_zone_value": 1}


def test_t17_one_secret_mine_on_each_base():
    assert rules()["starting_mines_on_base"] == 1


def test_t12_weapon_slots_and_purchases():
    r = rules()
    assert r["weapon_slots"] == {"pilot": {"basic": 2, "advanced": 0},
                                 "power-armor": {"basic": 2, "advanced": 2},
                                 "mighty-mech": {"basic": 0, "advanced": 4}}
    assert (r["min_equipped_weapons"], r["basic_weapon_limit"], r["advanced_row_size"]) == (1, 1, 4)
    assert r["starting_basic_weapons"] == 1


def test_t13_weapon_type_counters():
    assert rules()["counters"] == {"area": "ranged", "ranged": "melee", "melee": "area"}


def test_t14_zone_scoring_multipliers():
    assert rules()["zone_scoring"] == {"pilot": 1, "mine": 1, "turret": 2}


def test_t15_tie_break_order():
    assert rules()["tie_break"] == ["mighty-mech-controller", "most-weapons", "shared"]


def test_t4_t7_movement():
    m = rules()["movement"]
    assert m["step"] == {"distance": 1, "directions": ["N", "E", "S", "W"], "jump": False,
                         "opens_with_power_attack": False}
    assert m["double-jump"] == {"distance": 2, "directions": ["N", "E", "S", "W"], "jump": True,
                                "opens_with_power_attack": True}
    assert m["diagonal-jump"] == {"distance": 1, "directions": ["NE", "SE", "SW", "NW"], "jump": True,
                                  "opens_with_power_attack": True}


def test_mighty_mech_takeover_needs_full_health_power_armor():
    assert rules()["mighty_mech_takeover"] == {"statuses": ["power-armor"], "full_health": True}


def test_setup_pilots_dealt_two_keep_one():
    r = rules()
    assert (r["pilots_dealt"], r["pilots_kept"]) == (2, 1)


def test_setup_g_eight_program_cards_and_one_ad_hoc_per_colour():
    cards = entries("program-cards").values()
    colours = set(entries("colours"))
    assert len(colours) == 4
    for colour in colours:
        own = [c for c in cards if c["colour"] == colour]
        assert len([c for c in own if not c.get("ad_hoc")]) == 8
        assert len([c for c in own if c.get("ad_hoc")]) == 1
        actions = {c["action"] for c in own if not c.get("ad_hoc")}
        movements = {c["movement"] for c in own if not c.get("ad_hoc")}
        assert actions >= {"collect", "purchase", "power-up", "deploy-mine", "deploy-turret"}
        assert movements == {"step", "double-jump", "diagonal-jump"}


def test_t3_box_inventory():
    """Components and T3: 16 Basic cards of 4 kinds, 16 Advanced cards, 8 pilots, 16 Resource zones."""
    assert rules()["components"] == {"basic_weapon_kinds": 4, "basic_weapon_cards": 16,
                                     "advanced_weapon_cards": 16, "pilots": 8, "resource_zones": 16}


def test_t3_weapon_cards():
    weapons = entries("weapons")
    basic = {i: w for i, w in weapons.items() if w["tier"] == "basic"}
    advanced = [w for w in weapons.values() if w["tier"] == "advanced"]
    assert sorted(basic) == ["energy-sword", "grenade-launcher", "pulse-pistol", "riot-shield"]
    assert all(w["copies"] == 4 for w in basic.values())
    assert sum(w["copies"] for w in advanced) == 16
    coil, hammer = weapons["lightning-coil"], weapons["warhammer"]
    assert coil["damage"] == 0 and "damage" not in coil["designed"]
    assert coil["ability"].startswith("before attack: pay up to 3 ")
    assert hammer["power_damage"] == 3 and "power_damage" not in hammer["designed"]
    assert "gain 1 VP" in hammer["ability"]


def test_designed_weapon_balance_targets():
    """The designed weapons stay in the ranges the pack's header promises."""
    for ident, w in entries("weapons").items():
        total = sum(w["cost"].values())
        assert 2 <= total <= 7, ident
        assert w["power_damage"] > w["damage"], ident
        assert 0 <= w["vp"] <= 3, ident
        if ident != "lightning-coil":
            assert 1 <= w["damage"] <= 4, ident
    types = Counter(w["type"] for w in entries("weapons").values() if w["tier"] == "advanced")
    assert all(4 <= n <= 7 for n in types.values()) and len(types) == 3


def test_advanced_abilities_use_varied_triggers():
    triggers = {w["ability"].split(":")[0] for w in entries("weapons").values() if "ability" in w}
    assert len(triggers) >= 8


def test_t3_pilots():
    pilots = entries("pilots")
    assert len(pilots) == 8
    assert {"maverick", "diamond"} <= set(pilots)
    for ident, p in pilots.items():
        assert 5 <= p["health"] <= 7, ident
        designed = p["designed"]
        assert designed is True or {"health", "ability"} <= set(designed), ident


def test_t3_zone_cards():
    """Setup H: 21 zone cards, 16 Resource, 4 Bases (one per colour), 1 Mech; Bases and Mech give both."""
    zones = entries("zones").values()
    by_type = Counter(z["type"] for z in zones)
    assert by_type == {"resource": 16, "base": 4, "mech": 1}
    bases = [z for z in zones if z["type"] == "base"]
    assert sorted(z["colour"] for z in bases) == sorted(entries("colours"))
    for z in zones:
        if z["type"] != "resource":
            assert sorted(z["resources"]) == ["credits", "energy"]
        assert "value" in z["designed"]


def _cells(layout: list[str]) -> Counter:
    return Counter(cell for row in layout for cell in row.split(" "))


def test_arenas_for_every_player_count_and_solo():
    arenas = entries("arenas").values()
    standard = sorted(a["players"] for a in arenas if a["robots"] == 0)
    assert standard == [2, 3, 4]
    solo = [a for a in arenas if a["robots"] > 0]
    assert len(solo) == 1 and solo[0]["players"] == 1 and solo[0]["robots"] == 2
    for a in arenas:
        cells = _cells(a["layout"])
        assert cells["B"] == a["players"] + a["robots"]
        assert cells["M"] == 1
        assert cells["R"] <= 16


def test_the_four_player_arena_uses_all_21_zone_cards():
    a = entries("arenas")["arena-4p"]
    assert _cells(a["layout"]) == {"R": 16, "B": 4, "M": 1, ".": 4}


def test_r1_solo_arena_is_the_three_player_arena_with_one_north_most_base():
    arenas = entries("arenas")
    assert arenas["arena-solo"]["layout"] == arenas["arena-3p"]["layout"]
    rows_with_base = [row for row in arenas["arena-solo"]["layout"] if "B" in row.split(" ")]
    assert rows_with_base[0].split(" ").count("B") == 1


def test_t3_mighty_mech_sides():
    mech = entries("mighty-mech")["mighty-mech"]
    sides = {s["name"]: s["power"] for s in mech["sides"].values()}
    assert sides == {"Troy 3000": "Rocket Charge", "Sparta 3000": "Force Field"}
    assert all("ability" in s["designed"] for s in mech["sides"].values())
