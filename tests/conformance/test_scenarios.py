"""Conformance: the game's rule scenarios run through `rulecraft test` and pass."""

from __future__ import annotations

import re

import pytest
from conformance_harness import definition, scenario_folder

from rulecraft.cli.main import main


def test_its_rule_scenarios_run_and_pass(game, capsys):
    if definition(game).scenario_adapter is None:
        pytest.skip(f"{game} declares no scenario adapter")
    folder = scenario_folder(game)
    assert folder is not None and folder.is_dir(), f"{game}: its definition's `scenarios` names no folder"
    code = main(["test", str(folder), "-q"])
    out = capsys.readouterr().out
    passed = re.search(r"(\d+) passed, (\d+) failed", out)
    assert code == 0 and passed, out
    assert int(passed[1]) > 0 and passed[2] == "0", out
