"""Run: Pig's invariants, checked after every event (its definition's ``invariants``; ``rulecraft fuzz``
and ``then: {invariants: true}`` run them): a seat's score is what its holds banked, nothing else (P3, P2),
and nobody banks past a game already won (P4)."""

from __future__ import annotations

from typing import Any

from rulecraft.runtime.invariants import Broken, Watch


def watch(game: Any) -> Watch:
    """The watch of one game: the scores its ``hold`` events account for, kept as the events come."""
    banked = [0] * len(game.agents)

    def check(event: dict[str, Any] | None) -> Broken | None:
        if event is not None and event["e"] == "hold":
            if game.standings is not None:
                return Broken("P4", f"seat {event['player']} banked after the game was won")
            banked[event["player"]] += event["banked"]
        if list(game.scores) != banked:
            return Broken("P3", f"the scores are {list(game.scores)}, but the holds banked {banked}")
        return None
    return check
