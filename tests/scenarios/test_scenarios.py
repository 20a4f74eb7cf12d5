"""Every rule scenario under tests/scenarios as its own test, the T1-T17 coverage, and the format itself:
strict choose mode, partial comparison, located diagnostics and the ``rulecraft test`` command."""

from __future__ import annotations

import json
import re
import sys
from importlib import resources
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulecraft.cli.main import main
from rulecraft.cli.test import report
from rulecraft.compiler.loader import yaml_files
from rulecraft.compiler.scenario_files import load_all, load_scenarios
from rulecraft.plugins.tem.game import VARIANTS
from rulecraft.plugins.tem.scenarios import Table, prepare
from rulecraft.runtime import scenarios as kit
from rulecraft.runtime.games import Ref
from rulecraft.runtime.scenarios import Scenario

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
GUIDE = ROOT / "site" / "docs" / "guides" / "scenarios.md"
RULINGS = [f"T{i}" for i in range(1, 18)]

SCENARIOS, DIAGNOSTICS = load_all([HERE])


def run(scenario: Scenario, *prepared):
    return kit.run(scenario, Table, *prepared)


def _id(scenario: Scenario) -> str:
    return f"{Path(scenario.file).relative_to(HERE).as_posix()}::{scenario.name}"


def test_every_scenario_file_loads_without_diagnostics():
    assert not DIAGNOSTICS, "\n".join(f"{d.file}:{d.line}:{d.column}: {d.message}" for d in DIAGNOSTICS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_id)
def test_scenario(scenario):
    result = run(scenario, *prepare(scenario))
    assert result.passed, f"{scenario.name} [covers {', '.join(scenario.covers)}]\n{report(result)}"


def test_every_ruling_t1_to_t17_is_covered_by_a_scenario():
    covered = {c for s in SCENARIOS for c in s.covers}
    assert not [r for r in RULINGS if r not in covered]


def test_the_project_has_at_least_120_scenarios_each_naming_a_rule():
    assert len(SCENARIOS) >= 120
    assert all(s.covers and s.name for s in SCENARIOS)


# --- the format --------------------------------------------------------------------------------
def _write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    """A TEM scenario file (``game: tem`` first: every line number below counts it)."""
    path = tmp_path / name
    path.write_text("game: tem\n" + text, encoding="utf-8")
    return path


def _one(tmp_path: Path, text: str):
    scenarios, diagnostics = load_scenarios(_write(tmp_path, text))
    assert not diagnostics, diagnostics
    (scenario,) = scenarios
    return run(scenario, *prepare(scenario))


COMBAT = """
scenarios:
  - name: combat
    covers: [T13]
    given:
      zones: {r1c3: dual-1-a}
      players: {red: {at: r1c2, pilot: ironside}, blue: {at: r1c3, pilot: ironside, health: 2}}
    when:
      - play: red-collect E
        decisions: {red: [%s]}
    then: %s
"""


def test_an_unscripted_decision_fails_the_scenario_even_if_then_expects_an_error(tmp_path):
    """Strict choose mode (XMage): nothing passes by accident."""
    result = _one(tmp_path, COMBAT % ("", "{error: decision}"))
    assert not result.passed and "unscripted attack decision" in result.error


def test_an_answer_left_unused_fails_the_scenario(tmp_path):
    result = _one(tmp_path, COMBAT % ("{attack: [energy-sword, false]}, {zone: r1c2}", "{round: 1}"))
    assert not result.passed and "left unused" in result.error and "zone" in result.error


def test_only_listed_fields_are_compared_and_differences_name_the_field(tmp_path):
    ok = _one(tmp_path, COMBAT % ("{attack: [energy-sword, false]}", "{players: {blue: {at: blue-base}}}"))
    assert ok.passed
    bad = _one(tmp_path, COMBAT % ("{attack: [energy-sword, false]}",
                                   "{players: {red: {vp: 9}}, events: [{e: retreat}]}"))
    first = bad.differences[0]
    assert (first.path, first.expected, first.actual) == ("players.red.vp", 9, 4)
    assert bad.differences[1].path == "events[0]"


def test_an_expected_event_must_come_in_order(tmp_path):
    result = _one(tmp_path, COMBAT % ("{attack: [energy-sword, false]}",
                                      "{events: [{e: ko, player: blue}, {e: combat-start}]}"))
    assert [d.path for d in result.differences] == ["events[1]"]


