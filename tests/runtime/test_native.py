"""The optional compiled game loop (``make compiled``, issue 14) is refused once its source changed, so an
edit never runs stale compiled code (``rulecraft.runtime.native``)."""

from __future__ import annotations

import hashlib
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from rulecraft.runtime.native import verify_source

SOURCE = b"x = 1\n"


def _built(tmp_path, source: bytes = SOURCE):
    (tmp_path / "game.py").write_bytes(source)
    built = tmp_path / f"game{EXTENSION_SUFFIXES[0]}"
    built.write_bytes(b"not really an extension: only its source is read")
    return str(built)


def test_an_extension_without_its_source_beside_it_loads():
    verify_source("/nowhere/game.so", "no source beside it: an installed build")


def test_an_extension_of_the_current_source_is_accepted(tmp_path):
    verify_source(_built(tmp_path), hashlib.sha256(SOURCE).hexdigest())


def test_an_extension_of_an_older_source_is_refused_saying_how_to_rebuild(tmp_path):
    built = _built(tmp_path, source=b"x = 2\n")
    with pytest.raises(ImportError, match=r"compiled from an older game\.py.*make compiled"):
        verify_source(built, hashlib.sha256(SOURCE).hexdigest())
