"""The optional compiled game loop (``make compiled``, issue 14) is refused once its source changed, so an
edit never runs stale compiled code (``rulecraft.runtime.native``)."""

from __future__ import annotations

import hashlib
import sys
import types

import pytest

from rulecraft.runtime.native import StaleBuild, verify_source

SOURCE = b"x = 1\n"


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package ``pkg`` whose folder is ``tmp_path``, as a compiled module's package is when it loads."""
    module = types.ModuleType("pkg")
    module.__path__ = [str(tmp_path / "compiled"), str(tmp_path)]
    monkeypatch.setitem(sys.modules, "pkg", module)
    return tmp_path


def test_a_module_without_its_source_loads(package):
    verify_source("pkg.game", "no source in its package: an installed build")


def test_a_module_of_the_current_source_is_accepted(package):
    (package / "game.py").write_bytes(SOURCE)
    verify_source("pkg.game", hashlib.sha256(SOURCE).hexdigest())


def test_a_module_of_an_older_source_is_refused_saying_how_to_rebuild(package):
    (package / "game.py").write_bytes(b"x = 2\n")
    with pytest.raises(StaleBuild, match=r"compiled from an older .*game\.py.*make compiled"):
        verify_source("pkg.game", hashlib.sha256(SOURCE).hexdigest())


def test_the_loop_is_the_runtime_core_and_each_games_compiled_modules(capsys):
    """What `make compiled` builds: the core the games' rule classes subclass, then every game's list."""
    from rulecraft.cli.compiled import main, modules
    from rulecraft.runtime import games
    from rulecraft.runtime.native import CORE

    found = modules()
    assert found[:len(CORE)] == list(CORE)
    for game in games.known_games():
        assert set(games.get(game).compiled) <= set(found)
    assert {"rulecraft.plugins.tem.engine", "rulecraft.plugins.mecha.engine"} <= set(found)
    assert main(["list"]) == 0
    assert capsys.readouterr().out.split() == found


def test_a_build_into_a_folder_never_writes_over_what_is_there(tmp_path, capsys):
    from rulecraft.cli.compiled import main

    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SystemExit) as exit_info:
        main(["build", "--into", str(tmp_path)])
    assert exit_info.value.code == 2
    assert "not an empty folder" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_install_without_a_compiler_says_why_in_one_line_and_builds_nothing(tmp_path, monkeypatch, capsys):
    """`make compiled` (and so `make run`, `make test`) on a machine that cannot build (issue 27): one line
    saying why, exit 0, and rulecraft runs pure Python."""
    from rulecraft.cli import compiled
    from rulecraft.runtime import native

    monkeypatch.setattr(native, "installed_folder", lambda: tmp_path / "loop")
    monkeypatch.setenv("PATH", str(tmp_path))          # no C compiler on it
    why = compiled.cannot_build()
    assert why is not None and why.startswith("no C compiler (") and why.endswith("is not on PATH)")
    assert compiled.main(["install"]) == 0
    assert capsys.readouterr().out == f"compiled game loop: not built, {why}; rulecraft runs pure Python\n"
    assert not (tmp_path / "loop").exists()


def test_a_build_folder_is_unusable_without_its_record_or_when_built_of_other_modules(tmp_path):
    """The record (``sources.json``) is what the command line trusts: no record, or a record of another
    set of modules, and the build is never imported."""
    import json

    from rulecraft.runtime import native

    assert "no compiled game loop is installed" in str(native.unusable(tmp_path))
    (tmp_path / native.MANIFEST).write_text("{not json", encoding="utf-8")
    assert "no compiled game loop is installed" in str(native.unusable(tmp_path))
    modules = list(native.CORE)
    record = {"python": sys.implementation.cache_tag, "sources": native.digests(modules)}
    (tmp_path / native.MANIFEST).write_text(json.dumps(record), encoding="utf-8")
    assert native.unusable(tmp_path, modules) is None
    assert "built of other modules" in str(native.unusable(tmp_path, modules[:-1]))
