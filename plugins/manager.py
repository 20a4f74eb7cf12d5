"""Run: the plugin manager of one game, and the facade its engine calls at each rule step.

A manager is built for a game (``Manager(game)``, a registered id) and names no game itself: it holds the
hookspecs every game shares (:mod:`rulecraft.plugins.hookspecs`) plus the game's own (its
``GameDefinition.hookspecs``, as pytest's ``pytest_addhooks`` adds a plugin's). Load order (like
datasette's plugins.py): the game's built-in plugins, then the plugins installed for that game (entry-point
group ``rulecraft.plugins.<game>``), then the plugins a pack names, each resolved by name through
:mod:`rulecraft.runtime.plugin_registry` for that game (never imported by a name read from a file; a plugin of
another game is never loaded). :meth:`Manager.check` turns a hook the game does not define (a typo, or a
hook of another game) into an error with did-you-mean. A blocklist keeps named plugins out. Every hook
implementation is wrapped so that an exception, or a result its hookspec's check refuses, reaches the
engine as a :class:`~rulecraft.runtime.errors.PluginError` naming the plugin and the hook; the game then
stops (``game.aborted``) instead of going on in an undefined state.
"""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Callable, Iterable, Mapping
from importlib import metadata
from types import ModuleType
from typing import Any, NamedTuple

import pluggy

from rulecraft.plugins import hookspecs
from rulecraft.plugins.facade import Check, Hooks, answer_of
from rulecraft.runtime.errors import PluginError
from rulecraft.runtime.games import GameDefinition, get
from rulecraft.runtime.plugin_registry import (
    PluginLoadError,
    UnknownPlugin,
    WrongGame,
    installed_entry_points,
    lookup,
)

__all__ = ["ContentKind", "Hooks", "Manager", "PluginLoadError", "UnknownPlugin", "WrongGame",
           "default_hooks", "make_hooks", "make_manager", "spec_modules"]


class ContentKind(NamedTuple):
    """A content kind a plugin registers: ``schema`` is ``"package:file.schema.json"`` (see the hookspec)."""

    plugin: str
    kind: str
    schema: str


def spec_modules(game: GameDefinition) -> tuple[ModuleType, ...]:
    """The hookspec modules of ``game``'s managers: the shared one, then the game's own (if it has any)."""
    return (hookspecs, *((game.hookspecs.load(),) if game.hookspecs is not None else ()))


def _problem(check: Check, result: Any, arguments: Mapping[str, Any]) -> str | None:
    """What ``result`` should have been, or ``None`` when it is acceptable (no answer always is)."""
    if result is None:
        return None
    expected = check(result, arguments)
    return None if expected is None else f"returned {result!r:.80}; expected {expected}"


def _wrap(function: Callable[..., Any], plugin: str, hook: str, argnames: tuple[str, ...],
          check: Check | None) -> Callable[..., Any]:
    """``function`` (one plugin's implementation of ``hook``) reporting every failure as a PluginError: an
    exception, a ``SystemExit`` (a plugin cannot end the run; ``KeyboardInterrupt`` still does) and a
    result its hookspec's ``check`` refuses (the game's, named in the spec's ``answers`` mark)."""
    @functools.wraps(function)
    def call(*args: Any) -> Any:
        try:
            result = function(*args)
        except PluginError:
            raise
        except (Exception, SystemExit) as exc:
            raise PluginError(plugin, hook, exc) from exc
        wrong = None if check is None else _problem(check, result, dict(zip(argnames, args, strict=False)))
        if wrong is not None:
            raise PluginError(plugin, hook, TypeError(wrong))
        return result
    return call


