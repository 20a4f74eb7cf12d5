"""Resolve: layering (entries/replace/patch/remove), extends and per-field provenance."""

from __future__ import annotations

from rulecraft.compiler.packs import load_packs
from rulecraft.compiler.resolve import resolve

CORE = """
kind: weapons
entries:
  - {id: sword, name: Sword, tier: basic, type: melee, cost: {credits: 2, energy: 1}, damage: 2,
     power_damage: 3, vp: 0, copies: 4}
  - {id: pistol, name: Pistol, tier: basic, type: ranged, cost: {energy: 2}, damage: 1,
     power_damage: 3, vp: 0, copies: 4}
  - id: big-sword
    extends: sword
    damage: 4
"""

VARIANT = """
kind: weapons
patch:
  - id: sword
    cost: {credits: 5}
remove: [pistol]
"""


def _stack(packs, *folders):
    loaded, problems = load_packs(list(folders))
    assert problems == []
    stack, problems = resolve(loaded)
    return stack, problems


def test_patch_merges_mappings_and_records_the_patching_pack(packs):
    core = packs.pack("core", {"weapons.yaml": CORE})
    variant = packs.pack("variant", {"weapons.yaml": VARIANT}, depends="[{id: core, version: '>=1'}]")
    stack, problems = _stack(packs, variant, core)
    assert problems == []
    sword = stack.get("weapons", "sword")
    assert sword.data["cost"] == {"credits": 5, "energy": 1}
    assert sword.locate(("cost", "credits")).pack == "variant"
    assert sword.locate(("cost", "energy")).pack == "core"
    assert (sword.locate(("cost", "credits")).line, sword.locate(("cost", "credits")).column) == (4, 21)


def test_remove_drops_the_entity_and_load_order_is_dependencies_first(packs):
    core = packs.pack("core", {"weapons.yaml": CORE})
    variant = packs.pack("variant", {"weapons.yaml": VARIANT}, depends="[{id: core}]")
    stack, _ = _stack(packs, variant, core)
    assert [p.id for p in stack.packs] == ["core", "variant"]
    assert stack.get("weapons", "pistol") is None
    assert [e.id for e in stack.of_kind("weapons")] == ["sword", "big-sword"]


def test_extends_inherits_fields_with_their_origin_and_sees_patches_of_the_parent(packs):
    core = packs.pack("core", {"weapons.yaml": CORE})
    variant = packs.pack("variant", {"weapons.yaml": VARIANT}, depends="[{id: core}]")
    stack, _ = _stack(packs, variant, core)
    big = stack.get("weapons", "big-sword")
    assert big.data["damage"] == 4 and big.data["name"] == "Sword" and big.data["id"] == "big-sword"
    assert big.data["cost"] == {"credits": 5, "energy": 1}
    assert big.locate(("damage",)).line == 9
    assert big.locate(("name",)).line == 3  # inherited from sword's own line
    assert big.locate(("cost", "credits")).pack == "variant"


def test_replace_swaps_the_whole_entity_and_its_origins(packs):
    core = packs.pack("core", {"weapons.yaml": CORE})
    variant = packs.pack("variant", {"weapons.yaml": """
        kind: weapons
        replace:
          - {id: pistol, name: Laser, tier: basic, type: ranged, cost: {energy: 1}, damage: 2,
             power_damage: 2, vp: 1, copies: 2}
        """}, depends="[{id: core}]")
    stack, problems = _stack(packs, variant, core)
    assert problems == []
    pistol = stack.get("weapons", "pistol")
    assert pistol.data["name"] == "Laser" and "credits" not in pistol.data["cost"]
    assert {origin.pack for _, _, origin in pistol.fields()} == {"variant"}
