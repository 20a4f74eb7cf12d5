"""Run: the part of a per-game record every game has, read from the runtime core's game and its standings.

A record is plain, JSON-ready data: the game's index and seed, its players, how long it was (events and
decisions: every game asks through :meth:`~rulecraft.runtime.game.GameCore.ask`, which logs a ``decision``
event), whether it was aborted, the winners, and one row per seat (seat, colour, agent, and its outcome:
rank, ``win``, ``result``). The outcome is the game's own (``GameCore.standings``, typed
:class:`~rulecraft.runtime.outcomes.Standing` s): ``result`` is win, loss, draw or shared, ``win`` its share
of a win (1, 1/k of a shared victory or a draw, 0), never read from the rank; a seat that played for a
target (a solo game) also has ``target`` (what it was) and ``reached``. A game's ``metrics`` module
(``game_record``) starts from this record and adds what its own game says; a game with none is reported
from this record alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.outcomes import Standing

Record = dict[str, Any]


def seat_names(game: Any) -> list[str]:
    """The seats' names of a game: its ``colours`` (the engine protocol's, by default the seat numbers)."""
    return [str(c) for c in game.colours]


def outcome(standing: Standing | None) -> Record:
    """A seat's outcome as record fields: its rank, its share of a win (``win``), its ``result``, and for a
    seat that played for a target the target and whether it was ``reached``; an aborted game's seat has no
    rank and no result."""
    if standing is None:
        return {"rank": None, "win": 0.0, "result": None}
    fields: Record = {"rank": standing.rank, "win": standing.share, "result": standing.result}
    if standing.target is not None:
        fields.update(target=standing.target, reached=standing.reached)
    return fields


def winners(game: Any) -> list[int]:
    """The seats with a win or a share of one, in seat order."""
    return sorted(s.seat for s in game.standings or () if s.won)


def core_record(game: Any, index: int, seed: str, agents: Sequence[str]) -> Record:
    """The record of one played (or aborted) game from what every game's engine has: its events (counted,
    so a game in summary mode, ``GameCore.keep_only``, gives the same) and its standings (none when
    aborted)."""
    standings = {s.seat: s for s in game.standings or ()}
    counts = game.event_counts()
    seats = [{"seat": seat, "colour": colour, "agent": agents[seat], **outcome(standings.get(seat))}
             for seat, colour in enumerate(seat_names(game))]
    return {"index": index, "seed": seed, "players": len(seats), "events": sum(counts.values()),
            "decisions": counts["decision"], "winners": winners(game), "aborted": game.aborted,
            "seats": seats}
