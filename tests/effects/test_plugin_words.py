"""`rulecraft check` compiles a pack's effects with the DSL words of the plugins its manifest names."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulecraft.plugins import manager
from rulecraft.plugins.tem.build import load_ruleset
from rulecraft.plugins.tem.game import VARIANTS
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.games import Ref

HERE = Path(__file__).parent / "plugin_word"
PACK = HERE / "overclock-pack"


@pytest.fixture
def overclock_plugin(monkeypatch):
    """The test plugin `overclock` (tests/effects/plugin_word), findable by name like a shipped one."""
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setitem(VARIANTS, "overclock", Ref("rulecraft_test_overclock"))


def test_a_pack_using_its_plugins_word_passes_the_check(overclock_plugin):
    result = check_packs([PACK])
    assert result.ok, [d.message for d in result.diagnostics]


def test_the_same_word_without_the_plugin_is_an_unknown_word():
    core = manager.make_manager("tem").vocabulary()
    from rulecraft.compiler.effects.build import compile_effect

    compiled = compile_effect("after attack: overclock 2", "weapon", core)
    assert not compiled.ok and compiled.problems[0].code.code == "effect-unknown-word"


def test_a_named_plugin_that_is_not_registered_is_located_at_its_manifest_entry():
    result = check_packs([PACK])
    [problem] = [d for d in result.diagnostics if d.code.code == "plugin-unknown"]
    assert problem.file.endswith("pack.yaml") and (problem.line, problem.column) == (10, 11)
    assert "'overclock'" in problem.message


def test_the_checked_word_runs_in_the_built_ruleset(overclock_plugin):
    ruleset = load_ruleset([PACK])
    [ability] = ruleset.weapons["overclocked-hammer"].abilities["after_attack"]
    assert ability.text == "After you attack: Overclock 2."


def test_checking_a_pack_does_not_import_an_engine_or_agents():
    """The compiler reaches plugins only through the plugin host's answers (`StackPlugins`: content kinds
    and DSL words); no game engine, game core or heuristic agent is imported by a check."""
    heavy = ("rulecraft.runtime.game", "rulecraft.plugins.tem.engine", "rulecraft.plugins.tem.heuristic")
    code = ("import sys; from rulecraft.plugins.tem.build import core_pack_path; "
            "from rulecraft.plugins.wiring import check_packs; assert check_packs([core_pack_path()]).ok; "
            f"print(sorted(m for m in sys.modules if m in {heavy!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
