"""A pack is data: no effect string, and no cached compiled pack, can make rulecraft run code.

The generator only emits allow-listed Python (verify.py), handlers run without builtins, and a
tampered cache entry is refused and recompiled rather than executed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulecraft.compiler import signed_store
from rulecraft.compiler.effects import cache
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import compile_stack
from rulecraft.compiler.effects.verify import UnsafeCode, load, verify
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.plugins.wiring import check_packs

CORE = Path(__file__).resolve().parents[2] / "content" / "tem-core"

HOSTILE_SOURCES = {
    "import": "def ability(ctx):\n    import os\n",
    "builtin call": "def ability(ctx):\n    open('/etc/passwd')\n",
    "dunder attribute": "def ability(ctx):\n    ctx.__class__\n",
    "attribute chain": "def ability(ctx):\n    ctx.gain.__globals__\n",
    "unknown method": "def ability(ctx):\n    ctx.system('ls')\n",
    "method reference": "def ability(ctx):\n    _v1 = ctx.gain\n",
    "subscript": "def ability(ctx):\n    _v1 = ctx.choose(('a',), 'x')[0]\n",
    "lambda": "def ability(ctx):\n    _v1 = lambda: 1\n",
    "other name": "def ability(ctx):\n    os\n",
    "keyword argument": "def ability(ctx):\n    ctx.gain(resource='vp', amount=1)\n",
    "two functions": "def ability(ctx):\n    pass\ndef other(ctx):\n    pass\n",
    "module code": "import os\ndef ability(ctx):\n    pass\n",
    "default argument": "def ability(ctx=print):\n    pass\n",
    "decorator": "@print\ndef ability(ctx):\n    pass\n",
    "rebinding ctx": "def ability(ctx):\n    ctx = 1\n",
    "bytes constant": "def ability(ctx):\n    _v1 = b'x'\n",
    "f-string": "def ability(ctx):\n    _v1 = f'{ctx}'\n",
    "comprehension": "def ability(ctx):\n    _v1 = [x for x in ()]\n",
}


@pytest.mark.parametrize("name", HOSTILE_SOURCES)
def test_verifier_refuses_code_outside_the_allow_list(name):
    with pytest.raises(UnsafeCode):
        verify(HOSTILE_SOURCES[name], VOCABULARY.methods)


def test_handlers_run_without_builtins():
    compiled = compile_effect("after attack: gain 1 vp", "weapon", VOCABULARY)
    handler = load(compiled.python[0], "<test>", VOCABULARY.methods)
    assert handler.__globals__["__builtins__"] == {}
    assert set(handler.__globals__) == {"__builtins__", "ability"}


def test_every_generated_handler_passes_the_verifier():
    for source in ("before attack: pay up to 3 energy or credits: +1 damage and heal 1 each",
                   "at round start: move to an adjacent zone",
                   "when attacked: if attack-type is not ranged and health < 3 or vp = 0 "
                   "then prevent 1 damage"):
        compiled = compile_effect(source, "weapon", VOCABULARY)
        assert compiled.ok
        for python in compiled.python:
            verify(python, VOCABULARY.methods)


def test_user_text_never_reaches_code_unquoted():
    """Words an author writes become registry identifiers or repr() literals, never code."""
    compiled = compile_effect("after attack: gain 1 vp", "weapon", VOCABULARY)
    code_lines = [line for line in compiled.python[0].splitlines() if not line.strip().startswith("#")]
    assert "ctx.gain('vp', 1)" in "\n".join(code_lines)


def test_tampered_cache_entry_is_refused_and_recompiled(tmp_path):
    stack = check_packs([CORE]).stack      # the check compiles the effects and leaves the cache warm
    first = compile_stack(stack, VOCABULARY, use_cache=False)
    assert not first.from_cache and first.abilities
    second = compile_stack(stack, VOCABULARY)
    assert second.from_cache and second.abilities.keys() == first.abilities.keys()
    [entry_file] = list(signed_store.folder().glob("effects-*"))
    entry = json.loads(entry_file.read_bytes().partition(b"\n")[2])
    marker = tmp_path / "pwned"
    entry["entries"][0]["python"][0] = f"import os\ndef ability(ctx):\n    os.system('touch {marker}')\n"
    cache.write(entry["key"], entry)        # even signed with this user's secret, the verifier refuses it
    third = compile_stack(stack, VOCABULARY)
    assert not third.from_cache, "a tampered entry must not be used"
    for abilities in third.abilities.values():
        for ability in abilities:
            assert ability.handler.__code__.co_names  # real handlers, recompiled
    assert not marker.exists()


def test_cache_lives_in_the_per_user_signed_store(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.STORE.path("k") == tmp_path / "xdg" / "rulecraft" / "signed" / "effects-k"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.STORE.path("k") == Path.home() / ".cache" / "rulecraft" / "signed" / "effects-k"


def test_a_negative_literal_from_constant_folding_is_allowed():
    """`0 - 1` folds to -1, which Python parses as unary minus: harmless, so the verifier accepts it
    (found by the grammar fuzzer)."""
    from rulecraft.compiler.effects.build import load_handlers

    compiled = compile_effect("after attack: if health < 1 and health > 0 - 1 then deal 1 damage", "weapon",
                              VOCABULARY)
    assert compiled.ok and "> -1" in compiled.python[0]
    assert load_handlers(compiled.triggers, compiled.python, compiled.texts, "test",
                              VOCABULARY.methods)
