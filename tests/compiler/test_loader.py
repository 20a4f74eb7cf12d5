"""Load: safe YAML with positions (issue 2 section 2). Every hazard is refused with a located error."""

from __future__ import annotations

import tracemalloc

import pytest

from rulecraft.compiler import loader
from rulecraft.compiler.loader import Span, load_bytes, load_text

# 300 bytes that expand to 9**6 (about half a million) strings in a loader that resolves aliases.
ALIAS_BOMB = (
    'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
)


def _codes(result):
    document, problems = result
    assert (document is None) == bool(problems)
    return [(d.code.code, d.line, d.column) for d in problems]


def test_alias_bomb_is_refused_at_the_first_anchor_without_expanding():
    assert len(ALIAS_BOMB.encode()) <= 300
    tracemalloc.start()
    try:
        result = load_text(ALIAS_BOMB, "bomb.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert _codes(result) == [("yaml-anchor", 1, 4)]
    assert peak < 1_000_000  # refused while streaming: nothing was expanded


def test_spans_point_at_values_and_keys():
    text = "kind: weapons\nentries:\n  - id: sword\n    cost: {credits: 2}\n"
    document, problems = load_text(text, "w.yaml")
    assert problems == []
    assert document.data == {"kind": "weapons", "entries": [{"id": "sword", "cost": {"credits": 2}}]}
    assert document.spans[("entries", 0, "cost", "credits")] == Span(4, 21, 4, 22, "")
    assert document.key_spans[("entries", 0, "cost")].line == 4
    assert document.key_spans[("entries", 0, "cost")].column == 5
    assert document.span_of(("entries", 0, "missing", "deeper")).line == 3  # nearest ancestor: the entry


@pytest.mark.parametrize(("text", "expected"), [
    ("a: 1\na: 2\n", [("duplicate-key", 2, 1)]),
    ("a: !!python/object:os.system x\n", [("yaml-tag", 1, 4)]),
    ("a: !custom x\n", [("yaml-tag", 1, 4)]),
    ("a: *nothing\n", [("yaml-anchor", 1, 4)]),
    ("<<: {a: 1}\n", [("yaml-anchor", 1, 1)]),
    ("a: 1\n---\nb: 2\n", [("multiple-documents", 2, 1)]),
    ("? [a]\n: 1\n", [("complex-key", 1, 3)]),
    ("a: [1, 2\n", [("yaml-syntax", 1, 4)]),     # at the '[' that is never closed
    ("a: !!int x\n", [("yaml-syntax", 1, 4)]),
    ("a: " + "[" * 80 + "]" * 80 + "\n", [("too-deep", 1, 4 + loader.MAX_DEPTH)]),
])
def test_each_hazard_has_its_code_and_position(text, expected):
    assert _codes(load_text(text, "f.yaml")) == expected


@pytest.mark.parametrize(("data", "expected"), [
    (b"\xef\xbb\xbfa: 1\n", [("byte-order-mark", 1, 1)]),
    (b"\xff\xfea\x00", [("byte-order-mark", 1, 1)]),
    (b"a: 1\nb: caf\xe9\n", [("not-utf8", 2, 7)]),
])
def test_encoding_problems_are_located(data, expected):
    assert _codes(load_bytes(data, "f.yaml")) == expected


def test_file_size_cap(monkeypatch):
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 10)
    assert _codes(load_bytes(b"a: 12345678901\n", "f.yaml")) == [("file-too-large", 1, 1)]


def test_core_schema_scalars_and_no_implicit_timestamps():
    document, _ = load_text("a: 1\nb: 1.5\nc: true\nd: null\ne: 2024-01-01\nf: '<<'\ng: 0x10\n", "f.yaml")
    assert document.data == {"a": 1, "b": 1.5, "c": True, "d": None, "e": "2024-01-01", "f": "<<", "g": 16}


def test_empty_file_has_no_data():
    for text in ("", "# only a comment\n"):
        document, problems = load_text(text, "f.yaml")
        assert problems == [] and document.data is None
