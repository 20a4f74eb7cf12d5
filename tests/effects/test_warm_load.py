"""A warm compiled-effects cache spares every parse (issue 14): loading the core ruleset compiles each
effect once, through the cache (the check stage writes it, the builder reads it), and a second load parses
nothing; an entry that no longer verifies is compiled afresh, as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulecraft.compiler import signed_store
from rulecraft.compiler.effects import cache
from rulecraft.compiler.effects import pack as pack_module
from rulecraft.compiler.effects import parse as parse_module
from rulecraft.compiler.effects.pack import sites
from rulecraft.plugins.wiring import check_packs, load_ruleset

CORE = Path(__file__).resolve().parents[2] / "content" / "tem-core"


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """Every effect string parsed from now on, in a process that has compiled none yet (the effects this
    process compiled are kept for its next stack, ``pack._COMPILED``: a sweep's next point)."""
    monkeypatch.setattr(pack_module, "_COMPILED", {})
    seen: list[str] = []
    real = parse_module.parse

    def counting(source, phrases=(), examples=None):
        seen.append(source)
        return real(source, phrases, examples)

    monkeypatch.setattr(parse_module, "parse", counting)
    return seen


def test_a_warm_cache_loads_the_ruleset_without_parsing(parses):
    effects = len(list(sites(check_packs([CORE]).stack)))
    assert len(parses) == effects > 20, "a cold load parses each effect once, in the check stage"
    parses.clear()
    load_ruleset([CORE])
    load_ruleset([CORE])
    assert parses == [], "with the cache warm, neither the check nor the builder parses an effect"


def test_an_entry_that_does_not_verify_is_compiled_again(parses):
    check_packs([CORE])
    [entry_file] = signed_store.folder().glob("effects-*")
    entry = json.loads(entry_file.read_bytes().partition(b"\n")[2])
    entry["entries"][0]["texts"][0] = "gain 20 vp"          # not what its source compiles to
    cache.write(entry["key"], entry)            # signed with this user's secret: the binding refuses it
    parses.clear()
    pack_module._COMPILED.clear()               # as a new process: nothing compiled here yet
    load_ruleset([CORE])
    assert parses, "the entry was refused, so the effects were compiled from source"
