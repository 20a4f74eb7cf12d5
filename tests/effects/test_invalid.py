"""Invalid effects fail with the right diagnostic code, the caret on the offending word, and no crash.

The cases live in invalid_cases.yaml: syntax, unknown words, arguments, types, timing, ranges,
unreachable branches and hostile input (Python injection, dunder names, attribute chains, huge
integers, 10,000 nested parentheses, megabyte strings).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.plugins.tem.vocabulary import VOCABULARY

CASES = yaml.safe_load((Path(__file__).parent / "invalid_cases.yaml").read_text(encoding="utf-8"))


def build(case: dict) -> str:
    effect = case["effect"]
    if "nest" in case:
        effect = effect.replace("{nest}", "(" * case["nest"] + "1" + ")" * case["nest"])
    return effect * case.get("repeat", 1)


def line_column(source: str, offset: int) -> str:
    before = source[:offset]
    return f"{before.count(chr(10)) + 1}:{offset - (before.rfind(chr(10)) + 1) + 1}"


def test_at_least_thirty_cases_cover_every_family():
    assert len(CASES) >= 30
    codes = {c["code"] for c in CASES}
    assert codes >= {"effect-syntax", "effect-unknown-word", "effect-arguments", "effect-type",
                     "effect-timing", "effect-range", "effect-unreachable", "effect-too-complex"}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_invalid_effect_is_located(case):
    source = build(case)
    start = time.perf_counter()
    compiled = compile_effect(source, case.get("kind", "weapon"), VOCABULARY)
    elapsed = time.perf_counter() - start
    assert not compiled.ok and not compiled.python, "an invalid effect must never produce a handler"
    first = compiled.problems[0]
    assert (first.code.code, line_column(source, first.start)) == (case["code"], case["at"]), first.message
    assert first.message and "Token" not in first.message and "$END" not in first.message
    assert elapsed < 1.0, "hostile input must be refused quickly, not parsed"
