"""Report: what `rulecraft sweep` can read from a Tiny Epic Mechs record, beyond every game's core metrics.

Offered through TEM's ``metrics`` module (its GameDefinition): ``SWEEP_METRICS`` by name, in the table
shape of ``rulecraft.runtime.balance.sweep.metrics`` (shape, reader, argument usage, text; plain data,
so the game needs nothing of the sweep), and ``SWEEP_DEFAULTS``, what a sweep reads about a varied
entity of each kind when no ``--metric`` is given, and of every point (``"*"``: the rounds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rulecraft.runtime.balance.sweep.metrics import held_win

Record = dict[str, Any]


def per_game(field: str) -> Callable[[Record, str], list[Any]]:
    return lambda record, _: [record[field]]


def _held(seat: Record) -> list[str]:
    """What a seat held: the weapons it owned and its pilot."""
    return [*seat["owned"], seat.get("pilot") or ""]


def _vp(record: Record, source: str) -> list[int]:
    return [s.get("vp_by_source", {}).get(source, 0) if source else s["vp"] for s in record["seats"]]


def _purchase(record: Record, entity: str) -> list[int]:
    return [int(entity in s["purchased"]) for s in record["seats"]]


SWEEP_METRICS: dict[str, tuple[str, Callable[[Record, str], Iterable[Any]], str, str]] = {
    "owner-win-rate": ("rate", held_win(_held), "ID", "win rate of the players owning weapon or pilot ID"),
    "purchase-rate": ("rate", _purchase, "ID", "share of players who bought ID"),
    "vp": ("mean", _vp, "[SOURCE]", "final VP per player, or VP from one source (vp:weapons, vp:ko)"),
    "rounds": ("mean", per_game("rounds"), "", "rounds per game"),
    "turns": ("mean", per_game("turns"), "", "turns per game"),
    "mech-control-rate": ("rate", lambda r, _: [int(r["mech_controller"] is not None)], "",
                          "share of games where someone controlled the Mighty Mech at the end"),
    "combats": ("mean", per_game("combats"), "", "Combats per game"),
    "kos": ("mean", per_game("kos"), "", "knock-outs per game"),
}
SWEEP_DEFAULTS: dict[str, tuple[str, ...]] = {"weapons": ("owner-win-rate", "purchase-rate"),
                                              "pilots": ("owner-win-rate",), "*": ("rounds",)}
