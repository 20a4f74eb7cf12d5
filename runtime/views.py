"""Run: what one seat may see — the view an agent gets for each decision, shared by every game.

A :class:`View` holds the game's public definitions (``view.ruleset``), the seat (``view.player``) and that
seat's redacted state (``view.state()``), which the game computes in :meth:`GameCore.view_state` (its
hidden-information rule). The view keeps no reference to the live game, its players or its RNG: the state
is built when the view is made and the game is dropped, so an agent cannot read what its seat may not see
however it looks. An agent that never looks (``needs_state = False``) gets a view without state, which
costs nothing.
"""

from __future__ import annotations

from typing import Any


class View:
    """One decision's view for ``player``; built with ``state=False``, ``state()`` raises."""

    __slots__ = ("_state", "player", "ruleset")

    def __init__(self, game: Any, player: int, *, state: bool = True) -> None:
        self.player = player
        self.ruleset = game.ruleset
        self._state = game.view_state(player) if state else None

    def state(self) -> dict[str, Any]:
        """The game as this seat sees it: plain JSON-like data, this view's own copy."""
        if self._state is None:
            raise LookupError("this view carries no state: the agent declared needs_state = False")
        return self._state
