"""The optional compiled game loop (``make compiled``, issue 14) is refused once its source changed, so an
edit never runs stale compiled code (``rulecraft.runtime.native``)."""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from rulecraft.runtime.native import check_fresh


def _package(tmp_path, built_after_source: bool):
    (tmp_path / "__init__.py").write_text("")
    source, built = tmp_path / "game.py", tmp_path / f"game{EXTENSION_SUFFIXES[0]}"
    source.write_text("x = 1\n")
    built.write_bytes(b"not really an extension: only its time is read")
    older, newer = (source, built) if built_after_source else (built, source)
    os.utime(older, (1_000_000, 1_000_000))
    os.utime(newer, (2_000_000, 2_000_000))
    return tmp_path / "__init__.py"


def test_an_extension_built_after_its_source_is_accepted(tmp_path):
    check_fresh(_package(tmp_path, built_after_source=True))


def test_an_extension_older_than_its_source_is_refused_saying_how_to_rebuild(tmp_path):
    with pytest.raises(ImportError, match=r"compiled before game\.py last changed.*make compiled"):
        check_fresh(_package(tmp_path, built_after_source=False))

