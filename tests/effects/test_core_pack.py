"""The core pack's abilities compile and read well; effect errors land on the word in the YAML file.

Also the CLI faces of the DSL: `rulecraft check` runs the effect stage and the text-drift check,
`rulecraft explain --emit` shows each stage, `rulecraft dsl-reference` prints the reference.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulecraft.cli.main import main
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import compile_stack, sites
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.plugins.wiring import check_packs

CORE = Path(__file__).resolve().parents[2] / "content" / "tem-core"
WARHAMMER = '    ability: "when used: gain 1 VP"\n'


@pytest.fixture(scope="module")
def core_stack():
    result = check_packs([CORE])
    assert result.ok, result.diagnostics
    return result.stack


def test_every_core_ability_compiles_and_renders_text(core_stack):
    found = list(sites(core_stack))
    assert len(found) >= 20  # weapons, pilots and both Mighty Mech sides carry abilities
    for site in found:
        compiled = compile_effect(site.source, site.entity_kind, VOCABULARY)
        assert compiled.ok, (site.origin, [p.message for p in compiled.problems])
        assert compiled.text.endswith(".") and compiled.text[0].isupper()
        assert all(t in VOCABULARY.triggers for t in compiled.triggers)


def test_known_cards_of_rulings_t3(core_stack):
    """T3: Lightning Coil pays up to 3 for +1 damage each (normal damage 0); Warhammer +1 VP when used."""
    coil = core_stack.get("weapons", "lightning-coil").data
    assert coil["damage"] == 0
    assert compile_effect(coil["ability"], "weapon", VOCABULARY).text == (
        "Before you attack: Pay up to 3 Energy. This attack deals +1 damage for each Energy paid.")
    hammer = core_stack.get("weapons", "warhammer").data
    assert compile_effect(hammer["ability"], "weapon", VOCABULARY).text == "When used: Gain 1 VP."


def test_compile_stack_gives_the_runtime_every_ability(core_stack):
    pack = compile_stack(core_stack, VOCABULARY, use_cache=False)
    assert not pack.diagnostics
    [coil] = pack.get("weapons", "lightning-coil")
    assert coil.trigger == "before_attack" and "weapons.yaml:68" in coil.origin
    assert pack.get("mighty-mech", "mighty-mech", ("sides", "troy-3000"))


def _copy_core(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "tem-core"
    shutil.copytree(CORE, folder)
    weapons = folder / "weapons.yaml"
    text = weapons.read_text(encoding="utf-8")
    assert text.count(old) == 1
    weapons.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _only(result, code):
    found = [d for d in result.diagnostics if d.code.code == code]
    assert len(found) == 1, result.diagnostics
    return found[0]


@pytest.mark.parametrize(("scalar", "line", "column"), [
    ('    ability: "when used: gian 1 VP"\n', 83, 26),
    ("    ability: 'when used: gian 1 VP'\n", 83, 26),
    ("    ability: |\n      when used:\n        gian 1 VP\n", 85, 9),
    ("    ability: >\n      when used:\n        gian 1 VP\n", 85, 9),
])
def test_effect_errors_point_inside_the_scalar(tmp_path, scalar, line, column):
    result = check_packs([_copy_core(tmp_path, WARHAMMER, scalar)])
    diagnostic = _only(result, "effect-unknown-word")
    assert diagnostic.file.endswith("weapons.yaml")
    assert (diagnostic.line, diagnostic.column) == (line, column)
    assert diagnostic.end_column == column + 4 and diagnostic.hint == "did you mean 'gain'?"


def test_hand_written_text_must_match_the_generated_text(tmp_path):
    drifted = _copy_core(tmp_path, WARHAMMER, WARHAMMER + '    text: "When used: gain 2 VP."\n')
    diagnostic = _only(check_packs([drifted]), "text-drift")
    assert diagnostic.line == 84 and "When used: Gain 1 VP." in diagnostic.hint


def test_text_override_allows_a_deliberate_difference(tmp_path):
    allowed = _copy_core(tmp_path, WARHAMMER, WARHAMMER + '    text: "When used: +1 VP."\n'
                         '    text_override: the printed card abbreviates\n')
    assert check_packs([allowed]).ok


def test_matching_text_passes(tmp_path):
    same = _copy_core(tmp_path, WARHAMMER, WARHAMMER + '    text: "When used:  Gain 1 VP."\n')
    assert check_packs([same]).ok


def test_check_command_reports_effect_errors(tmp_path, capsys):
    broken = _copy_core(tmp_path, WARHAMMER, '    ability: "when used: prevent 1 damage"\n')
    assert main(["check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "error[effect-timing]" in out and "^^^^^^^" in out


@pytest.mark.parametrize(("stage", "expected"), [
    ("text", "Before you attack: Pay up to 3 Energy."),
    ("python", "ctx.add_damage(_v3)"),
    ("ast", "PayUpTo @1:16"),
])
def test_explain_emits_each_stage(capsys, stage, expected):
    assert main(["explain", str(CORE), "lightning-coil", "--emit", stage]) == 0
    assert expected in capsys.readouterr().out


def test_dsl_reference_lists_every_word_with_compiled_examples(capsys):
    assert main(["dsl-reference"]) == 0
    out = capsys.readouterr().out
    patterns = [v.pattern for v in VOCABULARY.verbs.values()]
    for word in [*VOCABULARY.phrases, *patterns, *VOCABULARY.attributes]:
        assert f"`{word}" in out
    assert "does not compile" not in out


def test_dsl_reference_can_be_written_to_a_file(tmp_path):
    target = tmp_path / "dsl.md"
    assert main(["dsl-reference", "--output", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("# The effect DSL")
