"""Run: the agents that can fill a seat, by name (``random``, ``heuristic``, and plugin-provided ones).

``make_agent(name, seed)`` builds one; ``AGENT_NAMES`` lists what the CLI accepts. The Robot Pilots
plugin's robot seat joins the list when the plugin is installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from rulecraft.runtime.agents.heuristic import HeuristicAgent
from rulecraft.runtime.decisions import Agent, RandomAgent

FACTORIES: dict[str, Callable[[Any], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}


def _robot_factory() -> Callable[[Any], Agent] | None:
    """The Robot Pilots plugin's agent factory, when that plugin is present."""
    try:
        module = importlib.import_module("rulecraft.plugins.robot_pilots")
    except ImportError:
        return None
    return getattr(module, "make_robot_agent", None)


def agent_names() -> list[str]:
    names = sorted(FACTORIES)
    if _robot_factory() is not None:
        names.append("robot")
    return names


def agent_plugins(names: Iterable[str]) -> list[str]:
    """The plugins a game must load for these agents to play by their rules (Robots: Robot Pilots)."""
    if "robot" not in names:
        return []
    module = importlib.import_module("rulecraft.plugins.robot_pilots")
    return [module.NAME]


def make_agent(name: str, seed: Any) -> Agent:
    """An agent by name, seeded; ValueError names the known agents."""
    if name == "robot":
        factory = _robot_factory()
        if factory is not None:
            return factory(seed)
    elif name in FACTORIES:
        return FACTORIES[name](seed)
    raise ValueError(f"unknown agent {name!r}; known: {', '.join(agent_names())}")
