"""Run: the one module that wires the compiler, the plugins and the runtime together for the tools.

The runtime never imports the compiler and the compiler never imports a game; what turns packs into a
runnable game for ``sim``, ``play``, ``replay`` and ``test`` lives here: check the stack, find its game in
the registry, build the game's model with the DSL words of the stack's plugins, and hand the runtime the
game's engine, agents and hooks.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from rulecraft.compiler import check
from rulecraft.compiler.check import CheckResult, Layer
from rulecraft.compiler.diagnostics import DiagnosticError
from rulecraft.compiler.packs import NO_BUFFERS, Buffers, PackFinder
from rulecraft.compiler.resolve import Stack
from rulecraft.compiler.stack_plugins import StackPlugins, pack_plugins
from rulecraft.compiler.variations import point_layers
from rulecraft.plugins.manager import (
    make_hooks,
    plugin_content_kinds,
    plugin_vocabulary,
)
from rulecraft.runtime.agents import agent_plugins
from rulecraft.runtime.balance.batch import Config, Table
from rulecraft.runtime.games import GameLoadError, agents_for, engine_for, get
from rulecraft.runtime.plugin_registry import known_names


def plugin_names(game: str) -> list[str]:
    """The plugin names a log of ``game`` may give (``rulecraft.runtime.logs``): the game's variants and the
    plugins installed for it (plugins are scoped per game)."""
    return known_names(game)


# The plugin host's answers for one game and plugin names, kept per process, keyed as the installed entry
# points are read (``runtime.plugin_registry.installed_entry_points``: per game, folder and ``sys.path``): a
# sweep asked them again for every point (issue 27), each time a new pluggy manager and a new vocabulary whose
# fingerprint was hashed afresh. A vocabulary is read-only once its plugins have registered their words, and
# hooks hold no game's state (a table's are shared by all its games already). A failure is not kept.
_KEPT: dict[tuple, Any] = {}
_KEPT_LIMIT = 256


def _kept(what: str, game: str, names: tuple[str, ...], build: Callable[[], Any]) -> Any:
    key = (what, game, names, os.getcwd(), *sys.path)
    if key not in _KEPT:
        if len(_KEPT) >= _KEPT_LIMIT:
            _KEPT.clear()
        _KEPT[key] = build()
    return _KEPT[key]


def _vocabulary(names: Iterable[str], game: str) -> Any:
    named = tuple(names)
    return _kept("vocabulary", game, named, lambda: plugin_vocabulary(named, game))


def _content_kinds(names: Iterable[str], game: str) -> list[Any]:
    named = tuple(names)
    return list(_kept("content kinds", game, named, lambda: plugin_content_kinds(named, game)))


def _hooks(game: str, names: Sequence[str]) -> Any:
    named = tuple(names)
    return _kept("hooks", game, named, lambda: make_hooks(game, named))


# The plugin host's answers to the compiler's questions about a stack's plugins (content kinds, DSL words).
STACK_PLUGINS = StackPlugins(content_kinds=_content_kinds, vocabulary=_vocabulary)


def check_packs(paths: Sequence[Path], pack_path: Sequence[Path] = (),
                layers: Sequence[Layer] = (), buffers: Buffers = NO_BUFFERS) -> CheckResult:
    """``rulecraft check``'s pipeline (``rulecraft.compiler.check.check_packs``) over the packs at ``paths``,
    with the installed plugin host answering for the plugins they name (and an editor's unsaved
    ``buffers`` read in place of their files: ``rulecraft lsp``)."""
    return check.check_packs(paths, pack_path, layers, plugins=STACK_PLUGINS, buffers=buffers)


def load_table(config: Config) -> Table:
    """The table of a simulated configuration (``Config.load``): the packs' own plugins, then its plugins,
    then those its agents need; a sweep's point is layered on the stack (``compiler.variations``). The
    stack is checked once (start-up: a check is most of it)."""
    from rulecraft.runtime.balance.records import core_record  # a simulation's, not a check's (start-up)
    from rulecraft.runtime.balance.report import SimReport

    result = checked_stack(config.packs, config.game, point_layers(config.point))
    needed = [*config.plugins, *agent_plugins(config.agents, agents_for(result.game))]
    ruleset = build_ruleset(result, needed)
    definition = get(ruleset.source["game"])
    names = list(dict.fromkeys([*ruleset.source.get("plugins", ()), *needed]))
    metrics = definition.metrics.load() if definition.metrics is not None else None
    lead = definition.lead.load() if definition.lead is not None else None
    return Table(ruleset, _hooks(definition.id, names), names, engine_for(definition.id),
                 agents_for(definition.id),
                 getattr(metrics, "game_record", core_record), getattr(metrics, "SIM_REPORT", SimReport()),
                 definition.players, metrics, lead)


def core_pack(game: str) -> Path:
    """The folder of the core pack of the game registered as ``game`` (its ``default_pack``)."""
    definition = get(game)
    found = PackFinder().find(definition.default_pack)
    if found is None:
        raise GameLoadError(f"game {game!r}: its core pack {definition.default_pack!r} is not installed")
    return Path(str(found[0]))


def checked_stack(paths: Sequence[Path | str] = (), game: str | None = None,
                  layers: Sequence[Layer] = ()) -> CheckResult:
    """The clean check of the packs at ``paths`` (none: the core pack of ``game``) with generated ``layers``
    on top; content errors raise DiagnosticError with the located diagnostics."""
    if not paths and game is None:
        raise GameLoadError("name a pack or a game to load")
    result = check_packs([Path(p) for p in paths] or [core_pack(str(game))], layers=layers)
    if not result.ok or result.stack is None:
        raise DiagnosticError(result.diagnostics)
    return result


def build_ruleset(result: CheckResult, plugins: Sequence[str] = ()) -> Any:
    """The model of a clean check's stack, built by its game's ``builder``, compiling abilities with the
    DSL words of the packs' plugins and ``plugins``."""
    assert result.stack is not None, "a clean check has a stack"
    definition = get(result.game)
    if definition.builder is None:
        raise GameLoadError(f"game {definition.id!r} has no builder")
    return definition.builder.load()(result.stack, vocabulary=stack_words(result.stack, plugins))


def stack_words(stack: Stack, plugins: Sequence[str] = ()) -> Any:
    """The DSL vocabulary a resolved stack's abilities compile with: its game's words and those of its
    built-in and installed plugins, the plugins its packs name and ``plugins``, as ``check`` and the
    builder have them (for a game's own tools that start from a stack: card text, docs). Raises
    :class:`PluginLoadError` when a plugin cannot be loaded (``check`` reports it at its manifest entry)."""
    return _vocabulary([*pack_plugins(stack), *plugins], str(stack.game))


def load_ruleset(paths: Sequence[Path | str] = (), plugins: Sequence[str] = (),
                 game: str | None = None, layers: Sequence[Layer] = ()) -> Any:
    """Check the packs at ``paths`` (none: the core pack of ``game``), with generated ``layers`` on top, and
    build their game's model with its ``builder``, compiling abilities with the DSL words of the packs'
    plugins and ``plugins``. Content errors raise DiagnosticError with the located diagnostics."""
    return build_ruleset(checked_stack(paths, game, layers), plugins)
