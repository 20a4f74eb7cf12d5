"""Goldens: a game's frozen hashes (a JSON file of name -> hash), what differs, and the script that lists or
rewrites them; shared by every game's goldens script (``tem_goldens.py``, ``mecha_goldens.py``,
``teq_goldens.py``)."""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rulecraft.runtime.logs import dumps


def frozen(path: Path) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8"))


def differences(want: dict[str, str], got: dict[str, str]) -> list[str]:
    return [f"{name}: {'missing' if name not in got else 'new' if name not in want else 'changed'}"
            for name in sorted(want.keys() | got.keys()) if want.get(name) != got.get(name)]


Agents = Mapping[str, Callable[[str], Any]]


def event_lines(engine: Callable[..., Any], ruleset: Any, agents: Agents, kinds: tuple[str, ...],
                seed: int) -> list[str]:
    """The event lines of one seeded game: every seat's agent seeded ``golden:SEED/SEAT``, the game
    ``golden:SEED``."""
    players = [agents[kind](f"golden:{seed}/{i}") for i, kind in enumerate(kinds)]
    game = engine(ruleset, players, seed=f"golden:{seed}")
    game.play()
    return [dumps(event) for event in game.events]


def seeded_games(engine: Callable[..., Any], ruleset: Any, agents: Agents,
                 games: Mapping[str, tuple[tuple[str, ...], range]]) -> dict[str, str]:
    """``games/<name>``: the hash of the event lines of each named set of seeded games (its seats' agent
    kinds and its seeds)."""
    out = {}
    for name, (kinds, seeds) in games.items():
        lines = [line for seed in seeds for line in event_lines(engine, ruleset, agents, kinds, seed)]
        out[f"games/{name}"] = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
    return out


def main(path: Path, compute: Callable[[], dict[str, str]]) -> None:
    """List the goldens that differ from ``path``, or (``--write``) rewrite it."""
    current = compute()
    if "--write" in sys.argv[1:]:
        path.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {len(current)} goldens to {path.name}")
    else:
        print("\n".join(differences(frozen(path), current)) or f"all {len(current)} goldens match")