def test_offered_compares_a_decisions_options_exactly_as_a_subset_or_excluded(tmp_path):
    """then.offered: the options the rules offered, written as answers are; a mismatch names the check."""
    attack = "{attack: [energy-sword, false]}"
    ok = _one(tmp_path, COMBAT % (attack, "{offered: [{decision: attack, player: red, exactly: "
                                          "[[energy-sword, false]], excludes: [[energy-sword, true]]}]}"))
    assert ok.passed, report(ok)
    bad = _one(tmp_path, COMBAT % (attack, "{offered: [{decision: attack, exactly: [[energy-sword, true]]}, "
                                           "{decision: attack, includes: [[pulse-pistol, false]]}, "
                                           "{decision: attack, excludes: [[energy-sword, false]]}]}"))
    assert [(d.path, d.actual) for d in bad.differences] == [
        ("offered[0].exactly", [["energy-sword", False]]), ("offered[1].includes", [["energy-sword", False]]),
        ("offered[2].excludes", [["energy-sword", False]])]


def test_offered_names_a_decision_that_was_not_asked(tmp_path):
    result = _one(tmp_path, COMBAT % ("{attack: [energy-sword, false]}",
                                      "{offered: [{decision: zone, exactly: [r1c2]}, "
                                      "{decision: attack, player: red, nth: 2, "
                                      "exactly: [[energy-sword, false]]}]}"))
    assert [d.path for d in result.differences] == ["offered[0]", "offered[1]"]
    assert "0 such decision(s) asked" in result.differences[0].actual
    assert "attack" in result.differences[0].actual


def test_only_a_robot_can_be_given_a_facing(tmp_path):
    """R2: a Robot moves by sight and faces a way; a human moves by its cards' arrows (T4)."""
    result = _one(tmp_path, "scenarios:\n  - name: x\n    covers: [R2]\n"
                            "    given: {players: {red: {facing: E}}}\n    then: {round: 1}\n")
    assert not result.passed and "red moves by its cards' arrows (T4) and has no facing" in result.error


def test_a_given_combat_is_between_two_players_in_one_zone_with_equipped_weapons(tmp_path):
    base = ("scenarios:\n  - name: x\n    covers: [T13]\n    given:\n      players: {red: {at: r1c2}, "
            "blue: {at: %s}}\n      combat: {attacker: red, defender: blue, %s}\n    when: [{combat: true}]\n"
            "    then: {round: 1}\n")
    apart = _one(tmp_path, base % ("r1c3", "next: red"))
    assert "a Combat is between two players in one zone: red is at r1c2, blue at r1c3" in apart.error
    unequipped = _one(tmp_path, base % ("r1c2", "exhausted: {red: [warhammer]}"))
    assert "red has not equipped warhammer" in unequipped.error
    typo = _one(tmp_path, base % ("r1c2", "last_type: laser"))
    assert "no weapon type 'laser'; the types are area, melee, ranged" in typo.error


def test_a_malformed_file_gives_located_diagnostics(tmp_path):
    text = "scenarios:\n  - name: x\n    covers: [T1]\n    then: {players: {red: {hp: 3}}}\n"
    path = _write(tmp_path, text)
    _, diagnostics = load_scenarios(path, "case.yaml")
    assert [(d.code.code, d.line, d.column) for d in diagnostics] == [("unknown-key", 5, 28)]


def test_a_step_must_do_exactly_one_thing_and_players_must_be_seated(tmp_path):
    path = _write(tmp_path, "scenarios:\n  - name: x\n    covers: [T1]\n    when:\n"
                            "      - {play: red-collect E, end_round: true}\n"
                            "    then: {players: {green: {vp: 0}}}\n")
    _, diagnostics = load_scenarios(path, "case.yaml")
    assert [(d.code.code, d.line) for d in diagnostics] == [("scenario-step", 6), ("scenario-seat", 7)]


def test_duplicate_names_in_a_file_are_an_error(tmp_path):
    one = "  - name: same\n    covers: [T1]\n    then: {round: 1}\n"
    _, diagnostics = load_scenarios(_write(tmp_path, "scenarios:\n" + one + one), "case.yaml")
    assert [(d.code.code, d.line) for d in diagnostics] == [("scenario-name", 6)]


