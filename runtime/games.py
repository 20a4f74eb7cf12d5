"""Run: the game registry, the one way a game id (in a manifest, a log header or on the command line) becomes
the code of a game.

A game is a plugin: a :class:`GameDefinition` an installed distribution registers under the
``rulecraft.games`` entry-point group (``tem = "rulecraft.plugins.tem.game:GAME"`` in rulecraft's own
``pyproject.toml``: the first-party game is registered exactly like a third-party one). Like the plugin
registry (``rulecraft.runtime.plugin_registry``) it reads the installed distributions only, never the current
folder, and never imports a module named by data: an id either is a registered entry point's name or is
refused with did-you-mean.

A definition is cheap to import: its heavy members (engine, builder, vocabulary, schemas, docs) are
:class:`Ref` s, ``"module:attribute"`` texts written by the game's own author and imported only when a tool
asks for that member, so ``rulecraft games`` and start-up import no engine. See the developer page
``site/docs/developer/games.md`` for what each member is for and which tool reads it.
"""

from __future__ import annotations

import difflib
import importlib
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

GAMES_ENTRY_POINT_GROUP = "rulecraft.games"


def _installed_paths() -> list[str]:
    """``sys.path`` without the current folder: where installed distributions live."""
    here = os.getcwd()
    return [p for p in sys.path if p and os.path.abspath(p) != here]


def installed_distributions() -> list[metadata.Distribution]:
    """The installed distributions, from ``sys.path`` without the current folder (``python -m`` puts it
    first, and a shared pack may have been unpacked there), in path order. Games and plugins are found
    in these only."""
    return list(metadata.distributions(path=_installed_paths()))


class GameLoadError(ValueError):
    """A game id that cannot be resolved to a working definition (a usage/content error, not a bug)."""


class UnknownGame(GameLoadError):
    """An id that no installed distribution registers under ``rulecraft.games``."""

    def __init__(self, game: object, known: list[str]) -> None:
        self.game = game
        self.known = known
        close = difflib.get_close_matches(game, known, n=3, cutoff=0.6) if isinstance(game, str) else []
        close.sort(key=lambda name: sorted(name) != sorted(str(game)))   # a swap of letters first: tme, tem
        self.hint = (f"did you mean '{close[0]}'?" if close else
                     f"registered games: {', '.join(known)}" if known else "no game is installed")
        super().__init__(f"no game is registered as {game!r}; {self.hint}")


@dataclass(frozen=True, slots=True)
class Ref:
    """A member of a game imported on first use: ``"package.module:attribute"`` (or ``"package.module"``
    for the module itself). Written in a game's own source, never read from a pack or a log."""

    target: str

    def load(self) -> Any:
        return _load(self.target)

    def __str__(self) -> str:
        return self.target


def _load(target: str) -> Any:
    """Imported each time it is asked for (``importlib``'s module cache applies, so this is cheap), never
    cached here: a module planted on ``sys.path`` by a test is the one found."""
    module, _, attribute = target.partition(":")
    value: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value


