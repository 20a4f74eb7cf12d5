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
