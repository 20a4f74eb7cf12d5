"""The Mecha Game rule scenarios (tests/mecha/scenarios/*.yaml): each passes, and together they name every
ruling M1-M22."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulecraft.compiler.scenario_files import load_all
from rulecraft.plugins.mecha.scenarios import Table
from rulecraft.runtime import scenarios as kit
from rulecraft.runtime.scenarios import Scenario

FOLDER = Path(__file__).parent / "scenarios"
SCENARIOS, DIAGNOSTICS = load_all([FOLDER])


def run(scenario: dict, core) -> kit.Result:
    """A scenario written here as data, played on the kit as a loaded one is."""
    return kit.run(Scenario(scenario["name"], tuple(scenario.get("covers", ())), "mecha",
                            scenario.get("given", {}), tuple(scenario.get("when", ())),
                            scenario.get("then", {})), Table, core)


def test_every_scenario_file_loads_without_diagnostics():
    assert not DIAGNOSTICS, "\n".join(f"{d.file}:{d.line}:{d.column}: {d.message}" for d in DIAGNOSTICS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{Path(s.file).name}:{s.name}" for s in SCENARIOS])
def test_scenario(scenario, core):
    result = kit.run(scenario, Table, core)
    assert result.passed, "\n".join(result.problems())


# M24 (card names) is a rule of the deck check, not of play: tests/mecha/test_checks.py and the
# duplicate-name and deck cases of tests/content pin it.
DECK_RULES = {"M24"}


def test_every_ruling_m1_to_m25_but_the_deck_rules_is_named_by_a_scenario():
    covered = {ruling for s in SCENARIOS for ruling in s.covers}
    assert {f"M{i}" for i in range(1, 26)} - DECK_RULES - covered == set()


def test_every_scenario_file_follows_the_scenario_schema():

    from jsonschema import Draft7Validator

    from rulecraft.compiler.validate import load_schema, validator

    schema_name = "rulecraft.schemas.mecha:scenario.schema.json"
    Draft7Validator.check_schema(load_schema(schema_name))
    for path in sorted(FOLDER.glob("*.yaml")):     # through the shared skeleton its $refs name
        errors = [f"{path.name}: {e.json_path}: {e.message}"
                  for e in validator(schema_name).iter_errors(yaml.safe_load(path.read_text()))]
        assert errors == []


def test_scenario_names_are_unique():
    names = [s.name for s in SCENARIOS]
    assert len(names) == len(set(names))


def test_a_failing_expectation_is_reported_not_passed(core):
    scenario = {"name": "wrong on purpose", "covers": ["M12"],
                "given": {"units": {"c3": {"card": "lancer", "owner": "a"},
                                    "c4": {"card": "bastion", "owner": "b"}}},
                "when": [{"do": ["attack", "c3", "c4"]}],
                "then": {"units": {"c4": {"durability": 4}}}}
    result = run(scenario, core)
    assert result.problems() == ["units.c4.durability: expected 4, got 2"]


def test_a_given_with_an_unknown_card_or_seat_fails_the_scenario_with_why(core):
    bad_card = run({"name": "x", "given": {"units": {"c3": {"card": "lancr", "owner": "a"}}}}, core)
    assert bad_card.error == "the given state cannot be set up: KeyError: lancr"
    bad_seat = run({"name": "y", "given": {"active": "c"}}, core)
    assert bad_seat.error == "the given state cannot be set up: ValueError: a seat is 'a' or 'b', not 'c'"


def test_an_illegal_action_and_an_unscripted_decision_fail_the_scenario(core):
    illegal = run({"name": "x", "given": {}, "when": [{"do": ["attack", "c3", "c4"]}]}, core)
    assert illegal.error and "not a legal action" in illegal.error
    unscripted = run({"name": "y", "given": {"hands": {"b": ["emergency-plating"]},
                                             "units": {"c3": {"card": "lancer", "owner": "a"},
                                                       "c4": {"card": "courier", "owner": "b"}}},
                      "when": [{"do": ["attack", "c3", "c4"]}]}, core)
    assert unscripted.error and "unscripted window decision" in unscripted.error


def test_rulecraft_test_runs_the_mecha_scenarios_through_the_game_host(tmp_path, capsys):
    from rulecraft.cli.main import main

    assert main(["test", str(FOLDER), "-q"]) == 0
    assert f"{len(SCENARIOS)} passed, 0 failed" in capsys.readouterr().out
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("game: mecha\nscenarios:\n  - name: wrong on purpose\n    covers: [M12]\n"
                     "    given: {units: {c3: {card: lancer, owner: a}, c4: {card: bastion, owner: b}}}\n"
                     "    when: [{do: [attack, c3, c4]}]\n    then: {units: {c4: {durability: 4}}}\n")
    assert main(["test", str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "units.c4.durability" in out and "expected: 4" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mecha\nscenarios:\n  - name: no covers\n")
    assert main(["test", str(bad)]) == 1
    assert "bad.yaml:3" in capsys.readouterr().err
