"""The check and explain commands: exit codes (0 clean, 1 content, 2 usage), formats, provenance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulecraft.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "content" / "tem-core"
VARIANT = ROOT / "tests" / "packs" / "variant-heavy-metal"
CASES = ROOT / "tests" / "content" / "invalid"


def test_core_pack_checks_clean(capsys):
    assert main(["check", str(CORE)]) == 0
    assert "0 error(s)" in capsys.readouterr().err


def test_content_error_exits_1_with_located_message_and_no_traceback(capsys):
    assert main(["check", str(CASES / "schema-enum-typo" / "pack")]) == 1
    out, err = capsys.readouterr()
    assert "weapons.yaml:6:11: error[enum-value]" in out
    assert "did you mean 'melee'?" in out
    assert "Traceback" not in out + err


def test_missing_path_is_a_usage_error(capsys):
    assert main(["check", "no/such/pack"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_json_and_github_formats(capsys):
    pack = str(CASES / "schema-unknown-key" / "pack")
    assert main(["check", pack, "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in report] == ["unknown-key"]
    assert main(["check", pack, "--format", "github"]) == 1
    assert "::error file=" in capsys.readouterr().out


def test_explain_shows_provenance_across_two_packs(capsys):
    assert main(["explain", str(VARIANT), "weapons:energy-sword"]) == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[2:]}
    lines = (VARIANT / "weapons.yaml").read_text(encoding="utf-8").splitlines()
    line = lines.index("    cost: {credits: 3}") + 1
    pack, where = rows["cost.credits"].split()[-2:]
    assert pack == "variant-heavy-metal" and where.endswith(f"variant-heavy-metal/weapons.yaml:{line}:21")
    pack, where = rows["name"].split()[-2:]
    assert pack == "tem-core" and where.endswith("tem-core/weapons.yaml:13:11")


def test_explain_inherited_fields_name_the_parent_pack(capsys):
    assert main(["explain", str(VARIANT), "wrecking-ball"]) == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[2:]}
    assert "variant-heavy-metal" in rows["damage"]
    assert "tem-core" in rows["tier"] and "tem-core" in rows["copies"]
    assert "variant-heavy-metal" in rows["vp"]  # the parent warhammer was patched by the variant


def test_explain_unknown_entity_is_a_usage_error_with_a_suggestion(capsys):
    assert main(["explain", str(VARIANT), "weapons:energy-swrod"]) == 2
    assert "did you mean 'energy-sword'?" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["explain", str(CORE)], ["explain", "nowhere", "rules"]])
def test_explain_usage_errors(argv, capsys):
    assert main(argv) == 2


def test_explain_uses_a_rich_table_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["explain", str(VARIANT), "rules"]) == 0
    out = capsys.readouterr().out
    assert "┃" in out and "rounds" in out and "variant-heavy-metal" in out


def test_the_same_pack_named_twice_is_checked_once(capsys):
    assert main(["check", str(CORE), str(CORE / "pack.yaml")]) == 0


def test_explain_wraps_a_long_value_instead_of_cutting_it(capsys, monkeypatch):
    """Issue 10: the riot shield's 61-character ability is shown whole, wrapped in its column."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["explain", str(CORE), "weapons:riot-shield"]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("ability "))
    column = lines[start].index("when attacked")
    shown = [lines[start][column:].split("  tem-core")[0].strip()]
    for line in lines[start + 1:]:
        if line[:column].strip():
            break
        shown.append(line[column:].strip())
    assert " ".join(shown) == "when attacked: if attack-type is ranged then prevent 1 damage"
    assert len(shown) > 1 and "..." not in "\n".join(lines)
