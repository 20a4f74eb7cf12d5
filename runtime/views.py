"""Run: what one seat may see — the view an agent gets for each decision, shared by every game.

A :class:`View` holds the game's public definitions (``view.ruleset``), the seat (``view.player``) and that
seat's redacted state (``view.state()``), which the game computes in :meth:`GameCore.view_state` (its
hidden-information rule). The view keeps no reference to the live game, its players or its RNG: the state
is built when the view is made and the game is dropped, so an agent cannot read what its seat may not see
however it looks. An agent that never looks (``needs_state = False``) gets a view without state, which
costs nothing.

A searching agent (its class says ``searches = True``: ``rulecraft.runtime.agents.search``) also gets
:meth:`View.forks`: games determinized for its seat, rebuilt from the game's log so far, never the live
game (``rulecraft.runtime.agents.forks`` says why that is safe); any other agent's view refuses them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class View:
    """One decision's view for ``player``; built with ``state=False``, ``state()`` raises."""

    __slots__ = ("_forks", "_state", "player", "ruleset")

    def __init__(self, game: Any, player: int, *, state: bool = True) -> None:
        self.player = player
        self.ruleset = game.ruleset
        self._state = game.view_state(player) if state else None
        self._forks = _forks(game, player) if state and _searches(type(game.agents[player])) else None

    def state(self) -> dict[str, Any]:
        """The game as this seat sees it: plain JSON-like data, this view's own copy."""
        if self._state is None:
            raise LookupError("this view carries no state: the agent declared needs_state = False")
        return self._state

    def forks(self) -> Any:
        """This seat's determinized games at this decision (a ``Forks``; the caller closes it), for a
        searching agent only."""
        if self._forks is None:
            raise LookupError("this view carries no forks: only an agent that says searches = True gets them")
        return self._forks()


_SEARCHING: dict[type, bool] = {}


def _searches(kind: type) -> bool:
    """Whether agents of class ``kind`` search (looked up once per class: views are built per decision)."""
    found = _SEARCHING.get(kind)
    if found is None:
        found = _SEARCHING[kind] = bool(getattr(kind, "searches", False))
    return found


def _forks(game: Any, player: int) -> Callable[[], Any]:
    """What rebuilds the game at this decision, taken now (its log so far and what built it, not the game
    itself): a call that makes the ``Forks`` when the agent asks for them."""
    events = list(game.events)
    recipe = (game.ruleset, getattr(game, "hooks", None), type(game), game.seed, list(game.colours),
              len(game.agents))

    def make() -> Any:
        from rulecraft.runtime.agents.forks import Forks

        return Forks.rebuilt(*recipe, events, player)
    return make
