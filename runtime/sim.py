"""Run: many complete games with seeded agents, their logs and a summary of the final standings."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecraft.runtime import logs
from rulecraft.runtime.decisions import make_agent
from rulecraft.runtime.engine import Game
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.model import Ruleset


@dataclass
class Summary:
    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)     # a shared victory counts 1/k for each of k winners
    vp_total: list[int] = field(default_factory=list)
    aborted: list[str] = field(default_factory=list)

    @property
    def mean_vp(self) -> list[float]:
        return [v / self.games if self.games else 0.0 for v in self.vp_total]


def game_seed(seed: int | str, index: int) -> str:
    return f"{seed}:{index}"


def play_one(ruleset: Ruleset, players: int, seed: int | str, hooks: Any = None,
             agent: str = "random") -> Game:
    agents = [make_agent(agent, f"{seed}/{seat}") for seat in range(players)]
    game = Game(ruleset, agents, seed=seed, hooks=hooks)
    with contextlib.suppress(GameError):   # game.aborted says why; the caller reports it
        game.play()
    return game


def simulate(ruleset: Ruleset, games: int, seed: int | str = 1, players: int = 4, hooks: Any = None,
             log_dir: Path | None = None, packs: Sequence[str] = (), plugins: Sequence[str] = (),
             agent: str = "random") -> Summary:
    summary = Summary(players, wins=[0.0] * players, vp_total=[0] * players)
    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)
    for index in range(games):
        s = game_seed(seed, index)
        game = play_one(ruleset, players, s, hooks, agent)
        if log_dir is not None:
            colours = [p.colour for p in game.players]
            head = logs.header(ruleset, packs, plugins, s, colours, [agent] * players)
            logs.write(log_dir / f"game-{index:06d}.jsonl", head, game.events)
        if game.aborted:
            summary.aborted.append(f"game {index} (seed {s}): {game.aborted}")
            continue
        summary.games += 1
        winners = [row["player"] for row in game.standings if row["rank"] == 1]
        for seat in winners:
            summary.wins[seat] += 1 / len(winners)
        for p in game.players:
            summary.vp_total[p.seat] += p.vp
    return summary
