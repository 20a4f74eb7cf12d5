"""The loader over a long run and over hostile bytes (issue 9): it keeps no scalars between files, locates
control characters and NUL bytes at their real line and column in its own words."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from rulecraft.compiler.loader import load_bytes, load_text
from rulecraft.plugins.tem.build import core_pack_path


def test_loading_the_core_pack_many_times_keeps_nothing():
    """100 loads of every core file in one process: the traced memory stays flat (it grew by about
    80 KB a load while a shared YAML constructor kept every scalar it had built). `python -m bench
    memory` runs the 1,000 full checks of the issue."""
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(core_pack_path().glob("*.yaml"))]
    for name, text in texts:
        load_text(text, name)
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(100):
            for name, text in texts:
                load_text(text, name)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown < 1_000_000, f"the loader kept {grown:,} bytes over 100 loads"


@pytest.mark.parametrize(("data", "line", "column", "shown"), [
    (b"kind: weapons\nentries:\n  - id: a\x00b\n", 3, 10, "a NUL byte (0x00)"),
    (b"kind: weapons\nname: ok\x07\n", 2, 9, "control character 0x07"),
    (b"a: 1\n\x1b[31mred: 2\n", 2, 1, "control character 0x1b"),
    (b"kind: \"caf\xc3\xa9 \x01\"\n", 1, 13, "control character 0x01"),
])
def test_a_control_character_is_located_where_it_is_in_our_words(data, line, column, shown):
    document, [problem] = load_bytes(data, "f.yaml")
    assert document is None
    assert (problem.code.code, problem.line, problem.column) == ("control-character", line, column)
    assert shown in problem.message and "yaml" not in problem.message.lower()


def test_tabs_and_newlines_are_not_control_characters():
    document, problems = load_bytes(b"a:\r\n  b: \"x\ty\"\r\n", "f.yaml")
    assert problems == [] and document.data == {"a": {"b": "x\ty"}}


def test_a_quoted_source_line_never_sends_escape_sequences_to_the_terminal(tmp_path):
    from rulecraft.compiler.diagnostics import format_human

    path = tmp_path / "f.yaml"
    path.write_bytes(b"a: 1\n\x1b[2Jred: 2\n")
    _, problems = load_bytes(path.read_bytes(), str(path))
    shown = format_human(problems)
    assert "\x1b" not in shown and "\u241b[2Jred: 2" in shown
