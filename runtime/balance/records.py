"""Run: the part of a per-game record every game has, read from the runtime core's game and its standings.

A record is plain, JSON-ready data: the game's index and seed, its players, how long it was (events and
decisions: every game asks through :meth:`~rulecraft.runtime.game.GameCore.ask`, which logs a ``decision``
event), whether it was aborted, the winners, and one row per seat (seat, colour, agent, rank, win). A win is
a share: k seats ranked first each get 1/k. A game's ``metrics`` module (``game_record``) starts from this
record and adds what its own game says; a game with none is reported from this record alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Record = dict[str, Any]


def seat_names(game: Any) -> list[str]:
    """The seats' names (colours) of a game: its ``colours`` (the engine protocol's argument, kept on the
    game), else the seat numbers."""
    colours = getattr(game, "colours", None)
    return [str(c) for c in colours] if colours else [str(s) for s in range(len(game.agents))]


def core_record(game: Any, index: int, seed: str, agents: Sequence[str]) -> Record:
    """The record of one played (or aborted) game from what every game's engine has: its events and its
    standings (rows with ``rank`` and ``player``, rank 1 the winners; none when aborted)."""
    standings = {row["player"]: row for row in getattr(game, "standings", None) or ()}
    winners = sorted(seat for seat, row in standings.items() if row["rank"] == 1)
    decisions = sum(1 for event in game.events if event["e"] == "decision")
    seats = [{"seat": seat, "colour": colour, "agent": agents[seat],
              "rank": standings.get(seat, {}).get("rank"),
              "win": 1 / len(winners) if seat in winners else 0.0}
             for seat, colour in enumerate(seat_names(game))]
    return {"index": index, "seed": seed, "players": len(seats), "events": len(game.events),
            "decisions": decisions, "winners": winners, "aborted": game.aborted, "seats": seats}