@dataclass(frozen=True, slots=True)
class GameDefinition:
    """Everything a game brings to the shared compiler and runtime. Plain values are read by listings and
    checks; every :class:`Ref` is imported only by the tool that needs it (see ``games.md``).

    ``players`` is the inclusive range of seats the game supports; ``kinds`` maps each content kind to its
    schema resource (``"package:file.schema.json"``, the layout of ``rulecraft.compiler.validate``).
    """

    id: str                                   # kebab-case, the manifest's `game:` and the log header's
    name: str                                 # display name
    players: tuple[int, int]                  # (fewest, most) seats
    default_pack: str                         # pack id of the game's core pack (found like any dependency)
    kinds: Mapping[str, str] = field(default_factory=dict)   # content kind -> schema resource
    stack_checks: tuple[Ref, ...] = ()        # modules exposing CHECKS, one stage each, in order
    error_codes: Ref | None = None            # a tuple of the ErrorCodes only it reports (beside the core's)
    error_cases: str = ""                     # its codes' example cases' folder, relative to its source tree
    rulings: tuple[str, ...] = ()             # the capital letters of its ruling ids (T7, R3)
    ability_fields: Ref | None = None         # callable registering where abilities sit in entities
    vocabulary: Ref | None = None             # () -> the DSL Vocabulary of the game's words
    effect_context: Ref | None = None         # the Protocol class generated handlers may call on `ctx`
    builder: Ref | None = None                # (stack, compiled=None, vocabulary=None) -> the game's Ruleset
    engine: Ref | None = None                 # (ruleset, agents, seed=, hooks=, listeners=, colours=) -> game
    hookspecs: Ref | None = None              # module of the game's own hookspecs (its rule steps)
    builtin_plugins: tuple[Ref, ...] = ()     # plugins every manager of the game registers (its core rules)
    variants: Mapping[str, Ref] = field(default_factory=dict)   # plugin name -> first-party variant
    agents: Mapping[str, Ref] = field(default_factory=dict)   # agent kind -> (seed) -> agent, beside "random"
    scenario_adapter: Ref | None = None       # its rule scenarios on the kit: Table, prepare, SCHEMA
    scenarios: str = ""                       # its scenarios' folder, relative to the game's source tree
    metrics: Ref | None = None                # module: game_record, SIM_REPORT, SWEEP_METRICS (sim, sweep)
    lead: Ref | None = None                   # a balance.quality.Lead: each seat's standing so far (sim)
    docs_pages: Ref | None = None             # its site (SITE), reference pages, rulebook markers
    card_templates: Ref | None = None         # a CardTemplates: its cards of a stack, their icons
    board: Ref | None = None                  # (ruleset, colours, agents) -> `play`/`replay --watch` board
    web: Ref | None = None                    # (ruleset, colours) -> `serve`'s board (runtime.web.protocol)
    determinize: Ref | None = None            # (game, seat, rng): resample all that seat cannot see
    invariants: Ref | None = None             # (game) -> watch(event) -> Broken | None, after each event
    scaffold: Ref | None = None               # (NewPack) -> its own example files of `rulecraft new pack`
    compiled: tuple[str, ...] = ()            # its modules `make compiled` builds with the runtime core's
    description: str = ""
    packs: str = ""                           # importable package whose folders are the game's shipped packs
    extra: Mapping[str, Any] = field(default_factory=dict)   # members only the game's own tools read

    def accepts(self, players: int) -> bool:
        return self.players[0] <= players <= self.players[1]


@dataclass(frozen=True, slots=True)
class RegisteredGame:
    """One ``rulecraft.games`` entry point: its id, where it points and which distribution declares it."""

    id: str
    target: str
    distribution: str
    entry_point: metadata.EntryPoint

    def load(self) -> GameDefinition:
        try:
            game = self.entry_point.load()
        except Exception as exc:   # a broken registered game names itself
            raise GameLoadError(f"game {self.id!r} ({self.target}) failed to load: {exc}") from exc
        if not isinstance(game, GameDefinition):
            raise GameLoadError(f"game {self.id!r} ({self.target}) is a {type(game).__name__}, "
                                f"not a GameDefinition")
        if game.id != self.id:
            raise GameLoadError(f"game {self.id!r} ({self.target}) defines id {game.id!r}; "
                                f"the entry point's name and the definition's id must agree")
        return game


_REGISTERED: dict[tuple[str, ...], dict[str, RegisteredGame]] = {}


def registered() -> dict[str, RegisteredGame]:
    """Every game the installed distributions register, by id (the first one found wins, as for plugins).

    Read once per current folder and ``sys.path`` (a new path entry is read afresh): a command asks many
    times (14 in ``sim``), and each read opens every installed distribution's metadata (start-up,
    issue 14)."""
    where = (os.getcwd(), *sys.path)
    if where not in _REGISTERED:
        found: dict[str, RegisteredGame] = {}
        for dist in installed_distributions():
            for ep in dist.entry_points:
                if ep.group == GAMES_ENTRY_POINT_GROUP and ep.name not in found:
                    found[ep.name] = RegisteredGame(ep.name, ep.value, dist.metadata["Name"], ep)
        _REGISTERED[where] = dict(sorted(found.items()))
    return dict(_REGISTERED[where])


def known_games() -> list[str]:
    return list(registered())


SHIPPED_BY = "rulecraft"


def shipped_games() -> list[str]:
    """The ids of the games rulecraft's own distribution registers (what ``make docs`` documents), in id
    order; a game another distribution installs is the user's, not rulecraft's."""
    return [game.id for game in registered().values() if game.distribution == SHIPPED_BY]


def get(game: object) -> GameDefinition:
    """The definition registered as ``game``: :class:`UnknownGame` for any other value,
    :class:`GameLoadError` when it is registered but broken."""
    games = registered()
    if not isinstance(game, str) or game not in games:
        raise UnknownGame(game, list(games))
    return games[game].load()


def agents_for(game: object) -> dict[str, Any]:
    """The agent factories of the game registered as ``game`` (its ``agents`` member), for
    ``rulecraft.runtime.agents``: as :class:`Ref` s, each imported only when a seat uses it."""
    return dict(get(game).agents)


def engine_for(game: object) -> Any:
    """The engine factory of the game registered as ``game`` (what a log's header names)."""
    definition = get(game)
    if definition.engine is None:
        raise GameLoadError(f"game {definition.id!r} has no engine to run")
    return definition.engine.load()
