"""Golden tests of every compiler stage (source -> AST, diagnostics, Python, text); see goldens.py."""

from __future__ import annotations

import pytest
from effect_goldens import STAGES, cases, render

CASES = cases()


def test_there_are_golden_cases():
    assert len(CASES) >= 10


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_every_stage_matches_its_golden_file(case):
    produced = render(case.read_text(encoding="utf-8"))
    for stage in STAGES:
        expected = case.with_suffix(f".{stage}")
        assert expected.exists(), f"{expected.name} missing: run `python tests/effects/effect_goldens.py`"
        assert produced[stage] == expected.read_text(encoding="utf-8"), (
            f"{case.stem}.{stage} changed; if intended, run `python tests/effects/effect_goldens.py` "
            "and review `git diff tests/effects/golden`")
