"""Run: what one Mecha Game player may see (M18 zones and secrecy).

Hidden: the opponent's hand (its size shows) and the order of both decks (only their sizes show, also to
their owner). Public: the board, both discard piles and damage zones. :func:`view_for` is Mecha Game's
``view_state``: agents receive the runtime's shared :class:`~rulecraft.runtime.views.View` of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulecraft.plugins.mecha.engine import MechaGame


NOBODY = -1     # no seat: both hands are another's, so only their sizes show


def public_view(game: MechaGame) -> dict[str, Any]:
    """What a spectator sees (M18): the public zones, both hands' sizes, no deck order."""
    return {**view_for(game, NOBODY), "you": None}


def view_for(game: MechaGame, seat: int) -> dict[str, Any]:
    """The game as ``seat`` sees it: plain data with no secret of the opponent's and no deck order."""
    names = game.grid.names
    players = []
    for s in game.seats:
        players.append({"seat": s.seat, "deck": len(s.deck),
                        "hand": list(s.hand) if s.seat == seat else len(s.hand),
                        "discard": list(s.discard), "damage": list(s.damage),
                        "bandwidth": game.bandwidth(s.seat), "population": game.population(s.seat)})
    return {"you": seat, "turn": game.turn, "active": game.active, "phase": game.phase,
            "units": {names[c]: u.snapshot(names) for c, u in game.at.items()}, "players": players}
