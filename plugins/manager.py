"""Run: the plugin manager and the typed facade the engine calls at each rule step.

Load order (like datasette's plugins.py): the built-in plugins, then installed plugins (entry-point group
``rulecraft``), then the plugins a pack names, each resolved by name through
:mod:`rulecraft.plugins.registry` (never imported by a name read from a file). ``check_pending()`` turns
a misspelled hook into an error.
A blocklist keeps named plugins out. Every hook implementation is wrapped so that an exception reaches
the engine as a :class:`~rulecraft.runtime.errors.PluginError` naming the plugin and the hook; the game
then stops (``game.aborted``) instead of going on in an undefined state.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

import pluggy

from rulecraft.plugins.registry import (
    FIRST_PARTY,
    PluginLoadError,
    UnknownPlugin,
    installed_entry_points,
    lookup,
)
from rulecraft.plugins.tem import core, hookspecs
from rulecraft.plugins.tem.results import problem
from rulecraft.runtime.errors import PluginError

__all__ = ["FIRST_PARTY", "ContentKind", "Hooks", "Manager", "PluginLoadError", "UnknownPlugin",
           "make_hooks", "make_manager"]

BUILTIN_PLUGINS = ((core.__name__, core),)


class ContentKind(NamedTuple):
    """A content kind a plugin registers: ``schema`` is ``"package:file.schema.json"`` (see the hookspec)."""

    plugin: str
    kind: str
    schema: str


def _wrap(function, plugin: str, hook: str, argnames: tuple[str, ...]):
    """``function`` (one plugin's implementation of ``hook``) reporting every failure as a PluginError: an
    exception, a ``SystemExit`` (a plugin cannot end the run; ``KeyboardInterrupt`` still does) and a
    result of the wrong type or range (:mod:`rulecraft.plugins.tem.results`)."""
    @functools.wraps(function)
    def call(*args):
        try:
            result = function(*args)
        except PluginError:
            raise
        except (Exception, SystemExit) as exc:
            raise PluginError(plugin, hook, exc) from exc
        wrong = problem(hook, result, dict(zip(argnames, args, strict=False)))
        if wrong is not None:
            raise PluginError(plugin, hook, TypeError(wrong))
        return result
    return call


class Manager:
    """A pluggy PluginManager with rulecraft's load order, blocklist and error reporting."""

    def __init__(self, blocklist: Iterable[str] = ()) -> None:
        self.pm = pluggy.PluginManager("rulecraft")
        self.pm.add_hookspecs(hookspecs)
        self.blocklist = set(blocklist)
        self.names: list[str] = []

    def register(self, plugin: Any, name: str) -> None:
        if name in self.blocklist or self.pm.get_plugin(name) is not None:
            return
        self.pm.register(plugin, name=name)
        self.names.append(name)
        for caller in self.pm.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is plugin and not impl.hookwrapper and not getattr(impl, "wrapper", False) \
                        and not inspect.isgeneratorfunction(impl.function):
                    impl.function = _wrap(impl.function, name, caller.name, tuple(impl.argnames))

    def load_builtins(self) -> None:
        for name, module in BUILTIN_PLUGINS:
            self.register(module, name)

    def load_installed(self) -> None:
        for name in sorted(installed_entry_points()):
            if name not in self.blocklist:
                self.register(lookup(name), name)

    def load_named(self, names: Iterable[str]) -> None:
        """Plugins a pack, a log or the command line names, each resolved by the registry
        (:class:`UnknownPlugin` for a name it does not hold)."""
        for name in names:
            if name in self.blocklist or self.pm.get_plugin(name) is not None:
                continue
            self.register(lookup(name), name)

    def vocabulary(self, game: str = "tem") -> Any:
        """The DSL vocabulary of ``game`` (its ``GameDefinition.vocabulary``, a new registry) plus every
        word the plugins register."""
        from rulecraft.compiler.effects.vocabulary import Vocabulary
        from rulecraft.plugins.games import get

        words = get(game).vocabulary
        vocabulary = words.load()() if words is not None else Vocabulary()   # a game with no effect DSL
        self.pm.hook.rulecraft_register_vocabulary(vocabulary=vocabulary)
        return vocabulary

    def content_kinds(self) -> list[ContentKind]:
        """The content kinds the plugins add to the pack format, each with the plugin that registered it
        (in load order). A malformed registration is a :class:`PluginLoadError` naming the plugin."""
        out = []
        for impl in self.pm.hook.rulecraft_register_content_kinds.get_hookimpls():
            try:
                pairs = list(impl.function() or ())
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
        """A hook implementation whose name matches no hookspec (a typo) is an error."""
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginLoadError(str(exc)) from exc


def make_manager(plugins: Iterable[str] = (), blocklist: Iterable[str] = (), installed: bool = True,
                 extra: Iterable[tuple[str, Any]] = ()) -> Manager:
    """Builtins, then installed (entry points), then ``plugins`` by name, then ``extra`` objects."""
    manager = Manager(blocklist)
    manager.load_builtins()
    if installed:
        manager.load_installed()
    manager.load_named(plugins)
    for name, plugin in extra:
        manager.register(plugin, name)
    manager.check()
    return manager


def plugin_vocabulary(names: Iterable[str], game: str = "tem") -> Any:
    """The effect DSL vocabulary a pack stack compiles with: the words of its ``game`` plus those of the
    built-in, installed and named plugins (``names``: the packs' manifest ``plugins``). The compiler's one
    way in to plugins (``rulecraft check``); raises :class:`PluginLoadError` when one cannot be loaded."""
    return make_manager(names).vocabulary(game)


def plugin_content_kinds(names: Iterable[str]) -> list[ContentKind]:
    """The content kinds the built-in, installed and named plugins (``names``: the packs' manifest
    ``plugins``) register, for ``rulecraft check`` (the same narrow way in as :func:`plugin_vocabulary`);
    raises :class:`PluginLoadError` when a plugin cannot be loaded."""
    return make_manager(names).content_kinds()


def _noop(*args: Any) -> None:
    return None


def _fast_program_options(game, player, options):
    return options


def unanswered(fast: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a facade method: when no plugin implements its hook, ``Hooks`` uses ``fast`` instead (what the
    method returns for no answer, without calling pluggy), so the hot path stays cheap."""
    def mark(method: Callable[..., Any]) -> Callable[..., Any]:
        method.unanswered = fast   # type: ignore[attr-defined]
        return method
    return mark


class Hooks:
    """Typed facade over ``pm.hook`` (tox 4 style): one method per rule step, keyword arguments built
    here. A notification hook nobody implements is replaced by a no-op, so the hot path stays cheap."""

    def __init__(self, manager: Manager) -> None:
        self.manager = manager
        self._h = manager.pm.hook
        for name, unanswered in _UNANSWERED.items():
            if not getattr(self._h, f"rulecraft_{name}").get_hookimpls():
                setattr(self, name, unanswered)

    @property
    def plugin_names(self) -> list[str]:
        return list(self.manager.names)

    # setup
    @unanswered(_noop)
    def setup_start(self, game) -> None:
        self._h.rulecraft_setup_start(game=game)

    @unanswered(_noop)
    def setup_player(self, game, player) -> bool:
        return bool(self._h.rulecraft_setup_player(game=game, player=player))

    @unanswered(_noop)
    def place_bases(self, game) -> bool:
        return bool(self._h.rulecraft_place_bases(game=game))

    @unanswered(_noop)
    def starting_player(self, game) -> int | None:
        return self._h.rulecraft_starting_player(game=game)

    @unanswered(_noop)
    def setup_done(self, game) -> None:
        self._h.rulecraft_setup_done(game=game)

    # program
    @unanswered(_noop)
    def round_start(self, game) -> None:
        self._h.rulecraft_round_start(game=game)

    @unanswered(_fast_program_options)
    def program_options(self, game, player, options):
        result = self._h.rulecraft_program_options(game=game, player=player, options=options)
        return options if result is None else tuple(result)

    # movement and entering a zone
    @unanswered(_noop)
    def move_destination(self, game, player, card, orientation) -> int | None:
        return self._h.rulecraft_move_destination(game=game, player=player, card=card,
                                                   orientation=orientation)

    @unanswered(_noop)
    def zone_entered(self, game, player, cell) -> None:
        self._h.rulecraft_zone_entered(game=game, player=player, cell=cell)

    @unanswered(_noop)
    def token_hurts(self, game, player, token) -> bool | None:
        return self._h.rulecraft_token_hurts(game=game, player=player, token=token)

    # actions
    @unanswered(_noop)
    def perform_action(self, game, player, action) -> bool:
        return bool(self._h.rulecraft_perform_action(game=game, player=player, action=action))

    # combat
    @unanswered(_noop)
    def combat_start(self, game, attacker, defender) -> None:
        self._h.rulecraft_combat_start(game=game, attacker=attacker, defender=defender)

    @unanswered(_noop)
    def attack(self, game, attacker, target, weapon, power) -> None:
        self._h.rulecraft_attack(game=game, attacker=attacker, target=target, weapon=weapon, power=power)

    @unanswered(_noop)
    def out_of_weapons(self, game, player, combat) -> bool:
        return bool(self._h.rulecraft_out_of_weapons(game=game, player=player, combat=combat))

    @unanswered(_noop)
    def combat_end(self, game, attacker, defender, outcome) -> None:
        self._h.rulecraft_combat_end(game=game, attacker=attacker, defender=defender, outcome=outcome)

    # KO and retreat
    @unanswered(_noop)
    def knocked_out(self, game, player, by) -> None:
        self._h.rulecraft_knocked_out(game=game, player=player, by=by)

    @unanswered(_noop)
    def respawn(self, game, player, by) -> bool:
        return bool(self._h.rulecraft_respawn(game=game, player=player, by=by))

    # the Mighty Mech
    @unanswered(_noop)
    def may_take_mech(self, game, player, entering) -> bool | None:
        return self._h.rulecraft_may_take_mech(game=game, player=player, entering=entering)

    @unanswered(_noop)
    def mech_taken(self, game, player) -> None:
        self._h.rulecraft_mech_taken(game=game, player=player)

    @unanswered(_noop)
    def retreated(self, game, player, opponent) -> None:
        self._h.rulecraft_retreated(game=game, player=player, opponent=opponent)

    # scoring and the end
    def round_scores(self, game, player) -> list[tuple[str, int]]:
        return [item for result in self._h.rulecraft_round_scores(game=game, player=player)
                for item in result or ()]

    @unanswered(_noop)
    def round_end(self, game) -> None:
        self._h.rulecraft_round_end(game=game)

    def final_scores(self, game, player) -> list[tuple[str, int]]:
        return [item for result in self._h.rulecraft_final_scores(game=game, player=player)
                for item in result or ()]

    def standing_key(self, game, player) -> tuple:
        return tuple(self._h.rulecraft_standing_key(game=game, player=player))

    @unanswered(_noop)
    def game_end(self, game, standings) -> None:
        self._h.rulecraft_game_end(game=game, standings=standings)

    # DSL words plugins registered
    def effect_extension(self, game, ctx, name, args):
        result = self._h.rulecraft_effect_extension(game=game, ctx=ctx, name=name, args=args)
        if result is None:
            raise PluginError("(none)", "rulecraft_effect_extension",
                              LookupError(f"no plugin performs {name!r}"))
        return result


_UNANSWERED: dict[str, Callable[..., Any]] = {
    name: method.unanswered for name, method in vars(Hooks).items() if hasattr(method, "unanswered")}
"""Each rule step's fast path, derived from the facade itself: what it returns when no plugin implements
its hook (every rule step is written once, as its facade method)."""

_DEFAULT: Hooks | None = None


def make_hooks(plugins: Iterable[str] = (), blocklist: Iterable[str] = (), installed: bool = True,
               extra: Iterable[tuple[str, Any]] = ()) -> Hooks:
    return Hooks(make_manager(plugins, blocklist, installed, extra))


def default_hooks() -> Hooks:
    """The built-in and installed plugins, built once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = make_hooks()
    return _DEFAULT
