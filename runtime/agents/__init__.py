"""Run: the agents that can fill a seat, by name: ``random``, ``heuristic``, ``robot`` (the Robot Pilots
plugin's Robot seat) and any installed in the entry-point group ``rulecraft.agents``.

``make_agent(name, seed)`` builds one; ``agent_names()`` lists what ``rulecraft sim --agents`` accepts;
``agent_plugins(names)`` the plugins a game must load for those agents (Robots play by Robot Pilots).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from rulecraft.plugins.tem.heuristic import HeuristicAgent
from rulecraft.runtime.decisions import Agent, RandomAgent

ENTRY_POINT_GROUP = "rulecraft.agents"
FACTORIES: dict[str, Callable[[Any], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}
ROBOT_MODULE = "rulecraft.plugins.tem.robot_pilots"


def _robot_module():
    try:
        return importlib.import_module(ROBOT_MODULE)
    except ImportError:
        return None


@cache
def _installed() -> tuple[Any, ...]:
    """Installed agent entry points, looked up once per process (the scan is slow)."""
    return tuple(entry_points(group=ENTRY_POINT_GROUP))


def _factories() -> dict[str, Callable[[Any], Agent]]:
    found = dict(FACTORIES)
    robots = _robot_module()
    if robots is not None and hasattr(robots, "make_robot_agent"):
        found["robot"] = robots.make_robot_agent
    for ep in _installed():
        found.setdefault(ep.name, ep)
    return found


def agent_names() -> list[str]:
    return sorted(_factories())


def agent_plugins(names: Iterable[str]) -> list[str]:
    """The plugins a game must load for these agents to play by their rules (Robots: Robot Pilots)."""
    robots = _robot_module()
    return [robots.NAME] if "robot" in set(names) and robots is not None else []


def make_agent(name: str, seed: Any) -> Agent:
    """An agent by name, seeded; ValueError names the known agents."""
    factory = _factories().get(name)
    if factory is None:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(agent_names())}")
    if hasattr(factory, "load"):          # an installed entry point
        factory = factory.load()
    return factory(seed)
