"""Run: Mecha Game's hidden information over a game (M18): what an event shows a seat, and resampling
everything a seat cannot see.

:func:`view_for` (``views.py``) says what a seat sees *now*: the board, both discard piles and damage zones,
its own hand, and only the sizes of the opponent's hand and of both decks. This module adds time:

- :func:`reveals` (the engine's ``GameCore.reveals``): whether an event shows a seat something its own
  answers did not decide, which a session's undo may not take back. A card drawn shows itself to its drawer
  only: the other sees the hand and the deck change by one, which the rules decided (M5, M18). A direct
  attack turns the top card of a deck face up into the damage zone (M19). The first player is named by
  chance (M4); the opening shuffles show nothing until the cards are drawn. Every answer of the opponent is
  a public action (M6, M15), so it reveals, and so does its pass of a window unasked: it shows that it held
  no command it could play there.
- :func:`determinize` (the definition's ``determinize``): in a game paused at one of ``seat``'s decisions,
  resample in place all that seat cannot see (M18): its own deck's order (its cards are known, their order
  is not), and the opponent's hand and deck together: the opponent's unseen cards are dealt again, as many
  to its hand and to its deck as each holds. Nothing the seat has seen moves: cards in play, discarded or in
  a damage zone stay, and so does every card of its own hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rulecraft.runtime.game import GameCore

if TYPE_CHECKING:
    from rulecraft.plugins.mecha.engine import MechaGame


def reveals(game: MechaGame, event: dict[str, Any], seat: int) -> bool:
    """Whether ``event`` shows ``seat`` something its own answers did not decide (see the module)."""
    kind = event["e"]
    if kind == "draw":
        return event["player"] == seat
    if kind == "direct-attack":
        return True
    return GameCore.reveals(game, event, seat)   # the first player's pick; the opponent's answers


def answered(event: dict[str, Any]) -> int | None:
    """The seat whose answer ``event`` is: a decision's, or a window's pass unasked (the engine's ``pass``
    event), for that says whether it held a command it could play (M15)."""
    return event["player"] if event["e"] in ("decision", "pass") else None


def determinize(game: MechaGame, seat: int, rng: random.Random) -> None:
    """Resample in place all that ``seat`` cannot see (see the module), drawing from ``rng`` only. The game's
    own chance source is untouched, but Mecha Game draws on it only for the first player and the opening
    shuffles (M4): after the opening a fork's future is its decks' (resampled) order and the answers."""
    mine, theirs = game.seats[seat], game.seats[1 - seat]
    mine.deck.sort()                 # from the cards alone, not their hidden order: the same world from
    rng.shuffle(mine.deck)           # every state the seat cannot tell apart
    unseen = sorted(theirs.hand + theirs.deck)
    rng.shuffle(unseen)
    held = len(theirs.hand)
    theirs.hand[:] = unseen[:held]
    theirs.deck[:] = unseen[held:]
