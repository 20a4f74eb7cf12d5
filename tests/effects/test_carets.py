"""Carets inside effect strings sit under the offending token in every YAML scalar style (issue 10).

Two checks over the effect errors of ``caret_goldens.EFFECTS`` written in each style of
``caret_goldens.STYLES``: the source text under each caret is exactly the token the effect compiler
blamed, and the whole human output matches ``golden/carets-in-yaml.txt`` (see caret_goldens.py to
regenerate it after an intended change).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from caret_goldens import EFFECTS, GOLDEN, PLAIN, STYLES, diagnostics, render

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.plugins.tem.vocabulary import VOCABULARY


@pytest.mark.parametrize("style", list(STYLES))
def test_each_caret_is_under_the_token_the_compiler_blamed(tmp_path: Path, style: str):
    found = diagnostics(tmp_path, style)
    assert len(found) == len(EFFECTS), [d.message for d in found]
    for diagnostic, (_, effect) in zip(found, EFFECTS, strict=True):
        effect = PLAIN.get(style, str)(effect)
        problem = compile_effect(effect, "weapon", VOCABULARY).problems[0]
        assert diagnostic.message == problem.message
        blamed = effect[problem.start:problem.end]
        if not blamed.strip():  # a problem at the end of the effect has no token to sit under
            continue
        line = Path(diagnostic.file).read_text(encoding="utf-8").splitlines()[diagnostic.line - 1]
        under = line[diagnostic.column - 1:diagnostic.end_column - 1]
        assert under == blamed, f"{style}: caret under {under!r}, the compiler blamed {blamed!r}"


def test_trigger_errors_point_at_the_word_not_the_next_token():
    """The grammar reads every word before ':' as the trigger; the caret still lands on the word at fault."""
    missing_colon = compile_effect("after attack gain 1 vp", "weapon", VOCABULARY).problems[0]
    second_trigger = compile_effect("after attack: gain 1 vp when attacked: prevent 1 damage",
                                    "weapon", VOCABULARY).problems[0]
    assert (missing_colon.start, missing_colon.end) == (13, 17)        # 'gain'
    assert (second_trigger.start, second_trigger.end) == (24, 38)      # 'when attacked:'


def test_human_output_matches_the_golden_file(tmp_path: Path):
    assert render(tmp_path) == GOLDEN.read_text(encoding="utf-8"), (
        "carets changed; if intended, run `python tests/effects/caret_goldens.py` and review "
        "`git diff tests/effects/golden`")
