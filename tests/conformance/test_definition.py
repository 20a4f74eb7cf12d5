"""Conformance: a registered game's definition is whole and sound; the test-only game is a third party."""

from __future__ import annotations

from pathlib import Path

from conformance_harness import ROOT, TEST_GAME, definition, pack_folder

from rulecraft.runtime import games
from rulecraft.runtime.games import Ref


def test_the_test_only_game_is_installed_as_its_own_distribution():
    """Pig comes from tests/games/pig through the `rulecraft.games` entry point, not from rulecraft: a
    third-party game needs no change to the core (issue 12, item 7)."""
    entry = games.registered().get(TEST_GAME)
    assert entry is not None, (f"the test-only game {TEST_GAME!r} is not installed: run `make test`, or "
                               f"`.venv/bin/pip install --no-deps -e tests/games/{TEST_GAME}`")
    assert entry.distribution == "rulecraft-pig" and entry.target == "rulecraft_pig.game:GAME"
    module = Path(entry.load().engine.load().__module__.replace(".", "/") + ".py")
    assert (ROOT / "tests/games/pig" / module).is_file()
    assert pack_folder(TEST_GAME).is_relative_to(ROOT / "tests/games/pig")   # its pack, found by id


def test_the_definition_is_sound(game):
    spec = definition(game)
    low, high = spec.players
    assert 1 <= low <= high and spec.accepts(low) and spec.accepts(high) and not spec.accepts(high + 1)
    assert spec.name and spec.description
    assert (pack_folder(game) / "pack.yaml").is_file()


def test_every_member_it_declares_loads(game):
    spec = definition(game)
    refs = [value for value in (getattr(spec, name) for name in spec.__dataclass_fields__)
            if isinstance(value, Ref)]
    refs += [*spec.stack_checks, *spec.builtin_plugins, *spec.variants.values(), *spec.agents.values()]
    assert spec.engine in refs and spec.builder in refs, f"{game}: a game needs an engine and a builder"
    for ref in refs:
        assert ref.load() is not None, f"{game}: {ref}"
