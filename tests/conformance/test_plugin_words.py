"""Conformance: a DSL word a plugin registers reaches the game's builder (issue 21 item 8).

For every registered game with an effect DSL, the test plugin ``conformance-echo``
(tests/conformance/plugin_word) adds a synonym ``echo <verb>`` for each of the game's verbs; a pack over the
game's default pack rewrites one ability with it. Without the plugin the word is unknown; installed, the pack
checks clean, the game's builder (through ``plugins.wiring``, as every tool builds) compiles it, and a seeded
game on the built model gives the default pack's event lines: the synonym does what its verb does.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conformance_harness import checked, definition, play

from rulecraft.compiler.diagnostics import format_human
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import sites
from rulecraft.plugins.manager import make_manager
from rulecraft.plugins.wiring import check_packs, load_ruleset

PLUGIN, MODULE = "conformance-echo", "rulecraft_conformance_echo"
HERE = Path(__file__).parent / "plugin_word"


def _echoed(source: str) -> str:
    """The ability with its first verb said through the synonym: ``t: draw 1`` -> ``t: echo draw 1``."""
    return re.sub(r": (?=\S)", ": echo ", source, count=1)


def _site(game: str) -> tuple[Any, str]:
    """An ability of the default pack (at a path of mapping keys) whose echoed form compiles to the same
    English with the plugin's words: the site and its echoed source."""
    import rulecraft_conformance_echo as echo

    vocabulary = make_manager(game).vocabulary()
    echo.rulecraft_register_vocabulary(vocabulary)
    for site in sites(checked(game).stack):
        if not all(isinstance(key, str) for key in site.holder):
            continue
        source, echoed = site.source, _echoed(site.source)
        before, after = (compile_effect(s, site.entity_kind, vocabulary) for s in (source, echoed))
        if before.ok and after.ok and before.text == after.text:
            return site, echoed
    pytest.fail(f"{game}: no ability of its default pack takes the echoed synonym of its first verb")


def _pack(folder: Path, game: str, site: Any, source: str, plugins: list[str]) -> Path:
    """A pack over the game's default pack patching ``site``'s ability to ``source``."""
    spec, core = definition(game), checked(game).stack
    version = next(p.version for p in core.packs if p.id == spec.default_pack)
    change: dict[str, Any] = {"ability": source}
    for key in reversed(site.holder):
        change = {key: change}
    folder.mkdir()
    manifest = {"id": "conformance-echo-pack", "name": "Echo", "version": "0.1.0",
                "depends": [{"id": spec.default_pack, "version": f">={version}"}], "plugins": plugins,
                "files": ["echo.yaml"]}
    (folder / "pack.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False), encoding="utf-8")
    patch = {"kind": site.entity.kind, "patch": [{"id": site.entity.id, **change}]}
    (folder / "echo.yaml").write_text(yaml.safe_dump(patch, sort_keys=False), encoding="utf-8")
    return folder


def test_a_word_a_plugin_registers_reaches_its_builder(game, tmp_path, install_plugin, monkeypatch):
    if definition(game).vocabulary is None:
        pytest.skip(f"{game} has no effect DSL")
    monkeypatch.syspath_prepend(str(HERE))
    site, source = _site(game)
    unnamed = check_packs([_pack(tmp_path / "unnamed", game, site, source, [])])
    assert [d.code.code for d in unnamed.diagnostics] == ["effect-unknown-word"], \
        format_human(unnamed.diagnostics)

    install_plugin(PLUGIN, MODULE, HERE, game=game)
    folder = _pack(tmp_path / "echo", game, site, source, [PLUGIN])
    result = check_packs([folder])
    assert result.ok and result.diagnostics == [], format_human(result.diagnostics)
    model = load_ruleset([folder])
    players, _ = definition(game).players
    echoed = play(game, players, 1, model=model, plugins=[PLUGIN])
    assert echoed.game.aborted is None, echoed.game.aborted
    assert echoed.lines == play(game, players, 1).lines, "the synonym played otherwise than its verb"
