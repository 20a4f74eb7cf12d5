"""Cross-reference checks (rulecraft.plugins.tem.crossref) beyond the one-case-per-folder harness.

The located cases live in tests/content/invalid/crossref-*; these tests cover what a case folder
cannot pin portably (diagnostics located in the shipped core pack) and the checks' scope rules.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from rulecraft.compiler import errorcodes as codes
from rulecraft.plugins.tem import errorcodes as tem_codes
from rulecraft.plugins.tem.crossref import CHECKS
from rulecraft.plugins.wiring import check_packs

CASES = Path(__file__).parent
CROSSREF_CODES = [codes.UNKNOWN_REFERENCE, codes.MISSING_CONTENT, codes.COUNT_MISMATCH, tem_codes.ARENA_SHAPE,
                  codes.RULE_PARAMETER, codes.DESIGNED_UNSET, tem_codes.WEAK_POWER_ATTACK]


def core() -> Path:
    return Path(str(resources.files("rulecraft.content").joinpath("tem-core")))


def variant(tmp_path: Path, files: dict[str, str], depends: str = "[{id: tem-core}]") -> Path:
    folder = tmp_path / "variant"
    folder.mkdir()
    manifest = (f"id: variant\nname: Variant\nversion: 1.0.0\nrulecraft: '>=0.1'\ngame: tem\n"
                f"depends: {depends}\nfiles: [{', '.join(files)}]\n")
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def found(result) -> list[str]:
    return sorted(d.code.code for d in result.diagnostics)


def test_the_core_pack_passes_every_check_without_a_warning():
    result = check_packs([core()])
    assert result.stack is not None and result.diagnostics == []
    assert len(CHECKS) >= 9


def test_a_game_without_the_mighty_mech_is_missing_content(tmp_path):
    removal = {"mighty-mech.yaml": "kind: mighty-mech\nremove: [mighty-mech]\n"}
    result = check_packs([variant(tmp_path, removal)])
    assert found(result) == ["missing-content"]
    assert result.diagnostics[0].file.endswith("rules.yaml")


def test_a_game_without_a_mech_zone_is_missing_content(tmp_path):
    """Setup 6: the Mighty Mech stands on the Mech Zone."""
    result = check_packs([variant(tmp_path, {"zones.yaml": "kind: zones\nremove: [mech-zone]\n"})])
    assert found(result) == ["missing-content"]


def test_a_variant_may_change_the_box_without_restating_the_inventory(tmp_path):
    """rules.components holds the stack only when the last pack sets it (crossref module docstring)."""
    weapon = ("kind: weapons\nentries:\n  - {id: epee, name: Epee, tier: advanced, type: melee, "
              "cost: {credits: 3}, damage: 2, power_damage: 3, vp: 1, copies: 1}\n")
    assert check_packs([variant(tmp_path, {"weapons.yaml": weapon})]).diagnostics == []


def test_removing_a_colour_leaves_its_cards_and_base_dangling(tmp_path):
    result = check_packs([variant(tmp_path, {"colours.yaml": "kind: colours\nremove: [yellow]\n"})])
    # 9 program cards and the Base name the removed colour, each reported where it names it; and 4 players
    # (rules max_players, the 4-player arena's seats) no longer have a colour each
    dangling = [d for d in result.diagnostics if d.code is codes.UNKNOWN_REFERENCE]
    assert len(dangling) == 10
    assert {Path(d.file).name for d in dangling} == {"program-cards.yaml", "zones.yaml"}
    assert found(result).count("count-mismatch") == 2


def test_a_pack_without_rules_is_a_fragment_and_only_rule_free_checks_run(tmp_path):
    weapons = ("kind: weapons\nentries:\n  - {id: club, name: Club, tier: basic, type: melee, "
               "cost: {credits: 1}, damage: 2, power_damage: 2, vp: 0, copies: 1}\n")
    result = check_packs([variant(tmp_path, {"weapons.yaml": weapons}, depends="[]")])
    assert found(result) == ["weak-power-attack"]  # no count checks: there are no rules to count against


def test_every_crossref_code_is_pinned_by_a_located_case():
    pinned = set()
    for expected in CASES.glob("*/crossref-*/expected.yaml"):
        pinned |= set(re.findall(r"code: ([a-z-]+)", expected.read_text(encoding="utf-8")))
    missing = {c.code for c in CROSSREF_CODES} - pinned
    assert not missing, f"no crossref case reports {sorted(missing)}"
