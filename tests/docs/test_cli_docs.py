"""`rulecraft docs`: the same site for any pack stack; content errors as diagnostics; exit codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulecraft.cli.main import build_parser, main
from rulecraft.compiler.docgen.cliref import cli_reference
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.plugins.wiring import check_packs

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "content" / "tem-core"
VARIANT = ROOT / "tests" / "packs" / "variant-heavy-metal"
BROKEN = ROOT / "tests" / "content" / "invalid" / "schema-enum-typo" / "pack"


@pytest.fixture(scope="module")
def variant_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("variant-site")
    no_scenarios = tmp_path_factory.mktemp("no-scenarios")  # the rulings' links are tested elsewhere
    assert main(["docs", str(CORE), str(VARIANT), "--scenarios", str(no_scenarios), "--out", str(out)]) == 0
    return out


def row(page: str, name: str) -> str:
    return re.search(rf"<strong>{re.escape(name)}</strong>.*?</tr>", page, re.DOTALL).group(0)


def test_variant_weapon_page_shows_changed_added_and_removed_weapons(variant_site):
    page = (variant_site / "reference" / "weapons.html").read_text(encoding="utf-8")
    # added (extends warhammer, damage 3): a new row, credited to the variant
    assert "variant-heavy-metal" in row(page, "Wrecking Ball")
    assert "<td>3" in row(page, "Wrecking Ball")
    inherited = check_packs([CORE]).stack.get("weapons", "warhammer").data["ability"]
    generated = compile_effect(inherited, "weapon", VOCABULARY).text
    assert generated in row(page, "Wrecking Ball")  # generated, inherited
    assert "extends <code>warhammer</code>" in row(page, "Wrecking Ball")
    # replaced whole, and patched field by field
    assert "Pulse Pistol Mk II" in page
    assert "3 Credits" in row(page, "Energy Sword")
    assert "changed by <code>variant-heavy-metal</code>: cost" in row(page, "Energy Sword")
    # removed
    assert "Flamethrower" not in page


def test_variant_rule_parameters_show_the_patched_values(variant_site):
    page = (variant_site / "reference" / "rules.html").read_text(encoding="utf-8")
    assert re.search(r"<code>rounds</code></td>\s*<td>7", page)
    assert "variant-heavy-metal" in (variant_site / "reference" / "index.html").read_text(encoding="utf-8")


def test_content_errors_are_located_diagnostics_not_a_stack_trace(tmp_path, capsys):
    assert main(["docs", str(BROKEN), "--out", str(tmp_path / "out")]) == 1
    out, err = capsys.readouterr()
    assert "weapons.yaml:6:11: error[enum-value]" in err
    assert "Traceback" not in out + err
    assert not (tmp_path / "out").exists()


def test_usage_errors_exit_2(tmp_path, capsys):
    assert main(["docs", str(CORE)]) == 2
    assert "--out" in capsys.readouterr().err
    assert main(["docs", str(tmp_path / "missing"), "--out", str(tmp_path)]) == 2


def test_cli_reference_is_generated_from_the_parser():
    page = cli_reference(build_parser())
    assert "## `rulecraft docs`" in page and "`--serve`" in page and "`--out` `DIR`" in page
    assert "## `rulecraft check`" in page


def test_variant_plugins_page_documents_the_plugin_from_its_own_code(tmp_path, tmp_path_factory):
    out = tmp_path / "site"
    no_scenarios = tmp_path_factory.mktemp("empty")
    assert main(["docs", str(CORE), "--plugin", "robot-pilots", "--scenarios", str(no_scenarios),
                 "--out", str(out)]) == 0
    page = (out / "reference" / "plugins.html").read_text(encoding="utf-8")
    from rulecraft.plugins.tem import robot_pilots

    for hook in ("rulecraft_setup_player", "rulecraft_move_destination", "rulecraft_standing_key"):
        assert hook in page and hasattr(robot_pilots, hook)
    assert 'href="../rulings.html#r2"' in page  # ruling ids in the plugin's docstrings become links


def test_core_stack_says_it_names_no_plugin(core_site):
    assert "names no plugin" in core_site.page("reference/plugins.html")


def test_unknown_plugin_is_a_usage_error(tmp_path, capsys):
    assert main(["docs", str(CORE), "--plugin", "no-such-plugin", "--out", str(tmp_path)]) == 2
    assert "no-such-plugin" in capsys.readouterr().err


def test_rulebook_numbers_follow_the_variant(variant_site, core_site):
    """The variant plays 7 rounds and charges 6 Credits for Power Armor: its rulebook says so."""
    assert "Over <strong>6 rounds" in core_site.page("rulebook/overview.html")
    overview = (variant_site / "rulebook" / "overview.html").read_text(encoding="utf-8")
    assert "Over <strong>7 rounds" in overview
    actions = (variant_site / "rulebook" / "actions.html").read_text(encoding="utf-8")
    assert "pay 6 Credits to climb into your Power Armor" in actions


def test_a_marker_naming_no_rule_value_is_an_error():
    from rulecraft.compiler.docgen.values import UnknownValue
    from rulecraft.plugins.tem.docgen.site import fill
    from rulecraft.plugins.wiring import check_packs

    stack = check_packs([CORE]).stack
    assert fill("{{ rules.rounds }} rounds, {{ rules.scoring_rounds }}", stack) == "6 rounds, 2, 4 and 6"
    assert "†" in fill("{{ rules.vp_mighty_mech_control }}", stack)  # designed (T3)
    with pytest.raises(UnknownValue, match=r"rules\.round_count"):
        fill("{{ rules.round_count }}", stack)
    with pytest.raises(UnknownValue):
        fill("{{ rules.upgrade }}", stack)  # a mapping is not a printable value
