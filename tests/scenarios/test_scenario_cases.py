"""The broken scenario files under tests/scenario-cases/invalid: each reports exactly its pinned
diagnostics (code, file, line, column), and every ``scenario-*`` error code has such a case."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulecraft.compiler import errorcodes
from rulecraft.compiler.scenarios import load_scenarios

CASES = Path(__file__).parent.parent / "scenario-cases" / "invalid"
FOLDERS = sorted(p for p in CASES.iterdir() if p.is_dir())


def _expected(case: Path) -> list[tuple]:
    pinned = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8"))["diagnostics"]
    return sorted((d["code"], d["file"], d["line"], d["column"]) for d in pinned)


@pytest.mark.parametrize("case", FOLDERS, ids=lambda p: p.name)
def test_a_broken_scenario_file_reports_exactly_its_pinned_diagnostics(case):
    _, diagnostics = load_scenarios(case / "scenario.yaml", "scenario.yaml")
    assert sorted((d.code.code, d.file, d.line, d.column) for d in diagnostics) == _expected(case)


def test_every_scenario_error_code_has_a_case():
    shown = {code for case in FOLDERS for code, *_ in _expected(case)}
    scenario_codes = {c for c in errorcodes.REGISTRY if c.startswith("scenario-")}
    assert scenario_codes - shown == set()
