"""A compiled-effects cache entry is bound to what produced it (issue 9): each ability carries a hash of
its effect source, the vocabulary fingerprint and the generator version with its code, re-derived on
load; a mismatch is recompiled, never run. The verifier admits only what the generator emits, so even an
entry re-hashed by hand cannot hang or allocate without bound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulecraft.compiler.effects import cache
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import compile_stack, sites
from rulecraft.compiler.effects.verify import UnsafeCode, verify
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.plugins.wiring import check_packs

CORE = Path(__file__).resolve().parents[2] / "content" / "tem-core"


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """The core stack compiled once into a cache of its own; returns (stack, entry file)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    stack = check_packs([CORE]).stack      # the check compiles the effects into the cache (issue 14)
    [entry_file] = cache.cache_dir().glob("*.json")
    assert compile_stack(stack, VOCABULARY).from_cache
    return stack, entry_file


def _edit(entry_file: Path, change, rehash: bool, stack) -> dict:
    """Change the first ability's code with ``change``; with ``rehash``, recompute its binding the way a
    determined attacker who read this source would."""
    entry = json.loads(entry_file.read_text(encoding="utf-8"))
    item = entry["entries"][0]
    item["python"][0] = change(item["python"][0])
    if rehash:
        site = next(s for s in sites(stack) if (s.entity.kind, s.entity.id) == (item["kind"], item["id"]))
        item["binding"] = cache.binding(site.source, site.entity_kind, VOCABULARY.fingerprint(),
                                        item["triggers"], item["python"], item["texts"])
    entry_file.write_text(json.dumps(entry), encoding="utf-8")
    return item


def test_an_unchanged_entry_is_used(cached):
    stack, _ = cached
    assert compile_stack(stack, VOCABULARY).from_cache


def test_changed_code_is_ignored_and_recompiled(cached, caplog):
    """The +20 VP edit of the issue: valid code that passes the allow-list, but not what the source says."""
    stack, entry_file = cached
    item = _edit(entry_file, lambda code: code.replace("def ability(ctx):",
                                                       "def ability(ctx):\n    ctx.gain('vp', 20)"),
                 rehash=False, stack=stack)
    verify(item["python"][0], VOCABULARY.methods)                       # the edit is allow-listed code
    with caplog.at_level("DEBUG", logger="rulecraft.effects.cache"):
        again = compile_stack(stack, VOCABULARY)
    assert not again.from_cache
    assert "not compiled from its current source" in caplog.text
    assert compile_stack(stack, VOCABULARY).from_cache          # rewritten with the true code


def test_an_entry_made_for_another_source_is_ignored(cached):
    stack, entry_file = cached
    entry = json.loads(entry_file.read_text(encoding="utf-8"))
    first, second = entry["entries"][0], entry["entries"][1]
    first["python"], second["python"] = second["python"], first["python"]   # moved between cards
    first["binding"], second["binding"] = second["binding"], first["binding"]
    entry_file.write_text(json.dumps(entry), encoding="utf-8")
    assert not compile_stack(stack, VOCABULARY).from_cache


@pytest.mark.parametrize("change", [
    lambda code: code.replace("def ability(ctx):", "def ability(ctx):\n    while 1:\n        pass"),
    lambda code: code.replace("def ability(ctx):", "def ability(ctx):\n    _v9 = 'a' * 999999999999"),
])
def test_even_a_rehashed_entry_with_a_loop_or_a_huge_constant_never_runs(cached, change):
    stack, entry_file = cached
    _edit(entry_file, change, rehash=True, stack=stack)
    assert not compile_stack(stack, VOCABULARY).from_cache


HANGS_OR_FLOODS = {
    "while true": "def ability(ctx):\n    while 1:\n        pass\n",
    "huge repetition": "def ability(ctx):\n    _v1 = 'a' * 999999999999\n",
    "huge number": "def ability(ctx):\n    ctx.gain('vp', 100000)\n",
    "long text": f"def ability(ctx):\n    _v1 = '{'x' * 5000}'\n",
    "squaring chain": "def ability(ctx):\n    _v1 = 999\n" + "    _v1 = _v1 * _v1\n" * 40,
    "loop up to a constant": "def ability(ctx):\n    _v1 = 0\n    _v2 = 999\n    while _v1 < _v2:\n"
                             "        _v1 += 1\n",
    "loop bound changed inside": "def ability(ctx):\n    _v2 = ctx.choose_amount(0, 3, 'x')\n    _v1 = 0\n"
                                 "    while _v1 < _v2:\n        _v2 = _v2 + 1\n        _v1 += 1\n",
    "counter reset inside": "def ability(ctx):\n    _v2 = ctx.choose_amount(0, 3, 'x')\n    _v1 = 0\n"
                            "    while _v1 < _v2:\n        _v1 = 0\n        _v1 += 1\n",
    "nested loops": "def ability(ctx):\n    _v2 = ctx.choose_amount(0, 3, 'x')\n    _v1 = 0\n"
                    "    while _v1 < _v2:\n        _v3 = 0\n        while _v3 < _v2:\n            _v3 += 1\n"
                    "        _v1 += 1\n",
    "too many nodes": "def ability(ctx):\n" + "    ctx.gain('vp', 1)\n" * 600,
}


@pytest.mark.parametrize("name", HANGS_OR_FLOODS)
def test_the_verifier_refuses_what_could_hang_or_allocate_without_bound(name):
    with pytest.raises(UnsafeCode):
        verify(HANGS_OR_FLOODS[name], VOCABULARY.methods)


@pytest.mark.parametrize("source", ["after attack: pay up to 2 energy: exhaust an enemy weapon each",
                                    "after attack: pay up to 2 credits: gain 1 vp and ready a weapon each"])
def test_the_generators_counted_loop_is_admitted(source):
    [python] = compile_effect(source, "weapon", VOCABULARY).python
    assert "while _v4 < _v3:" in python
    verify(python, VOCABULARY.methods)


def test_choose_amount_never_offers_an_unbounded_range(core):
    """The runtime bound that makes every verified loop finite: a handler's `ctx.choose_amount(low, high)`
    offers at most 1,000 amounts (the DSL's numbers go up to 999), else the ability fails cleanly."""
    from rulecraft.plugins.tem import api
    from rulecraft.plugins.tem.effects import MAX_AMOUNTS, Effects

    game = api.table(core, colours=("red", "blue"))
    effects = Effects(game, game.players[0], "after_attack", None, {})
    with pytest.raises(ValueError, match="offers more than 1000 amounts"):
        effects.choose_amount(0, 10**12, "how many?")
    assert MAX_AMOUNTS == 1000
