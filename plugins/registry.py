"""Run: the plugin registry, the only way a plugin *name* (in a pack manifest, a log header or on the command
line) becomes code.

A name resolves to a plugin rulecraft ships (:data:`FIRST_PARTY`, a table in this source) or to one an
installed distribution registers under the ``rulecraft`` entry-point group, and to nothing else: a string
read from a file is never handed to ``import_module``, so ``plugins: [this]`` or a log naming
``venv.__main__`` cannot run a module. Entry points are read from the installed distributions only, never
from the current folder (``python -m`` puts it first on ``sys.path``) where a shared pack may have been
unpacked.
"""

from __future__ import annotations

import difflib
import importlib
import os
import sys
from importlib import metadata
from typing import Any

ENTRY_POINT_GROUP = "rulecraft"
# First-party variants: shipped, loaded only when a pack or the command line names them.
FIRST_PARTY = {"robot-pilots": "rulecraft.plugins.tem.robot_pilots"}


class PluginLoadError(ValueError):
    """A plugin could not be found, imported or validated (a usage/content error, not a game error)."""


class UnknownPlugin(PluginLoadError):
    """A name that is no shipped plugin and no installed distribution's entry point."""

    def __init__(self, name: object, known: list[str]) -> None:
        self.name = name
        self.known = known
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6) if isinstance(name, str) else []
        self.hint = (f"did you mean '{close[0]}'?" if close else
                     f"known plugins: {', '.join(known)}" if known else "no plugin is installed")
        super().__init__(f"no plugin is registered as {name!r}; {self.hint}")


def _installed_paths() -> list[str]:
    """``sys.path`` without the current folder: where installed distributions live."""
    here = os.getcwd()
    return [p for p in sys.path if p and os.path.abspath(p) != here]


def installed_distributions() -> list[metadata.Distribution]:
    """The installed distributions, from ``sys.path`` without the current folder, in path order."""
    return list(metadata.distributions(path=_installed_paths()))


def installed_entry_points() -> dict[str, metadata.EntryPoint]:
    """The ``rulecraft`` entry points of the installed distributions, by name (the first one found wins,
    as Python's own import does)."""
    found: dict[str, metadata.EntryPoint] = {}
    for dist in installed_distributions():
        for ep in dist.entry_points:
            if ep.group == ENTRY_POINT_GROUP:
                found.setdefault(ep.name, ep)
    return found


def known_names() -> list[str]:
    """Every name a pack or log may use: the shipped plugins and the installed ones."""
    return sorted({*FIRST_PARTY, *installed_entry_points()})


def lookup(name: object) -> Any:
    """The plugin registered as ``name``; :class:`UnknownPlugin` for any other string (or non-string),
    :class:`PluginLoadError` when a registered plugin fails to import."""
    installed = {} if isinstance(name, str) and name in FIRST_PARTY else installed_entry_points()
    if isinstance(name, str) and name in FIRST_PARTY:
        where, load = FIRST_PARTY[name], lambda: importlib.import_module(FIRST_PARTY[name])
    elif isinstance(name, str) and name in installed:
        where, load = installed[name].value, installed[name].load
    else:
        raise UnknownPlugin(name, sorted({*FIRST_PARTY, *installed}))
    try:
        return load()
    except Exception as exc:   # a broken registered plugin names itself
        raise PluginLoadError(f"plugin {name!r} ({where}) failed to load: {exc}") from exc