def test_a_variant_pack_and_a_plugin_can_be_given(tmp_path, monkeypatch):
    """given.packs (relative to the file) and given.plugins (by registered name) change the rules played."""
    (tmp_path / "bonus_plugin.py").write_text(
        "from rulecraft.plugins.hookspecs import hookimpl\n\n"
        "@hookimpl\ndef rulecraft_round_scores(game, player):\n    return [('bonus', 1)]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(VARIANTS, "bonus-plugin", Ref("bonus_plugin"))
    variant = (ROOT / "tests" / "packs" / "variant-heavy-metal").resolve()
    result = _one(tmp_path, f"""
scenarios:
  - name: heavy metal upgrade costs 6 and the plugin adds a bonus at scoring
    covers: [T1, T14]
    given:
      packs: [{variant.as_posix()}]
      plugins: [bonus-plugin]
      round: 2
      players: {{red: {{at: r1c2, pilot: ironside, credits: 6}}}}
    when:
      - play: red-power-up E
        decisions: {{red: [{{power-up: [upgrade]}}]}}
      - end_round: true
    then:
      players: {{red: {{status: power-armor, credits: 0}}}}
      events: [{{e: vp, player: red, source: bonus, vp: 1}}]
""")
    assert result.passed, report(result)
    sys.modules.pop("bonus_plugin", None)


@pytest.mark.parametrize("package", ["rulecraft.schemas", "rulecraft.schemas.tem"])
def test_the_scenario_schema_describes_every_property(package):
    """TEM's scenario schema and the shared skeleton it refers to (editors show these descriptions)."""
    schema = json.loads(resources.files(package).joinpath("scenario.schema.json").read_text())
    missing = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, prop in node.get("properties", {}).items():
                if isinstance(prop, dict) and "description" not in prop:
                    missing.append("/".join((*path, key)))
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, list):
            for value in node:
                walk(value, path)

    walk(schema, ())
    assert not missing


# --- the guide's example and the command -------------------------------------------------------
def _guide_example() -> str:
    """The guide's complete example: its first YAML block holding scenarios."""
    blocks = re.findall(r"```yaml[^\n]*\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    return next(b for b in blocks if "\nscenarios:" in "\n" + b)


def test_the_guides_complete_example_passes(tmp_path, capsys):
    path = tmp_path / "example.yaml"
    path.write_text(_guide_example(), encoding="utf-8")
    assert main(["test", str(path)]) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and "FAIL" not in out


def test_rulecraft_test_exit_codes_and_failure_report(tmp_path, capsys):
    attack = "{attack: [energy-sword, false]}"
    good = _write(tmp_path, COMBAT % (attack, "{players: {red: {vp: 4}}}"), "a.yaml")
    assert main(["test", str(good)]) == 0
    bad = _write(tmp_path, COMBAT % (attack, "{players: {red: {vp: 5}}}"), "b.yaml")
    capsys.readouterr()
    assert main(["test", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "players.red.vp" in out and "expected: 5" in out and "actual:   4" in out
    assert "combat-start attacker=red defender=blue" in out
    broken = _write(tmp_path, "scenarios: [{name: x}]\n", "c.yaml")
    assert main(["test", str(broken)]) == 1
    assert f"{broken}:2:13: error[schema-required]" in capsys.readouterr().err
    assert main(["test", str(tmp_path / "missing.yaml")]) == 2


def test_folders_are_searched_recursively(tmp_path):
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "sub", "x: 1\n", "deep.yaml")
    _write(tmp_path, "x: 1\n", "notes.txt")
    assert [p.name for p in yaml_files([tmp_path])] == ["deep.yaml"]


# --- robustness: no input makes the loader or the runner raise --------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.sampled_from(
    ["red", "blue", "r1c2", "mech-zone", "red-collect E", "energy-sword", "mine", "T8", "x", "", "melee",
     "E", "zone", "attack"]))
KEYS = st.sampled_from(["name", "covers", "given", "when", "then", "players", "red", "at", "play",
                        "decisions", "tokens", "attack", "events", "e", "round", "end_round", "setup",
                        "health", "mech", "error", "combat", "attacker", "defender", "next", "exhausted",
                        "last_type", "offered", "decision", "exactly", "includes", "facing"])
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=4)), max_leaves=12)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(scenario=st.dictionaries(st.sampled_from(["name", "covers", "given", "when", "then"]), VALUES))
def test_any_scenario_shape_gives_diagnostics_or_a_result_never_an_exception(tmp_path, scenario):
    """Located diagnostics for bad files, a Result for any schema-valid scenario: never a traceback."""
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump({"game": "tem", "scenarios": [
        {"name": "n", "covers": ["T1"], "then": {"round": 1}, **scenario}]}), encoding="utf-8")
    scenarios, diagnostics = load_scenarios(path, "fuzz.yaml")
    assert all(d.line for d in diagnostics)
    for found in scenarios:
        assert isinstance(run(found, *prepare(found)).passed, bool)
