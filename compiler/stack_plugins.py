"""Validate: what the plugins a pack stack names bring to the compiler: content kinds and DSL words.

A plugin registers ``(kind, "package:file.schema.json")`` pairs (``rulecraft_register_content_kinds``).
``rulecraft check`` asks the plugins the packs' manifests name (plus the built-in and installed ones)
before it validates any file. The compiler imports no plugin code: the caller hands it
:class:`StackPlugins`, the plugin host's answers (``rulecraft.plugins.wiring`` passes the manager's
``plugin_content_kinds`` and ``plugin_vocabulary``).

Errors are located at the manifest entry naming the plugin (the first pack's manifest for a built-in or
installed plugin): ``plugin-unknown`` (no shipped or installed plugin of the stack's game has that name; a
name is never imported as a module), ``plugin-wrong-game`` (the name is a plugin of another game: a plugin
declares its game by its entry-point group and is never loaded into another), ``plugin-unavailable`` (a
registered plugin fails to load), ``kind-clash`` (its kind is a shipped kind or another plugin's),
``plugin-kind-schema`` (its schema file cannot be read).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.errorcodes import ErrorCode
from rulecraft.compiler.packs import Pack
from rulecraft.compiler.resolve import Stack
from rulecraft.compiler.validate import load_schema
from rulecraft.runtime.plugin_registry import PluginLoadError, UnknownPlugin, WrongGame


class ContentKind(Protocol):
    """One content kind a plugin registers: the plugin's name, the kind, its schema resource."""

    @property
    def plugin(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def schema(self) -> str: ...


@dataclass(frozen=True, slots=True)
class StackPlugins:
    """What the compiler asks of the plugins a stack names, answered by the plugin host. Each takes the
    names in the packs' manifests (the host adds its built-in and installed plugins) and raises
    ``PluginLoadError`` (``UnknownPlugin`` for a name nothing registers) when one cannot be loaded."""

    content_kinds: Callable[[Iterable[str], str], Iterable[ContentKind]]   # (names, game) -> their kinds
    vocabulary: Callable[[Iterable[str], str], Vocabulary]    # (names, game) -> the game's words + theirs


def _locate(packs: Sequence[Pack], plugin: str, code: ErrorCode, message: str,
            hint: str | None = None) -> Diagnostic:
    """A diagnostic at the first manifest entry naming ``plugin``, else at the first pack's manifest."""
    for pack in packs:
        if plugin in pack.plugins:
            return pack.manifest.diagnostic(code, message, ("plugins", pack.plugins.index(plugin)), hint=hint)
    return packs[0].manifest.diagnostic(code, message, (), hint=hint)


T = TypeVar("T")


def ask_plugins(packs: Sequence[Pack],
                probe: Callable[[Iterable[str]], T]) -> tuple[T | None, list[Diagnostic]]:
    """``probe`` (one of :class:`StackPlugins`, taking plugin names) over every plugin the packs name.
    When they cannot all be loaded: ``None`` and a diagnostic at each manifest entry naming one that
    fails, ``plugin-unknown`` (with did-you-mean), ``plugin-wrong-game`` (a plugin of another game, never
    loaded) or ``plugin-unavailable`` (at the first manifest when the broken plugin is an installed one)."""
    try:
        return probe(dict.fromkeys(name for pack in packs for name in pack.plugins)), []
    except PluginLoadError as exc:
        failed = exc
    out = []
    for pack in packs:
        for index, name in enumerate(pack.plugins):
            try:
                probe([name])
            except UnknownPlugin as exc:
                out.append(pack.manifest.diagnostic(codes.PLUGIN_UNKNOWN, f"no plugin is registered as "
                                                    f"'{name}'", ("plugins", index), hint=exc.hint))
            except WrongGame as exc:
                out.append(pack.manifest.diagnostic(codes.PLUGIN_WRONG_GAME, str(exc), ("plugins", index),
                                                    hint=exc.hint))
            except PluginLoadError as exc:
                out.append(pack.manifest.diagnostic(codes.PLUGIN_UNAVAILABLE, str(exc), ("plugins", index),
                                                    hint="install the plugin, or remove it from `plugins`"))
    if not out:   # an installed plugin is broken: no pack entry to point at
        out.append(packs[0].manifest.diagnostic(codes.PLUGIN_UNAVAILABLE, str(failed), ()))
    return None, out


def stack_kinds(packs: Sequence[Pack], game: str, game_kinds: Mapping[str, str],
                plugins: StackPlugins) -> tuple[dict[str, str], list[Diagnostic]]:
    """``{kind: schema resource}`` of the kinds the stack's plugins add to its ``game``'s own
    (``game_kinds``), and the problems found."""
    if not packs:
        return {}, []
    registered, unavailable = ask_plugins(packs, lambda names: plugins.content_kinds(names, game))
    if registered is None:
        return {}, unavailable
    found: dict[str, str] = {}
    owner: dict[str, str] = {}
    problems = []
    for item in registered:
        if item.kind in game_kinds or item.kind in found:
            other = f"plugin '{owner[item.kind]}'" if item.kind in owner else "a shipped kind"
            problems.append(_locate(packs, item.plugin, codes.KIND_CLASH,
                                    f"plugin '{item.plugin}' registers content kind '{item.kind}', which is "
                                    f"already {other}", hint="a plugin must give its kind a new name"))
            continue
        try:
            load_schema(item.schema)
        except (OSError, ValueError, ModuleNotFoundError, TypeError) as exc:
            problems.append(_locate(packs, item.plugin, codes.PLUGIN_KIND_SCHEMA,
                                    f"plugin '{item.plugin}': schema {item.schema!r} of content kind "
                                    f"'{item.kind}' cannot be read ({exc})"))
            continue
        found[item.kind], owner[item.kind] = item.schema, item.plugin
    return found, problems


def pack_plugins(stack: Stack) -> tuple[str, ...]:
    """The plugins the stack's packs name in their manifests, in load order, once each."""
    return tuple(dict.fromkeys(name for p in stack.packs for name in p.manifest.data.get("plugins") or ()))
