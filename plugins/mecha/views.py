"""Run: what one Mecha Game player may see (M18 zones and secrecy).

Hidden: the opponent's hand (its size shows) and the order of both decks (only their sizes show, also to
their owner). Public: the board, both discard piles and damage zones. A :class:`MechaView` has the same
shape as the runtime's ``View`` (``ruleset``, ``player``, ``state()``) and keeps no reference to the live
game: the redacted state is built when the view is made, and only when the agent reads state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulecraft.plugins.mecha.engine import MechaGame


class MechaView:
    """One decision's view for ``player``: ``ruleset``, ``player`` and ``state()``, the redacted state
    (built only for an agent that reads it; ``state()`` raises otherwise)."""

    __slots__ = ("_state", "player", "ruleset")

    def __init__(self, game: MechaGame, player: int, *, state: bool = True) -> None:
        self.player = player
        self.ruleset = game.ruleset
        self._state = view_for(game, player) if state else None

    def state(self) -> dict[str, Any]:
        if self._state is None:
            raise LookupError("this view carries no state: the agent declared needs_state = False")
        return self._state


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
