"""Generate (plugins/tem/build.py): the core pack becomes a Ruleset; every rule number comes from the pack."""

from __future__ import annotations

import copy

import pytest

from rulecraft.plugins.tem.build import BuildError, build_rules, core_pack_path
from rulecraft.plugins.wiring import check_packs


@pytest.fixture(scope="module")
def stack():
    result = check_packs([core_pack_path()])
    assert result.ok
    return result.stack


def test_the_core_pack_builds_with_the_rulings_values(core):
    rules = core.rules
    assert (rules.rounds, rules.program_picks, sorted(rules.scoring_rounds)) == (6, 4, [2, 4, 6])   # T14, T18
    assert (rules.heal_per_energy, dict(rules.upgrade_cost)) == (2, {"credits": 5})               # T1
    assert (rules.power_armor_health, rules.mech_health) == (9, 11)                               # T3
    assert (rules.mine_cost_resource, rules.turret_cost_resource) == ("credits", "energy")        # T1
    assert dict(rules.counters) == {"area": "ranged", "ranged": "melee", "melee": "area"}         # T13
    assert {a.id: a.players for a in core.arenas} == {"arena-2p": (2,), "arena-3p": (3,), "arena-4p": (4,)}
    assert all(len(cards) == 8 for cards in core.program_cards.values())                          # T18
    assert {s.id for s in core.mech_sides} == {"troy-3000", "sparta-3000"}
    assert core.weapons["warhammer"].abilities, "abilities are compiled by the effect DSL"


def test_a_rule_value_the_engine_cannot_play_is_refused_not_ignored(stack):
    entity = copy.copy(stack.get("rules", "rules"))
    entity.data = {**entity.data, "tokens_per_zone": 2}
    with pytest.raises(BuildError, match="tokens_per_zone = 1 only, not 2"):
        build_rules(entity, None)


def test_an_unsupported_value_in_a_variant_pack_is_a_located_content_error(tmp_path, capsys):
    from rulecraft.cli.main import main

    pack = tmp_path / "two-tokens"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: two-tokens\nname: Two tokens per zone\nversion: 0.1.0\nrulecraft: \">=0.1,<1\"\n"
        "depends:\n  - {id: tem-core, version: \">=1.0,<2\"}\nplugins: []\nfiles:\n  - rules.yaml\n",
        encoding="utf-8")
    (pack / "rules.yaml").write_text("kind: rules\npatch:\n  - id: rules\n    tokens_per_zone: 2\n",
                                     encoding="utf-8")
    assert main(["sim", str(pack), "--games", "1", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "rules.yaml:4:" in err and "error[engine-unsupported]" in err
