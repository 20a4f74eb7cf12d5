"""Run: what one Tiny Epic Quest player may see (Q33): everything but the quest deck's order.

Dice results, the map, the items each hero holds, the quest row, the discard pile and every player's
tracks are public; of the deck only its size shows. :func:`view_for` is the game's ``view_state`` (agents
receive the runtime's shared :class:`~rulecraft.runtime.views.View` of it), :func:`snapshot_of` its
``snapshot`` (the deck's order included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulecraft.plugins.teq.table import Table


def public(game: Table) -> dict[str, Any]:
    """The state every seat sees alike."""
    return {
        "round": game.round, "phase": game.phase, "token": game.token, "token_q": game.token_q,
        "magic": game.magic, "level": game.ruleset.magic.track[game.magic], "side": game.side,
        "map": {f"{x},{y}": card for (x, y), card in sorted(game.geometry.cards.items())}
        if hasattr(game, "geometry") else {},
        "portals": {rid: p.snapshot() for rid, p in game.portals.items()},
        "dice": None if game.dice is None else {**game.dice, "faces": list(game.dice["faces"])},
        "supply": len(game.supply), "faceup": list(game.faceup), "row": list(game.row),
        "discard": list(game.discard), "deck": len(game.deck),
        "players": [{**p.snapshot(), "max_health": game.max_health(p), "max_power": game.max_power(p)}
                    for p in game.players],
    }


def view_for(game: Table, seat: int) -> dict[str, Any]:
    """The game as ``seat`` sees it: the public state (Q33), and which seat it is."""
    return {"you": seat, **public(game)}


def snapshot_of(game: Table) -> dict[str, Any]:
    """The whole state: the public one and the deck's order (top first)."""
    return {**public(game), "deck": list(game.deck), "finished": game.finished}
