"""Issue 20, item 3: a comparison says what content B changes against A (``compiler.stack_diff``), with the
pack and line that set each change, for any game; and a pack fresh from ``rulecraft new pack`` changes
nothing, so a comparison of it with one weapon patched shows that weapon alone and no pilot row that moved
by construction."""

from __future__ import annotations

import json
from pathlib import Path

from rulecraft.cli.main import main
from rulecraft.compiler.stack_diff import content_diff
from rulecraft.plugins.wiring import check_packs

CORE = Path(__file__).resolve().parents[2] / "content" / "tem-core"

MANIFEST = """\
id: {id}
name: Diff Test
version: 0.1.0
rulecraft: ">=0.1,<1"
depends:
  - {{id: tem-core, version: ">=1.0,<2"}}
files: [weapons.yaml, pilots.yaml]
"""
WEAPONS = """\
kind: weapons
patch:
  - id: rail-gun
    damage: 3
    notes: hits softer
remove:
  - energy-sword
"""
PILOTS = """\
kind: pilots
entries:
  - id: newcomer
    name: Newcomer
    health: 5
    ability: "when you collect: gain 1 energy"
    designed: true
"""


def _pack(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "diff-test"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST.format(id=folder.name), encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_every_change_is_a_row_with_the_line_that_made_it(tmp_path):
    folder = _pack(tmp_path, {"weapons.yaml": WEAPONS, "pilots.yaml": PILOTS})
    base, variant = check_packs([CORE]), check_packs([folder])
    assert variant.ok, variant.diagnostics
    rows = content_diff(base.stack, variant.stack)
    found = {(r["kind"], r["id"], r["field"]): r for r in rows}
    assert sorted(found) == [("pilots", "newcomer", "(entity)"), ("weapons", "energy-sword", "(entity)"),
                             ("weapons", "rail-gun", "damage"), ("weapons", "rail-gun", "notes")]
    damage = found["weapons", "rail-gun", "damage"]
    assert (damage["change"], damage["a"], damage["b"]) == ("changed", 4, 3)
    assert damage["set_by"] == {"pack": "diff-test", "file": "weapons.yaml", "line": 4, "column": 13}
    notes = found["weapons", "rail-gun", "notes"]
    assert (notes["change"], notes["a"], notes["b"]) == ("added", None, "hits softer")
    assert notes["set_by"]["line"] == 5
    removed = found["weapons", "energy-sword", "(entity)"]
    assert removed["change"] == "removed entity" and removed["a"] == "Energy Sword"
    assert (removed["set_by"]["file"], removed["set_by"]["line"]) == ("weapons.yaml", 7)
    new = found["pilots", "newcomer", "(entity)"]
    assert (new["change"], new["b"], new["set_by"]["line"]) == ("new entity", "Newcomer", 3)
    assert content_diff(base.stack, base.stack) == []
    # the other way round, B's additions are A's removals: the fields dropped, the pilot gone
    back = {(r["field"], r["change"]) for r in content_diff(variant.stack, base.stack)
            if r["id"] == "rail-gun"}
    assert back == {("damage", "changed"), ("notes", "removed")}


def test_a_patch_that_restates_a_value_is_no_change(tmp_path):
    folder = _pack(tmp_path, {"weapons.yaml": "kind: weapons\npatch:\n  - id: rail-gun\n    damage: 4\n",
                              "pilots.yaml": "kind: pilots\n"})
    assert content_diff(check_packs([CORE]).stack, check_packs([folder]).stack) == []


def test_a_new_pack_with_one_weapon_patched_compares_as_that_weapon_alone(tmp_path, capsys):
    """The done-when of issue 20, item 3: `new pack v --depends tem-core`, one weapon patched, then
    `sim --compare`: the terminal and compare.json open with that weapon as the only content change, and
    no pilot row is new or removed in B (the scaffold's pilot used to be)."""
    folder = tmp_path / "v"
    assert main(["new", "pack", str(folder), "--depends", "tem-core"]) == 0
    weapons = folder / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8") + "patch:\n  - id: rail-gun\n    damage: 3\n",
                       encoding="utf-8")
    capsys.readouterr()
    out = tmp_path / "out"
    command = ["sim", "--compare", "tem-core", str(folder), "--games", "6", "--quiet", "--out", str(out)]
    assert main(command) == 0
    terminal = capsys.readouterr().out
    assert terminal.index("What B changes in the content") < terminal.index("A: tem-core")
    assert "weapons:rail-gun" in terminal and "v weapons.yaml:" in terminal
    assert "1 change in 1 entity." in terminal
    comparison = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    assert list(comparison)[:3] == ["a", "b", "content"]
    [change] = comparison["content"]["changes"]
    assert (change["kind"], change["id"], change["field"], change["a"], change["b"]) == \
        ("weapons", "rail-gun", "damage", 4, 3)
    assert change["set_by"]["pack"] == "v" and change["set_by"]["file"] == "weapons.yaml"
    pilots = [r for r in comparison["rows"] if r["group"] == "pilot"]
    assert pilots and not [r for r in pilots if r["status"] in ("new in B", "removed in B")]
    assert "What B changes in the content" in (out / "report.html").read_text(encoding="utf-8")
