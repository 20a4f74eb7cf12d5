"""Indentation errors name the line at fault (issue 10, item 3), never a line that is fine.

The cases in tests/content/invalid/load-indentation-* pin code, file, line and column; these tests pin
that the line-reading heuristic behind them (``rulecraft.compiler.indentation``) stays quiet on every
well-formed YAML file of the repository and, when one line of a real pack file is shifted, names that
line.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.compiler.indentation import find_problem
from rulecraft.compiler.loader import load_text

ROOT = Path(__file__).resolve().parents[2]
WEAPONS = (ROOT / "content" / "tem-core" / "weapons.yaml").read_text(encoding="utf-8")


def _well_formed_yaml() -> list[tuple[Path, str]]:
    found = []
    for folder in ("content", "tests", "site"):
        for path in sorted(p for p in (ROOT / folder).rglob("*.y*ml") if p.is_file()):
            text = path.read_text(encoding="utf-8", errors="replace")
            try:
                yaml.safe_load(text)
            except (yaml.YAMLError, ValueError):
                continue
            found.append((path, text))
    return found


def test_no_well_formed_file_of_the_repository_has_an_indentation_problem():
    files = _well_formed_yaml()
    assert len(files) > 100
    flagged = [(path, find_problem(text, len(text.splitlines()))) for path, text in files]
    assert [(path, problem) for path, problem in flagged if problem] == []


@settings(max_examples=150)
@given(st.data())
def test_a_shifted_line_is_the_line_named(data):
    lines = WEAPONS.splitlines()
    structural = [i for i, line in enumerate(lines) if line.startswith("    ") and ": " in line]
    index = data.draw(st.sampled_from(structural))
    shift = data.draw(st.sampled_from([-3, -1, 1, 2]))
    line = lines[index]
    lines[index] = line[-shift:] if shift < 0 else " " * shift + line
    _, problems = load_text("\n".join(lines) + "\n", "weapons.yaml")
    [problem] = problems
    column = len(lines[index]) - len(lines[index].lstrip()) + 1
    assert (problem.code.code, problem.line, problem.column) == ("yaml-indentation", index + 1, column)
