"""The compiled-effects cache trusts no file (issues 9 and 28). An entry is read only when this user's
rulecraft signed it (the signed store's HMAC under the per-user secret), so one planted with every public
hash recomputed is recompiled, never run; a FIFO, a device or a symlink where an entry (or the parser's
tables) should be is refused at once, never read or waited on; a damaged secret is made again. Within a
signed entry each ability is still bound to its source (a mismatch is recompiled), and the verifier
admits only what the generator emits, so even an entry re-hashed by hand cannot hang or allocate without
bound."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from rulecraft.compiler import signed_store
from rulecraft.compiler.effects import cache, parser_cache
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import compile_stack, sites
from rulecraft.compiler.effects.parse import PARSER_OPTIONS, grammar
from rulecraft.compiler.effects.verify import UnsafeCode, verify
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.plugins.wiring import check_packs

CORE = Path(__file__).resolve().parents[2] / "content" / "tem-core"
PLUS_20_VP = ("def ability(ctx):", "def ability(ctx):\n    ctx.gain('vp', 20)")


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """The core stack compiled once into a cache of its own; returns (stack, entry file)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    stack = check_packs([CORE]).stack      # the check compiles the effects into the cache (issue 14)
    [entry_file] = signed_store.folder().glob("effects-*")
    assert compile_stack(stack, VOCABULARY).from_cache
    return stack, entry_file


@pytest.fixture
def hang_guard():
    """Fails the test (rather than hanging the suite) if what it guards blocks for 5 s."""
    def expired(signum, frame):
        raise TimeoutError("blocked on a cache file")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(5)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def _entry(entry_file: Path) -> dict:
    return json.loads(entry_file.read_bytes().partition(b"\n")[2])


def _edit(entry_file: Path, change, rehash: bool, stack, sign: bool) -> dict:
    """Change the first ability's code with ``change``; with ``rehash``, recompute its binding the way a
    determined attacker who read this source would. With ``sign`` the entry is stored signed with this
    user's secret (as only this user's own rulecraft could), else written over the old file with its old
    signature (as anyone who can write the folder could)."""
    entry = _entry(entry_file)
    item = entry["entries"][0]
    item["python"][0] = change(item["python"][0])
    if rehash:
        site = next(s for s in sites(stack) if (s.entity.kind, s.entity.id) == (item["kind"], item["id"]))
        item["binding"] = cache.binding(site.source, site.entity_kind, VOCABULARY.fingerprint(),
                                        item["triggers"], item["python"], item["texts"])
    if sign:
        cache.write(entry["key"], entry)
    else:
        mac = entry_file.read_bytes().partition(b"\n")[0]
        entry_file.write_bytes(mac + b"\n" + json.dumps(entry).encode())
    return item


def _handler_codes(compiled) -> set[tuple]:
    return {(a.handler.__code__.co_code, a.handler.__code__.co_consts)
            for abilities in compiled.abilities.values() for a in abilities}


def test_an_unchanged_entry_is_used(cached):
    stack, _ = cached
    assert compile_stack(stack, VOCABULARY).from_cache


def test_a_planted_entry_with_recomputed_public_hashes_is_recompiled_never_run(cached):
    """The poisoning of issue 28 (mean final VP 21.7 -> 83.7): +20 VP in allow-listed code, the binding
    recomputed from public inputs, written by someone without the user's secret. The signature fails, so
    the entry is never read: the abilities are compiled again from source and the cache rewritten."""
    stack, entry_file = cached
    honest = compile_stack(stack, VOCABULARY, use_cache=False)
    item = _edit(entry_file, lambda code: code.replace(*PLUS_20_VP), rehash=True, stack=stack, sign=False)
    verify(item["python"][0], VOCABULARY.methods)                       # the edit is allow-listed code
    assert cache.read(_entry(entry_file)["key"]) is None
    again = compile_stack(stack, VOCABULARY)
    assert not again.from_cache
    assert _handler_codes(again) == _handler_codes(honest)
    assert compile_stack(stack, VOCABULARY).from_cache              # rewritten, signed, with the true code


def test_an_entry_signed_with_another_secret_is_not_read(cached):
    stack, entry_file = cached
    payload = entry_file.read_bytes().partition(b"\n")[2]
    key = entry_file.name.removeprefix("effects-")
    entry_file.write_bytes(signed_store._mac(b"x" * 32, "effects", key, payload) + b"\n" + payload)
    assert not compile_stack(stack, VOCABULARY).from_cache


def test_signed_but_changed_code_is_ignored_and_recompiled(cached, caplog):
    """Behind the signature, each ability is still bound to its source (the +20 VP edit, signed)."""
    stack, entry_file = cached
    _edit(entry_file, lambda code: code.replace(*PLUS_20_VP), rehash=False, stack=stack, sign=True)
    with caplog.at_level("DEBUG", logger="rulecraft.effects.cache"):
        again = compile_stack(stack, VOCABULARY)
    assert not again.from_cache
    assert "not compiled from its current source" in caplog.text
    assert compile_stack(stack, VOCABULARY).from_cache          # rewritten with the true code


