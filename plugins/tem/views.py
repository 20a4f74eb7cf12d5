"""Run: what one player may see of the game (T16 hidden information).

Hidden from a player: other players' program cards until revealed, other players' Mine numbers (until
triggered, when the ``mine`` event shows them), the Advanced deck's order (only its size shows) and the
pilot cards dealt to others. :func:`view_for` is TEM's ``view_state``: agents receive the runtime's
shared :class:`~rulecraft.runtime.views.View` of it, which keeps no path to the live game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulecraft.plugins.tem.engine import Game


NOBODY = -1     # no seat: everything a seat owns is another's, so every secret is hidden


def view_for(game: Game, seat: int) -> dict[str, Any]:
    """The game as seen by ``seat``: plain JSON-like data, with no other player's secret in it."""
    snap = game.snapshot()
    for other in snap["players"]:
        if other["seat"] == seat:
            continue
        shown = other["revealed"]
        other["program"] = other["program"][:shown]
        other["program_size"] = len(game.players[other["seat"]].program)
        other["mine_supply"] = len(other["mine_supply"])
        if other["pilot"] is None:
            other["dealt_pilots"] = len(other["dealt_pilots"])
        else:
            other["dealt_pilots"] = None
        if game.round == 0 and other["owned"] and not game.row:
            other["owned"] = other["equipped"] = []   # Basic picks are secret until everyone chose
    for token in snap["tokens"].values():
        if token["owner"] != seat and token["kind"] == "mine":
            token["number"] = None
    snap["deck"] = len(snap["deck"])
    snap["you"] = seat
    return snap


def public_view(game: Game) -> dict[str, Any]:
    """What a spectator sees (T16): the game as to a seat that owns nothing, every seat's secret hidden."""
    snap = view_for(game, NOBODY)
    snap["you"] = None
    return snap
