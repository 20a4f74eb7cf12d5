"""Pig's scenario runner scripts the game's chance strictly: a roll the scenario does not script, a scripted
roll the game never throws and a face the die does not have each fail the scenario at its ``rolls`` line,
naming the roll (the miscripted scenarios of ``miscripted/rolls.yaml``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulecraft_pig import scenarios

from rulecraft.cli.main import main

MISCRIPTED = Path(__file__).resolve().parent / "miscripted" / "rolls.yaml"
FAILURES = {
    "too few rolls": r":7: unscripted roll \(turn roll\): the chance script is used up \(roll 3; the "
                     r"scenario scripts 2\)$",
    "too many rolls": r":12: the scenario's rolls 6-7 are never thrown \(turn roll: 3, 2\): the game stopped "
                      r"after 5 of its 7 rolls$",
    "a roll too many": r":17: the scenario's roll 4 is never thrown \(turn roll: 2\): the game stopped after "
                       r"3 of its 4 rolls$",
    "a face the die": r":22: the roll \(turn roll\): 7 is not a face of die 'd6' \(faces: 1, 2, 3, 4, 5, 6\) "
                      r"\(roll 1; the scenario scripts 1\)$",
}


@pytest.mark.parametrize("start", FAILURES)
def test_a_miscripted_roll_fails_the_scenario_at_its_rolls_naming_the_roll(start: str) -> None:
    found, _ = scenarios.load_all([MISCRIPTED])
    scenario = next(s for s in found if s.name.startswith(start))
    result = scenarios.run(scenario, *scenarios.prepare(scenario))
    assert not result.passed and result.error is not None
    assert result.error.startswith(str(MISCRIPTED) + ":")
    assert re.search(FAILURES[start], result.error), result.error


def test_rulecraft_test_reports_each_miscripted_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", "--game", "pig", str(MISCRIPTED)]) == 1
    out = capsys.readouterr().out
    assert out.count("FAIL ") == len(FAILURES) and "0 passed, 4 failed" in out
