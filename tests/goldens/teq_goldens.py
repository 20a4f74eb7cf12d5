"""Goldens of Tiny Epic Quest's engine: the event lines of seeded games, kept as hashes.

Making the engine faster or moving a rule onto another mechanism must not change one decision or one event
of a game: the same seeds give byte-identical event lines (as ``rulecraft.runtime.logs.dumps`` writes
them). Random seats at 2, 3 and 4 players, the heuristic against random in both seat orders, and solo
games of each agent, on ``teq-core``. A change to the pack's designed values (Q35) changes them too.

Only hashes are committed (``teq.json``). After a change that is meant to alter the game::

    .venv/bin/python tests/goldens/teq_goldens.py            # lists the entries that differ
    .venv/bin/python tests/goldens/teq_goldens.py --write    # rewrites teq.json
"""

from __future__ import annotations

from pathlib import Path

import golden_files

from rulecraft.plugins.teq.agents import HeuristicAgent
from rulecraft.plugins.teq.engine import Game
from rulecraft.plugins.teq.pack import core_ruleset
from rulecraft.runtime.decisions import RandomAgent

GOLDEN = Path(__file__).resolve().parent / "teq.json"
AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}

# name -> (agent kinds by seat, seeds): about 60 games.
GAMES: dict[str, tuple[tuple[str, ...], range]] = {
    "random-random": (("random", "random"), range(12)),
    "random-3": (("random",) * 3, range(8)),
    "random-4": (("random",) * 4, range(8)),
    "heuristic-random": (("heuristic", "random"), range(8)),
    "random-heuristic": (("random", "heuristic"), range(8)),
    "solo-random": (("random",), range(8)),
    "solo-heuristic": (("heuristic",), range(8)),
}


def event_lines(agents: tuple[str, ...], seed: int) -> list[str]:
    """The event lines of one seeded game."""
    return golden_files.event_lines(Game, core_ruleset(), AGENTS, agents, seed)


def compute() -> dict[str, str]:
    """Every golden's name and the hash of its games' event lines, as the current tree plays them."""
    return golden_files.seeded_games(Game, core_ruleset(), AGENTS, GAMES)


def frozen() -> dict[str, str]:
    return golden_files.frozen(GOLDEN)


if __name__ == "__main__":
    golden_files.main(GOLDEN, compute)