def test_a_signed_entry_made_for_another_source_is_ignored(cached):
    stack, entry_file = cached
    entry = _entry(entry_file)
    first, second = entry["entries"][0], entry["entries"][1]
    first["python"], second["python"] = second["python"], first["python"]   # moved between cards
    first["binding"], second["binding"] = second["binding"], first["binding"]
    cache.write(entry["key"], entry)
    assert not compile_stack(stack, VOCABULARY).from_cache


@pytest.mark.parametrize("change", [
    lambda code: code.replace("def ability(ctx):", "def ability(ctx):\n    while 1:\n        pass"),
    lambda code: code.replace("def ability(ctx):", "def ability(ctx):\n    _v9 = 'a' * 999999999999"),
])
def test_even_a_signed_rehashed_entry_with_a_loop_or_a_huge_constant_never_runs(cached, change):
    stack, entry_file = cached
    _edit(entry_file, change, rehash=True, stack=stack, sign=True)
    assert not compile_stack(stack, VOCABULARY).from_cache


def _special(path: Path, kind: str) -> None:
    """Put a FIFO, a device or a symlink to a device where a cache file should be."""
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path, 0o600)
    elif kind == "device":
        try:
            os.mknod(path, 0o600 | 0o020000, os.makedev(1, 5))          # a character device: /dev/zero's
        except PermissionError:
            pytest.skip("making a device needs CAP_MKNOD")
    else:
        path.symlink_to("/dev/zero")


SPECIAL = ["fifo", "device", "symlink to /dev/zero"]


@pytest.mark.parametrize("kind", SPECIAL)
def test_a_special_file_as_an_entry_is_refused_at_once(cached, hang_guard, kind):
    """A FIFO hung `check` forever; a symlink to /dev/zero read until a MemoryError at 1.8 GB."""
    stack, entry_file = cached
    _special(entry_file, kind)
    started = time.monotonic()
    assert cache.read(entry_file.name.removeprefix("effects-")) is None
    assert time.monotonic() - started < 1
    assert not compile_stack(stack, VOCABULARY).from_cache
    assert compile_stack(stack, VOCABULARY).from_cache       # the name was written afresh, a regular file


@pytest.mark.parametrize("kind", SPECIAL)
def test_a_special_file_in_the_parser_store_is_refused_at_once(tmp_path, monkeypatch, hang_guard, kind):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    parser_cache.cached_parser(grammar(), **PARSER_OPTIONS)
    [entry_file] = signed_store.folder().glob("parser-*")
    _special(entry_file, kind)
    started = time.monotonic()
    assert signed_store.SignedStore("parser").read(entry_file.name.removeprefix("parser-")) is None
    assert time.monotonic() - started < 1
    assert parser_cache.cached_parser(grammar(), **PARSER_OPTIONS).parse("after attack: gain 1 vp")


def test_an_entry_over_the_size_cap_is_not_read(cached, monkeypatch):
    stack, _ = cached
    monkeypatch.setattr(signed_store, "MAX_FILE_BYTES", 1000)
    assert not compile_stack(stack, VOCABULARY).from_cache


@pytest.mark.parametrize("damage", ["truncated", "empty", "fifo", "symlink to /dev/zero",
                                    "readable by others"])
def test_a_damaged_secret_is_made_again(cached, hang_guard, damage):
    """A truncated secret used to turn the cache off for good; now the next use makes a new one (the old
    entries no longer verify and are compiled again)."""
    stack, _ = cached
    secret = signed_store.folder() / "secret"
    old = secret.read_bytes()
    if damage == "truncated":
        secret.write_bytes(old[:7])
    elif damage == "empty":
        secret.write_bytes(b"")
    elif damage == "readable by others":
        secret.chmod(0o644)
    else:
        _special(secret, "fifo" if damage == "fifo" else "symlink")
    assert not compile_stack(stack, VOCABULARY).from_cache
    made = secret.read_bytes()
    assert len(made) == signed_store.SECRET_BYTES and made != old
    assert secret.stat().st_mode & 0o077 == 0 and not secret.is_symlink()
    assert compile_stack(stack, VOCABULARY).from_cache


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_a_secret_of_another_user_is_never_used_but_replaced(cached):
    """A secret file owned by someone else (given away with chown) is not this user's: it is not used to
    sign or verify, and the name is made again as this user's own (the folder is this user's, 0700)."""
    stack, _ = cached
    secret = signed_store.folder() / "secret"
    old = secret.read_bytes()
    os.chown(secret, 65534, 65534)       # nobody
    assert not compile_stack(stack, VOCABULARY).from_cache
    info = secret.stat()
    assert info.st_uid == os.getuid() and info.st_mode & 0o077 == 0 and secret.read_bytes() != old
    assert compile_stack(stack, VOCABULARY).from_cache


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
