"""Plugin content kinds: a kind a pack's plugin registers is checked, resolved, explained and reaches the
game like a shipped one (the `bounties` test plugin in tests/compiler/plugin_kind)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulecraft.cli.main import main
from rulecraft.compiler.stack_plugins import pack_plugins
from rulecraft.compiler.validate import validator
from rulecraft.plugins import manager
from rulecraft.plugins.tem.build import load_ruleset
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.game import VARIANTS
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import Ref

HERE = Path(__file__).parent / "plugin_kind"
PACK = HERE / "bounties-pack"
SCHEMA = "rulecraft_test_bounties:bounties.schema.json"


@pytest.fixture
def bounties_plugin(monkeypatch):
    """The test plugins `bounties` and `bounty-clash`, findable by name like shipped ones."""
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setitem(VARIANTS, "bounties", Ref("rulecraft_test_bounties"))
    monkeypatch.setitem(VARIANTS, "bounty-clash", Ref("rulecraft_test_bounties.clash"))
    monkeypatch.setitem(VARIANTS, "bounty-missing", Ref("rulecraft_test_bounties.missing"))


def codes(result) -> list[str]:
    return [d.code.code for d in result.diagnostics]


def test_a_pack_of_its_plugins_kind_passes_the_check(bounties_plugin):
    result = check_packs([PACK])
    assert result.ok, [d.message for d in result.diagnostics]
    assert [e.id for e in result.stack.of_kind("bounties")] == ["first-blood", "big-game"]
    big = result.stack.get("bounties", "big-game")
    assert big.data["designed"] is True and big.locate(("designed",)).line == 6   # inherited (extends)


def test_a_misspelt_field_of_a_plugin_kind_is_located_with_did_you_mean(bounties_plugin, tmp_path):
    pack = tmp_path / "bounties-pack"
    shutil.copytree(PACK, pack)
    path = pack / "bounties.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    vp: 2", "    vpp: 2"), encoding="utf-8")
    result = check_packs([pack])
    [problem] = [d for d in result.diagnostics if d.code.code == "unknown-key"]
    assert problem.file.endswith("bounties-pack/bounties.yaml") and (problem.line, problem.column) == (10, 5)
    assert problem.hint == "did you mean 'vp'?"


def test_a_plugin_kind_whose_entity_misses_a_field_after_extends_is_an_error(bounties_plugin, tmp_path):
    """Resolved entities are checked against the plugin schema's definitions.entity too."""
    pack = tmp_path / "bounties-pack"
    shutil.copytree(PACK, pack)
    path = pack / "bounties.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    extends: first-blood\n", "")
                    .replace("    name: Big Game\n", ""), encoding="utf-8")
    result = check_packs([pack])
    assert codes(result) == ["schema-required"]
    assert "'name'" in result.diagnostics[0].message and result.diagnostics[0].line == 7


def test_the_kind_without_its_plugin_is_an_unknown_kind(bounties_plugin):
    result = check_packs([HERE / "no-plugin-pack"])
    [problem] = result.diagnostics
    assert problem.code.code == "unknown-kind" and problem.file.endswith("no-plugin-pack/bounties.yaml")
    assert (problem.line, problem.column) == (1, 7)


def test_an_unknown_kinds_did_you_mean_includes_the_plugin_kinds(bounties_plugin, tmp_path):
    pack = tmp_path / "bounties-pack"
    shutil.copytree(PACK, pack)
    path = pack / "bounties.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("kind: bounties", "kind: bountys"),
                    encoding="utf-8")
    [problem] = check_packs([pack]).diagnostics
    assert problem.code.code == "unknown-kind" and problem.hint == "did you mean 'bounties'?"


def test_a_kind_clashing_with_a_shipped_or_another_plugins_kind_is_located_at_the_plugin(bounties_plugin):
    result = check_packs([HERE / "clash-pack"])
    assert codes(result) == ["kind-clash", "kind-clash"]
    for problem in result.diagnostics:
        assert problem.file.endswith("clash-pack/pack.yaml") and (problem.line, problem.column) == (9, 21)
    messages = " ".join(d.message for d in result.diagnostics)
    assert "'weapons', which is already a shipped kind" in messages
    assert "'bounties', which is already plugin 'bounties'" in messages


def test_a_plugin_kind_whose_schema_cannot_be_read_is_located_at_the_plugin(bounties_plugin, tmp_path):
    pack = tmp_path / "bounties-pack"
    shutil.copytree(PACK, pack)
    path = pack / "pack.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("plugins: [bounties]",
                                                             "plugins: [bounties, bounty-missing]"),
                    encoding="utf-8")
    [problem] = check_packs([pack]).diagnostics
    assert problem.code.code == "plugin-kind-schema" and (problem.line, problem.column) == (9, 21)
    assert "wanted.schema.json" in problem.message


def test_a_named_plugin_that_is_not_registered_stops_the_check_at_its_manifest_entry():
    [problem] = check_packs([PACK]).diagnostics
    assert problem.code.code == "plugin-unknown" and (problem.line, problem.column) == (9, 11)


def test_the_plugin_schema_validators_are_built_once(bounties_plugin):
    check_packs([PACK])
    assert validator(SCHEMA) is validator(SCHEMA)
    assert validator(SCHEMA, "entity") is validator(SCHEMA, "entity")


def test_a_game_with_the_plugin_reads_the_bounties_from_the_ruleset(bounties_plugin):
    """Each bounty pays its VP to every player in each scoring round (T14: after rounds 2, 4 and 6)."""
    ruleset = load_ruleset([PACK])
    assert [dict(b) for b in ruleset.extra["bounties"]] == [
        {"id": "first-blood", "name": "First Blood", "vp": 1, "designed": True},
        {"id": "big-game", "extends": "first-blood", "name": "Big Game", "vp": 2, "designed": True}]
    with pytest.raises(TypeError):
        ruleset.extra["bounties"][0]["vp"] = 5                          # read-only plain data
    hooks = manager.make_hooks("tem", ruleset.source["plugins"], installed=False)
    assert ruleset.source["plugins"] == ("bounties",)
    game = Game(ruleset, [RandomAgent(f"bounties/{i}") for i in range(2)], seed="bounties", hooks=hooks)
    game.play()
    paid = [(e["source"], e["vp"]) for e in game.events
            if e["e"] == "vp" and e["source"].startswith("bounty")]
    assert sorted(set(paid)) == [("bounty: Big Game", 2), ("bounty: First Blood", 1)]
    assert len(paid) == 2 * 3 * 2                           # 2 bounties, 3 scoring rounds, 2 players


def test_a_ruleset_without_plugin_kinds_has_no_extra():
    assert dict(load_ruleset().extra) == {}


def test_explain_shows_the_provenance_of_a_plugin_kind_entity(bounties_plugin, capsys):
    assert main(["explain", str(PACK), "bounties:big-game"]) == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[2:] if line.strip()}
    assert rows["vp"].split()[-1].endswith("bounties-pack/bounties.yaml:10:9")
    assert rows["designed"].split()[-1].endswith("bounties-pack/bounties.yaml:6:15")   # from first-blood


def test_pack_plugins_names_the_bounties_plugin(bounties_plugin):
    assert pack_plugins(check_packs([PACK]).stack) == ("bounties",)
