"""Run: what one player may see of the game (T16 hidden information).

Hidden from a player: other players' program cards until revealed, other players' Mine numbers (until
triggered, when the ``mine`` event shows them), the Advanced deck's order (only its size shows) and the
pilot cards dealt to others. Agents receive a :class:`View` and nothing else: the public definitions
(``view.ruleset``), their seat (``view.player``) and their redacted state (``view.state()``). A view keeps
no reference to the live game, its players or its RNG (no attribute, closure or bound method leads there:
the redacted state is built when the view is made and the game is dropped), so an agent cannot read the
deck order or another player's program however it looks. An agent that never looks at the state says so
with ``needs_state = False`` and costs nothing: its views carry the ruleset and the seat only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulecraft.plugins.tem.engine import Game


class View:
    """One decision's view for ``player``: ``ruleset`` (public definitions), ``player`` (the seat) and
    ``state()`` (the redacted state, :func:`view_for`); built with ``state=False``, ``state()`` raises."""

    __slots__ = ("_state", "player", "ruleset")

    def __init__(self, game: Game, player: int, *, state: bool = True) -> None:
        self.player = player
        self.ruleset = game.ruleset
        self._state = view_for(game, player) if state else None

    def state(self) -> dict[str, Any]:
        """The game as this player sees it (T16): plain JSON-like data, this view's own copy."""
        if self._state is None:
            raise LookupError("this view carries no state: the agent declared needs_state = False")
        return self._state


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
