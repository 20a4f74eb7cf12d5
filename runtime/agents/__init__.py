"""Run: the agents that can fill a seat, by name: the shared ``random``, the game's own (its
``GameDefinition.agents``, handed in as ``game_agents`` by the code that wires the game) and any installed in
the entry-point group ``rulecraft.agents``. A factory may be given by reference (anything with ``load()``:
an entry point, a game's ``Ref``); it is imported only when a seat or ``agent_plugins`` needs it.

``make_agent(name, seed, game_agents)`` builds one; ``agent_names(game_agents)`` lists what ``rulecraft sim
--agents`` accepts; ``agent_plugins(names, game_agents)`` the plugins a game must load for those agents to
play by their rules: a factory names them in its ``plugins`` attribute (a solo mode's automated seats play
by its plugin's rules).

The shared search agents (``rulecraft.runtime.agents.search``: ``ismcts``, ``flatmc``) take parameters in
their names (``ismcts@400+heuristic``): :func:`make_agent` parses them, :func:`agent_problem` says what is
wrong with a name, and their rollout agents come from the same ``game_agents``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import Any

from rulecraft.runtime.decisions import Agent, RandomAgent

ENTRY_POINT_GROUP = "rulecraft.agents"
Factory = Callable[[Any], Agent]
SHARED: Mapping[str, Factory] = MappingProxyType({"random": RandomAgent})
NO_AGENTS: Mapping[str, Factory] = MappingProxyType({})


@cache
def _installed() -> tuple[Any, ...]:
    """Installed agent entry points, looked up once per process (the scan is slow)."""
    return tuple(entry_points(group=ENTRY_POINT_GROUP))


def _factories(game_agents: Mapping[str, Factory]) -> dict[str, Any]:
    found: dict[str, Any] = {**SHARED, **game_agents}
    for ep in _installed():
        found.setdefault(ep.name, ep)
    return found


SEARCHERS = ("flatmc", "ismcts")       # the shared search agents' kinds (their names take parameters)


def agent_names(game_agents: Mapping[str, Factory] = NO_AGENTS) -> list[str]:
    """The agents that play without parameters (what ``fuzz`` seats by default); the search agents,
    whose names take parameters and whose games cost many games each, are :data:`SEARCHERS`."""
    return sorted(_factories(game_agents))


def _known(game_agents: Mapping[str, Factory]) -> str:
    return (f"known: {', '.join(agent_names(game_agents))}; and the search agents {', '.join(SEARCHERS)} "
            "(e.g. ismcts@400+heuristic)")


def agent_problem(name: str, game_agents: Mapping[str, Factory] = NO_AGENTS) -> str | None:
    """What is wrong with an agent's name (unknown; a search agent's malformed parameters or unknown
    rollout agent), in words, or None for a name :func:`make_agent` builds."""
    try:
        spec = _search_spec(name)
    except ValueError as exc:
        return str(exc)
    if spec is not None:
        if spec.rollout is None or spec.rollout in _factories(game_agents):
            return None
        return f"agent {name!r}: its rollout agent: {agent_problem(spec.rollout, game_agents)}"
    return None if name in _factories(game_agents) else f"unknown agent {name!r}; {_known(game_agents)}"


def _search_spec(name: str) -> Any:
    """A search agent's spec when ``name`` names one (imported only then), else None."""
    if not name.startswith(SEARCHERS):
        return None
    from rulecraft.runtime.agents import search

    return search.parse(name)


def agent_plugins(names: Iterable[str], game_agents: Mapping[str, Factory] = NO_AGENTS) -> list[str]:
    """The plugins a game must load for these agents to play by their rules, once each, in order."""
    factories = _factories(game_agents)
    needed = (plugin for name in dict.fromkeys(names)
              for plugin in getattr(_loaded(factories.get(name)), "plugins", ()))
    return list(dict.fromkeys(needed))


def _loaded(factory: Any) -> Any:
    """A factory given by reference (an installed entry point, a game's ``Ref``) imported now, on first use:
    listing agents imports none of them (start-up, issue 14)."""
    return factory.load() if hasattr(factory, "load") else factory


def searches(agent: Any) -> bool:
    """Whether ``agent`` asks for forks of its game (its class says ``searches = True``: ``View.forks``)."""
    return bool(getattr(agent, "searches", False))


def make_agent(name: str, seed: Any, game_agents: Mapping[str, Factory] = NO_AGENTS) -> Agent:
    """An agent by name, seeded; ValueError names the known agents (or what is wrong with a search agent's
    parameters)."""
    factory = _factories(game_agents).get(name)
    spec = _search_spec(name) if factory is None else None
    if spec is not None:
        from rulecraft.runtime.agents import search

        return search.make(spec, seed, lambda rollout, at: make_agent(rollout, at, game_agents))
    if factory is None:
        raise ValueError(f"unknown agent {name!r}; {_known(game_agents)}")
    return _loaded(factory)(seed)
