"""Run: the hook specifications every game shares (DSL words and content kinds), and the markers.

Every plugin manager holds these, whatever its game: a plugin may register content kinds and effect DSL
words for any game that has a pack format and a DSL. A game adds its own rule steps from its own module
(its ``GameDefinition.hookspecs``, as pytest's ``pytest_addhooks`` adds a plugin's), marked with what the
engine's facade returns (:mod:`rulecraft.plugins.facade`). A plugin marks its implementations with
:data:`hookimpl`, the one marker of every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pluggy

from rulecraft.plugins.facade import Answer, answers, registration
from rulecraft.runtime.errors import PluginError

PROJECT = "rulecraft"   # pluggy's project name: the prefix every hook's name carries (``rulecraft_…``)
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


def _performed(result: Any, arguments: Mapping[str, Any]) -> Any:
    if result is None:
        raise PluginError("(none)", "rulecraft_effect_extension",
                          LookupError(f"no plugin performs {arguments['name']!r}"))
    return result


PERFORMED = Answer(_performed, None)
"""A plugin-registered DSL word must be performed by some plugin: no answer is a PluginError."""


# --- registration -----------------------------------------------------------------------------
@hookspec
@registration
def rulecraft_register_content_kinds() -> Any:
    """Return a list of ``(kind, schema_resource)`` pairs: new content kinds a pack may contain.

    ``kind`` is the value of a content file's ``kind:`` (kebab-case; it must not be a shipped kind or
    another plugin's). ``schema_resource`` is the string ``"package:file.schema.json"``: a JSON Schema
    (draft-07) file inside an importable package, read with ``importlib.resources`` (so it works from a
    wheel or a zip). It has the layout of the shipped ``<kind>.schema.json`` files: the whole file
    (``kind``, ``entries``, ``replace``, ``patch``, ``remove``) with ``definitions.fields`` and
    ``definitions.entity``. Only packs whose stack names the plugin may contain the kind; its resolved
    entities reach the game as read-only plain data, ``game.ruleset.extra[kind]``."""


@hookspec
@registration
def rulecraft_register_vocabulary(vocabulary: Any) -> None:
    """Add triggers, verbs or attributes to the effect DSL's vocabulary registry (``vocabulary``)."""


@hookspec(firstresult=True)
@answers(PERFORMED)
def rulecraft_effect_extension(game: Any, ctx: Any, name: str, args: Any) -> Any:
    """Perform the plugin-registered DSL word ``name`` for an ability (``ctx`` is its EffectContext)."""
