"""Goldens of Mecha Game's engine: the event lines of seeded games, kept as hashes.

Making the engine faster (issue 13 item 8) or moving its rules onto shared DSL mechanisms (issue 12 item 5)
must not change one decision or one event of a game: the same seeds give byte-identical event lines (as
``rulecraft.runtime.logs.dumps`` writes them). Random seats and the heuristic against random, both seat
orders, on the starter decks of ``mecha-core``.

Only hashes are committed (``mecha.json``). After a change that is meant to alter the game::

    .venv/bin/python tests/goldens/mecha_goldens.py            # lists the entries that differ
    .venv/bin/python tests/goldens/mecha_goldens.py --write    # rewrites mecha.json
"""

from __future__ import annotations

from pathlib import Path

import golden_files

from rulecraft.plugins.mecha.agents import AGENTS
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset

GOLDEN = Path(__file__).resolve().parent / "mecha.json"

# name -> (agent kinds by seat, seeds): about 60 games.
GAMES: dict[str, tuple[tuple[str, str], range]] = {
    "random-random": (("random", "random"), range(30)),
    "heuristic-random": (("heuristic", "random"), range(15)),
    "random-heuristic": (("random", "heuristic"), range(15)),
}


def event_lines(agents: tuple[str, ...], seed: int) -> list[str]:
    """The event lines of one seeded game."""
    return golden_files.event_lines(MechaGame, core_ruleset(), AGENTS, agents, seed)


def compute() -> dict[str, str]:
    """Every golden's name and the hash of its games' event lines, as the current tree plays them."""
    return golden_files.seeded_games(MechaGame, core_ruleset(), AGENTS, GAMES)


def frozen() -> dict[str, str]:
    return golden_files.frozen(GOLDEN)


if __name__ == "__main__":
    golden_files.main(GOLDEN, compute)
