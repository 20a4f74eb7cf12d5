"""Run: one plain, JSON-ready record per game, read from the game's events and final state.

A record says who sat where (seat, colour, agent, the pilots dealt and the one kept), how each seat
scored (final VP and VP by source, from the ``vp`` events), what it bought, its outcome (the runtime's
``outcome``: a shared victory counts 1/k for each of k winners, T15; a solo game's target, R8), and how
the game went (length, Combats, KOs, retreats, the Mighty Mech).
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.tem.engine import Game
from rulecraft.runtime.balance.records import outcome, winners

# The events a record reads one by one; every other kind it only counts (``GameCore.event_counts``), so a
# simulation that keeps no log plays in summary mode (``GameCore.keep_only``).
RECORD_EVENTS = frozenset({"vp", "starting-player"})

# VP sources as the engine names them (``vp`` events), grouped the way a designer reads them.
SOURCE_GROUPS = {"weapon:": "weapons"}


def source_group(source: str) -> str:
    """``weapon:rail-gun`` -> ``weapons``; every other source keeps its own name."""
    found = _GROUP_OF.get(source)
    if found is None:
        if len(_GROUP_OF) >= 4096:   # the sources are a ruleset's few dozen; bounded all the same
            _GROUP_OF.clear()
        found = _GROUP_OF[source] = next(
            (group for prefix, group in SOURCE_GROUPS.items() if source.startswith(prefix)), source)
    return found


_GROUP_OF: dict[str, str] = {}   # source -> its group, as source_group found it (~60 lookups a game)


def game_record(game: Game, index: int, seed: str, agents: list[str]) -> dict[str, Any]:
    """The record of one played (or aborted) game, from its full log or its summary (RECORD_EVENTS)."""
    counts = game.event_counts()
    by_source: list[dict[str, int]] = [{} for _ in game.players]   # plain dicts: a Counter's are Python calls
    first_seat = None
    for event in game.events:
        kind = event["e"]
        if kind == "vp":
            seat_vp, group = by_source[event["player"]], source_group(event["source"])
            seat_vp[group] = seat_vp.get(group, 0) + event["vp"]
        elif kind == "starting-player" and first_seat is None:
            first_seat = event["player"]
    standings = {s.seat: s for s in game.standings or ()}
    seats = []
    for p in game.players:
        seats.append({
            "seat": p.seat, "colour": p.colour, "agent": agents[p.seat], "pilot": p.pilot or "none",
            "dealt": list(p.dealt_pilots),
            "vp": p.vp, **outcome(standings.get(p.seat)),
            "first": p.seat == first_seat,
            "vp_by_source": dict(sorted(by_source[p.seat].items())),
            "purchased": list(p.purchased), "owned": list(p.owned),
            "mech": game.mech_controller == p.seat, "status": p.status,
        })
    return {
        "index": index, "seed": seed, "players": len(game.players), "first_seat": first_seat,
        "rounds": game.round, "turns": counts["reveal"], "events": sum(counts.values()),
        "decisions": counts["decision"], "combats": counts["combat-start"], "kos": counts["ko"],
        "retreats": counts["retreat"], "mech_taken": counts["mech-taken"],
        "mech_controller": game.mech_controller, "winners": winners(game), "aborted": game.aborted,
        "seats": seats,
    }
