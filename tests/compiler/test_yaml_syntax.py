"""YAML syntax errors in the author's words, at the line where the fix belongs (issue 10, item 3).

Each broken text names the code, line and column it must report; none may fall back to the parser's
own phrasing ("while parsing ...", "expected <block end>").
"""

from __future__ import annotations

import pytest

from rulecraft.compiler.loader import load_text

CASES = [
    ("a: {b: 1\nc: 2\n", "yaml-syntax", 1, 4, "'{' is never closed"),
    ("a: [1, 2\nc: 2\n", "yaml-syntax", 1, 4, "'[' is never closed"),
    ('a: "open\nc: 2\n', "yaml-syntax", 1, 4, "quoted text is never closed"),
    ("a: 'open\n", "yaml-syntax", 1, 4, "quoted text is never closed"),
    ("a: time: 3\n", "yaml-syntax", 1, 8, "inside a plain value"),
    ('a: "x\\qy"\n', "yaml-syntax", 1, 6, "unknown escape"),
    ("a: @x\n", "yaml-syntax", 1, 4, "cannot start with this character"),
    ("a: 1\nb\nc: 2\n", "yaml-indentation", 2, 1, "is not a key"),
    ("a: 1\n- b\n", "yaml-indentation", 2, 1, "list item is lined up with the keys"),
    ("a:\n  b: 1\n c: 2\n", "yaml-indentation", 3, 2, "lines up with no block"),
]


@pytest.mark.parametrize(("text", "code", "line", "column", "words"), CASES, ids=[c[4] for c in CASES])
def test_syntax_error_is_explained_where_the_fix_belongs(text, code, line, column, words):
    _, [problem] = load_text(text, "f.yaml")
    assert (problem.code.code, problem.line, problem.column) == (code, line, column), problem.message
    assert words in problem.message and problem.hint
    assert "while parsing" not in problem.message and "<block" not in problem.message
