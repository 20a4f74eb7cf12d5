"""The effect parser's tables are cached per user as signed data, never a pickle (issue 14): a warm cache
loads the parser without building it; a tampered file is refused and rebuilt, and what it holds never runs;
a cache folder or file another user could write (or read) is not used at all (the signed store,
``rulecraft.compiler.signed_store``, which the validation cache shares)."""

from __future__ import annotations

import json
import os
import pickle

import pytest
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from rulecraft.compiler import signed_store
from rulecraft.compiler.effects import parser_cache
from rulecraft.compiler.effects.parse import PARSER_OPTIONS, grammar

EFFECT = "after attack: gain 1 vp"


class CountingLark(Lark):
    """lark's Lark, counting the parsers *built* (loading tables calls no ``__init__``)."""

    built = 0

    def __init__(self, *args, **kwargs):
        type(self).built += 1
        super().__init__(*args, **kwargs)


@pytest.fixture
def counting(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(parser_cache, "Lark", CountingLark)
    CountingLark.built = 0
    return CountingLark


def _load():
    return parser_cache.cached_parser(grammar(), **PARSER_OPTIONS)


def _entry():
    [entry] = signed_store.folder().glob("parser-*")
    return entry


def _tables(parser):
    return parser.memo_serialize([TerminalDef, Rule])


def test_a_warm_cache_loads_the_same_parser_without_building_it(counting):
    built = _load()
    assert counting.built == 1
    loaded = _load()
    assert counting.built == 1, "the second process must load the tables, not build the parser"
    assert _tables(loaded) == _tables(built)
    assert loaded.parse(EFFECT) == built.parse(EFFECT)


def test_the_cache_is_signed_json_in_a_private_folder(counting):
    _load()
    mac, _, payload = _entry().read_bytes().partition(b"\n")
    assert len(mac) == 64 and int(mac, 16) >= 0           # hex HMAC-SHA256 first
    json.loads(payload)                                    # then plain JSON, no pickle
    for path in (signed_store.folder(), _entry(), signed_store.folder() / "secret"):  # 0700 and 0600
        assert path.stat().st_mode & 0o077 == 0, path


def _payload_that_would_run(marker) -> bytes:
    class Run:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))
    return pickle.dumps(Run())


@pytest.mark.parametrize("tamper", ["payload edited", "pickle in place of the tables", "signed pickle"])
def test_a_tampered_file_is_refused_rebuilt_and_never_run(counting, tmp_path, tamper):
    _load()
    entry = _entry()
    mac, _, payload = entry.read_bytes().partition(b"\n")
    marker = tmp_path / "pwned"
    if tamper == "payload edited":          # the keyword `is` respelt: a different, wrong parser
        forged = payload.replace(b'"value":"is"', b'"value":"iz"', 1)
        assert forged != payload
        entry.write_bytes(mac + b"\n" + forged)
    elif tamper == "pickle in place of the tables":
        entry.write_bytes(mac + b"\n" + _payload_that_would_run(marker))
    else:                                   # even one signed with this user's secret is only data
        secret = (signed_store.folder() / "secret").read_bytes()
        key = entry.name.removeprefix("parser-")
        forged = _payload_that_would_run(marker)
        entry.write_bytes(signed_store._mac(secret, "parser", key, forged) + b"\n" + forged)
    parser = _load()
    assert counting.built == 2, "a tampered file must be rebuilt, not loaded"
    assert parser.parse(EFFECT)
    assert not marker.exists()
    _load()
    assert counting.built == 2, "the rebuilt tables were stored again, signed"


def test_a_folder_others_can_write_is_neither_read_nor_written(counting):
    _load()
    before = _entry().read_bytes()
    signed_store.folder().chmod(0o777)
    _load()
    _load()
    assert counting.built == 3, "tables in a folder others can write are never trusted"
    assert _entry().read_bytes() == before


@pytest.mark.parametrize("name", ["entry", "secret"])
def test_a_file_others_can_read_or_write_is_not_trusted(counting, name):
    _load()
    path = _entry() if name == "entry" else signed_store.folder() / "secret"
    path.chmod(0o666)
    _load()
    assert counting.built == 2


def test_a_symlinked_entry_is_not_followed(counting, tmp_path):
    _load()
    entry = _entry()
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(entry.read_bytes())
    elsewhere.chmod(0o600)
    entry.unlink()
    entry.symlink_to(elsewhere)
    _load()
    assert counting.built == 2


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_a_folder_of_another_user_is_not_trusted(counting):
    _load()
    os.chown(signed_store.folder(), 65534, 65534)     # nobody
    _load()
    assert counting.built == 2


def test_a_new_grammar_or_lark_gets_its_own_entry():
    options = dict(PARSER_OPTIONS)
    key = parser_cache.parser_key(grammar(), options)
    assert parser_cache.parser_key(grammar() + "\n// changed\n", options) != key
    assert parser_cache.parser_key(grammar(), {**options, "strict": False}) != key
