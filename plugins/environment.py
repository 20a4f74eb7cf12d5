"""Run: a PettingZoo environment of a pack stack (``runtime.aec.GameEnv``), loaded as ``play`` loads one.

The environment itself is the runtime's and game-agnostic; this is the one step it cannot take from below:
checking the packs and building their game's model and hooks (``plugins.wiring``, ``plugins.manager``).
Importing it needs the ``agents`` extra (pettingzoo, gymnasium, numpy).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime import logs
from rulecraft.runtime.aec import GameEnv
from rulecraft.runtime.agents import agent_names, agent_plugins
from rulecraft.runtime.balance.records import seat_names
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import agents_for, engine_for, get


def make_env(game: str | None = None, *, packs: Sequence[str | Path] = (), plugins: Sequence[str] = (),
             players: int | None = None, agents: Sequence[str] | None = None, seed: int | str = 0,
             **options: Any) -> GameEnv:
    """The environment of ``packs`` (none: ``game``'s core pack) with ``plugins``: ``players`` seats (none:
    the game's fewest), each ``agents[seat]`` (``"outside"``, an agent of the environment, or the name of
    an agent the game plays itself; none: every seat outside). ``options`` go to :class:`GameEnv`
    (``features``, ``max_actions``, ``encode``). A content error raises ``DiagnosticError``, a bad seat
    count or agent name ``ValueError``."""
    ruleset = load_ruleset(list(packs), list(plugins), game)
    game_id = ruleset.source["game"]
    fewest, most = get(game_id).players
    players = fewest if players is None else players
    if not fewest <= players <= most:
        raise ValueError(f"{get(game_id).name} seats {fewest}-{most} players, not {players}")
    seats = ["outside"] * players if agents is None else list(agents)
    if len(seats) != players:
        raise ValueError(f"{len(seats)} agents named for {players} seats")
    known = ["outside", *agent_names(agents_for(game_id))]
    unknown = [name for name in seats if name not in known]
    if unknown:
        raise ValueError(f"unknown agent {unknown[0]!r}; known: {', '.join(known)}")
    named = [name for name in seats if name != "outside"]
    needed = list(dict.fromkeys([*plugins, *agent_plugins(named, agents_for(game_id))]))
    if len(needed) > len(plugins):        # the named agents play by plugins of their own
        ruleset = load_ruleset(list(packs), needed, game)
    names = list(dict.fromkeys([*ruleset.source.get("plugins", ()), *needed]))
    hooks = make_hooks(game_id, names)
    probe = engine_for(game_id)(ruleset, [RandomAgent(s) for s in range(players)], seed=seed, hooks=hooks)
    folders = [str(Path(p).resolve()) for p in packs]     # a log of its games replays from any folder
    head = logs.header(ruleset, folders, names, seed, seat_names(probe), seats)
    return GameEnv(head, ruleset, hooks, **options)
