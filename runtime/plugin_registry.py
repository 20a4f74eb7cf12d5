"""Run: the plugin registry, the only way a plugin *name* (in a pack manifest, a log header or on the command
line) becomes code, and only for the game the plugin extends.

A plugin extends one game. For a game, a name resolves to one of the game's first-party variants (its
``GameDefinition.variants``, written in the game's source) or to a plugin an installed distribution
registers under the game's own entry-point group, ``rulecraft.plugins.<game>`` (:func:`entry_point_group`),
and to nothing else. The group is the plugin's declaration of its game: it is metadata, read without
importing the plugin, so a plugin of another game is never imported, let alone registered (a name the
registry holds for another game is :class:`WrongGame`). A string read from a file is never handed to
``import_module``, so ``plugins: [this]`` or a log naming ``venv.__main__`` cannot run a module. Entry
points are read from the installed distributions only, never from the current folder
(:func:`rulecraft.runtime.games.installed_distributions`).
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any

from rulecraft.runtime.games import (
    GameDefinition,
    GameLoadError,
    Ref,
    get,
    installed_distributions,
    registered,
)

GROUP_PREFIX = "rulecraft.plugins."


def entry_point_group(game: str) -> str:
    """The entry-point group of the plugins extending ``game``: ``rulecraft.plugins.tem`` for ``tem``."""
    return GROUP_PREFIX + game


class PluginLoadError(ValueError):
    """A plugin could not be found, imported or validated (a usage/content error, not a game error)."""


class UnknownPlugin(PluginLoadError):
    """A name that is no first-party variant and no installed plugin of the game."""

    def __init__(self, name: object, known: list[str]) -> None:
        self.name = name
        self.known = known
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6) if isinstance(name, str) else []
        self.hint = (f"did you mean '{close[0]}'?" if close else
                     f"known plugins: {', '.join(known)}" if known else "no plugin is installed")
        super().__init__(f"no plugin is registered as {name!r}; {self.hint}")


class WrongGame(PluginLoadError):
    """A name the registry holds for other games only: the plugin is never loaded into this one."""

    def __init__(self, name: str, game: str, extends: list[str]) -> None:
        self.name = name
        self.game = game
        self.extends = extends
        games = ", ".join(f"'{g}'" for g in extends)
        self.hint = (f"a plugin is loaded only into the game it extends; name a plugin of '{game}' "
                     f"(installed under the entry-point group {entry_point_group(game)})")
        super().__init__(f"plugin {name!r} extends game {games}, not '{game}'")


_ENTRY_POINTS: dict[tuple[str, ...], dict[str, metadata.EntryPoint]] = {}


def installed_entry_points(game: str) -> dict[str, metadata.EntryPoint]:
    """The ``rulecraft.plugins.<game>`` entry points of the installed distributions, by name (the first
    one found wins, as Python's own import does). Read once per game, current folder and ``sys.path``, as
    the game registry is (``runtime.games.registered``): loading a table asks four times, a sweep once
    more for every point, and each read opens every installed distribution's metadata (issue 27)."""
    where = (game, os.getcwd(), *sys.path)
    if where not in _ENTRY_POINTS:
        group = entry_point_group(game)
        found: dict[str, metadata.EntryPoint] = {}
        for dist in installed_distributions():
            for ep in dist.entry_points:
                if ep.group == group:
                    found.setdefault(ep.name, ep)
        _ENTRY_POINTS[where] = found
    return dict(_ENTRY_POINTS[where])


def _variants(game: str) -> Mapping[str, Ref]:
    """The first-party variants of ``game``; none for a game that is not registered (its own error)."""
    try:
        return get(game).variants
    except GameLoadError:
        return {}


def known_names(game: str) -> list[str]:
    """Every plugin name a pack or log of ``game`` may use: its first-party variants and installed plugins."""
    return sorted({*_variants(game), *installed_entry_points(game)})


def games_of(name: str) -> list[str]:
    """The games that hold a plugin registered as ``name`` (a variant or an installed plugin), read from
    the definitions and the entry points' metadata only: nothing is imported."""
    found = {ep.group.removeprefix(GROUP_PREFIX) for dist in installed_distributions()
             for ep in dist.entry_points if ep.group.startswith(GROUP_PREFIX) and ep.name == name}
    for game, entry in registered().items():
        try:
            if name in entry.load().variants:
                found.add(game)
        except GameLoadError:   # a broken game holds no plugin; `rulecraft games` reports it
            continue
    return sorted(found)


def lookup(name: object, game: GameDefinition,
           installed: Mapping[str, metadata.EntryPoint] | None = None) -> Any:
    """The plugin registered as ``name`` for ``game`` (``installed``: its installed plugins, when the
    caller has read them already): :class:`WrongGame` for the name of another game's plugin,
    :class:`UnknownPlugin` for any other string (or non-string), :class:`PluginLoadError` when a
    registered plugin fails to import."""
    variants = game.variants
    if isinstance(name, str) and name in variants:
        return _load(name, str(variants[name]), variants[name].load)
    installed = installed_entry_points(game.id) if installed is None else installed
    if isinstance(name, str) and name in installed:
        return _load(name, installed[name].value, installed[name].load)
    if isinstance(name, str) and (others := games_of(name)):
        raise WrongGame(name, game.id, others)
    raise UnknownPlugin(name, sorted({*variants, *installed}))


def _load(name: str, where: str, load: Callable[[], Any]) -> Any:
    try:
        return load()
    except Exception as exc:   # a broken registered plugin names itself
        raise PluginLoadError(f"plugin {name!r} ({where}) failed to load: {exc}") from exc