class Manager:
    """A pluggy PluginManager for one game, with rulecraft's load order, blocklist and error reporting."""

    def __init__(self, game: str, blocklist: Iterable[str] = ()) -> None:
        self.game = get(game)
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        for module in spec_modules(self.game):
            self.pm.add_hookspecs(module)
        self.blocklist = set(blocklist)
        self.names: list[str] = []

    def register(self, plugin: Any, name: str) -> None:
        if name in self.blocklist or self.pm.get_plugin(name) is not None:
            return
        self.pm.register(plugin, name=name)
        self.names.append(name)
        for caller in self.pm.get_hookcallers(plugin) or ():
            answer = answer_of(caller.spec)
            check = answer.check if answer is not None else None
            for impl in caller.get_hookimpls():
                if impl.plugin is plugin and not impl.hookwrapper and not getattr(impl, "wrapper", False) \
                        and not inspect.isgeneratorfunction(impl.function):
                    wrapped = _wrap(impl.function, name, caller.name, tuple(impl.argnames), check)
                    impl.function = wrapped   # type: ignore[misc]  # pluggy's Final; its call path reads it

    def load_builtins(self) -> None:
        """The game's own built-in plugins (its core rules), registered under their module's name."""
        for ref in self.game.builtin_plugins:
            self.register(ref.load(), str(ref))

    @functools.cached_property
    def installed(self) -> dict[str, metadata.EntryPoint]:
        """The plugins installed for this game, read once (the registry's entry points of its group)."""
        return installed_entry_points(self.game.id)

    def _lookup(self, name: object) -> Any:
        """The registry's plugin ``name`` of this game; the installed ones are read only for a non-variant."""
        variant = isinstance(name, str) and name in self.game.variants
        return lookup(name, self.game, None if variant else self.installed)

    def load_installed(self) -> None:
        """Every plugin an installed distribution registers for this game."""
        for name in sorted(self.installed):
            if name not in self.blocklist:
                self.register(self._lookup(name), name)

    def load_named(self, names: Iterable[str]) -> None:
        """Plugins a pack, a log or the command line names, each resolved by the registry for this game
        (:class:`UnknownPlugin` for a name it does not hold, :class:`WrongGame` for another game's)."""
        for name in names:
            if name in self.blocklist or self.pm.get_plugin(name) is not None:
                continue
            self.register(self._lookup(name), name)

    def vocabulary(self) -> Any:
        """The DSL vocabulary of the game (its ``GameDefinition.vocabulary``, a new registry) plus every
        word the plugins register."""
        from rulecraft.compiler.effects.vocabulary import Vocabulary

        words = self.game.vocabulary
        vocabulary = words.load()() if words is not None else Vocabulary()   # a game with no effect DSL
        self.pm.hook.rulecraft_register_vocabulary(vocabulary=vocabulary)
        return vocabulary

    def content_kinds(self) -> list[ContentKind]:
        """The content kinds the plugins add to the pack format, each with the plugin that registered it
        (in load order). A malformed registration is a :class:`PluginLoadError` naming the plugin."""
        out = []
        for impl in self.pm.hook.rulecraft_register_content_kinds.get_hookimpls():
            try:
                registered: Any = impl.function()
                pairs = list(registered or ())
            except Exception as exc:
                raise PluginLoadError(f"plugin {impl.plugin_name!r} failed to register content kinds: "
                                      f"{exc}") from exc
            for pair in pairs:
                if not (isinstance(pair, tuple | list) and len(pair) == 2
                        and all(isinstance(part, str) for part in pair) and ":" in pair[1]):
                    raise PluginLoadError(f"plugin {impl.plugin_name!r} registers content kind {pair!r}; "
                                          "expected (kind, 'package:file.schema.json')")
                out.append(ContentKind(impl.plugin_name, pair[0], pair[1]))
        return out

    def check(self) -> None:
        """Every hook implementation is of a hook this game defines (the shared hookspecs and the game's):
        any other (a typo, or a hook of another game) is a :class:`PluginLoadError` naming the plugin and
        the hook, with did-you-mean. ``optionalhook`` implementations are exempt, as in pluggy."""
        callers = vars(self.pm.hook)
        defined = sorted(name for name, caller in callers.items() if caller.spec is not None)
        for name, caller in callers.items():
            if caller.spec is not None:
                continue
            for impl in caller.get_hookimpls():
                if not impl.optionalhook:
                    close = difflib.get_close_matches(name, defined, n=1, cutoff=0.6)
                    hint = f"did you mean '{close[0]}'?" if close else f"its hooks: {', '.join(defined)}"
                    raise PluginLoadError(f"plugin {impl.plugin_name!r} implements {name}, which game "
                                          f"'{self.game.id}' does not define; {hint}")


def make_manager(game: str, plugins: Iterable[str] = (), blocklist: Iterable[str] = (),
                 installed: bool = True, extra: Iterable[tuple[str, Any]] = ()) -> Manager:
    """The manager of ``game``: builtins, then installed (entry points), then ``plugins`` by name, then
    ``extra`` objects; checked (:meth:`Manager.check`)."""
    manager = Manager(game, blocklist)
    manager.load_builtins()
    if installed:
        manager.load_installed()
    manager.load_named(plugins)
    for name, plugin in extra:
        manager.register(plugin, name)
    manager.check()
    return manager


def plugin_vocabulary(names: Iterable[str], game: str) -> Any:
    """The effect DSL vocabulary a pack stack of ``game`` compiles with: the game's words plus those of
    its built-in, installed and named plugins (``names``: the packs' manifest ``plugins``). The
    compiler's one way in to plugins (``rulecraft check``); raises :class:`PluginLoadError` when one
    cannot be loaded."""
    return make_manager(game, names).vocabulary()


def plugin_content_kinds(names: Iterable[str], game: str) -> list[ContentKind]:
    """The content kinds the built-in, installed and named plugins of ``game`` (``names``: the packs'
    manifest ``plugins``) register, for ``rulecraft check`` (the same narrow way in as
    :func:`plugin_vocabulary`); raises :class:`PluginLoadError` when a plugin cannot be loaded."""
    return make_manager(game, names).content_kinds()


_DEFAULT: dict[str, Hooks] = {}


def make_hooks(game: str, plugins: Iterable[str] = (), blocklist: Iterable[str] = (), installed: bool = True,
               extra: Iterable[tuple[str, Any]] = ()) -> Hooks:
    """The rule-step facade of ``game`` over a manager built as :func:`make_manager` builds it."""
    return Hooks(make_manager(game, plugins, blocklist, installed, extra))


def default_hooks(game: str) -> Hooks:
    """The built-in and installed plugins of ``game``, built once per process."""
    if game not in _DEFAULT:
        _DEFAULT[game] = make_hooks(game)
    return _DEFAULT[game]
