"""The Mecha Game rule scenarios (tests/mecha/scenarios/*.yaml): each passes, and together they name every
ruling M1-M22."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulecraft.plugins.mecha.scenarios import run

FOLDER = Path(__file__).parent / "scenarios"
SCENARIOS = [(path.name, s) for path in sorted(FOLDER.glob("*.yaml"))
             for s in yaml.safe_load(path.read_text())["scenarios"]]


@pytest.mark.parametrize(("file", "scenario"), SCENARIOS, ids=[f"{f}:{s['name']}" for f, s in SCENARIOS])
def test_scenario(file, scenario, core):
    result = run(scenario, core)
    assert result.passed, "\n".join(result.problems())


def test_every_ruling_m1_to_m22_is_named_by_a_scenario():
    covered = {ruling for _, s in SCENARIOS for ruling in s["covers"]}
    assert {f"M{i}" for i in range(1, 23)} - covered == set()


def test_every_scenario_file_follows_the_scenario_schema():
    import json

    from jsonschema import Draft7Validator

    schema = json.loads((FOLDER.parents[2] / "schemas" / "mecha" / "scenario.schema.json").read_text())
    Draft7Validator.check_schema(schema)
    for path in sorted(FOLDER.glob("*.yaml")):
        errors = [f"{path.name}: {e.json_path}: {e.message}"
                  for e in Draft7Validator(schema).iter_errors(yaml.safe_load(path.read_text()))]
        assert errors == []


def test_scenario_names_are_unique():
    names = [s["name"] for _, s in SCENARIOS]
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
    assert bad_card.error == "given: unknown card 'lancr'"
    bad_seat = run({"name": "y", "given": {"active": "c"}}, core)
    assert bad_seat.error == "given: a seat is 'a' or 'b', not 'c'"


def test_an_illegal_action_and_an_unscripted_decision_fail_the_scenario(core):
    illegal = run({"name": "x", "given": {}, "when": [{"do": ["attack", "c3", "c4"]}]}, core)
    assert illegal.error and "not a legal action" in illegal.error
    unscripted = run({"name": "y", "given": {"hands": {"b": ["emergency-plating"]},
                                             "units": {"c3": {"card": "lancer", "owner": "a"},
                                                       "c4": {"card": "courier", "owner": "b"}}},
                      "when": [{"do": ["attack", "c3", "c4"]}]}, core)
    assert unscripted.error and "UnscriptedDecision" in unscripted.error


def test_rulecraft_test_runs_the_mecha_scenarios_through_the_game_host(tmp_path, capsys):
    from rulecraft.cli.main import main

    assert main(["test", str(FOLDER), "--game", "mecha", "-q"]) == 0
    assert f"{len(SCENARIOS)} passed, 0 failed" in capsys.readouterr().out
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("scenarios:\n  - name: wrong on purpose\n    covers: [M12]\n"
                     "    given: {units: {c3: {card: lancer, owner: a}, c4: {card: bastion, owner: b}}}\n"
                     "    when: [{do: [attack, c3, c4]}]\n    then: {units: {c4: {durability: 4}}}\n")
    assert main(["test", str(wrong), "--game", "mecha"]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "units.c4.durability" in out and "expected: 4" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("scenarios:\n  - name: no covers\n")
    assert main(["test", str(bad), "--game", "mecha"]) == 1
    assert "bad.yaml:2" in capsys.readouterr().err
