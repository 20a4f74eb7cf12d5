"""Run: Tiny Epic Mechs' invariants, checked after every event (its definition's ``invariants``:
``rulecraft fuzz`` runs them in every game it plays, and the engine's tests through
``tests/runtime/invariants.py``). Each names the ruling it holds: a card is played once a round (T18),
health and resources stay in bounds (T1), VP never go down (T2), Mines and Turrets are neither made nor
lost (T8), tokens sit only on zones (T6), two pilots never share a zone between turns (T8), weapon cards
are neither made nor lost and every pilot keeps one equipped within its slots (T12), the Mighty Mech has
one controller (rulebook/mighty-mech), and the game lasts its rounds (rulebook/scoring). Bounds and VP
are checked after every event; what is counted over the whole table (tokens, weapon cards, zones) at
each card revealed and at each round's start and end: counted after every event, it made a fuzzed game
about nine times slower (the fuzzing guide's figures).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulecraft.plugins.tem.model import ADVANCED, BASIC, MECH
from rulecraft.runtime.invariants import Broken, Watch

COUNTED = frozenset({"reveal", "round-start", "round-end", "game-end"})   # the whole table counted there


def watch(game: Any) -> Watch:
    """The watch of one game: the VP and the cards played this round, kept as the events come."""
    vp = {p.seat: 0 for p in game.players}
    played: dict[int, set[str]] = {p.seat: set() for p in game.players}
    rounds = [0]

    def check(event: dict[str, Any] | None) -> Broken | None:
        if event is None:
            return None
        where = f"event #{len(game.events)} {event}"
        kind = event["e"]
        if kind == "round-start":
            rounds[0] += 1
            for cards in played.values():
                cards.clear()
        if kind == "reveal" and not event["ad_hoc"]:
            if event["card"] in played[event["player"]]:
                return Broken("T18", f"seat {event['player']} played {event['card']} twice this round: "
                                     f"{where}")
            played[event["player"]].add(event["card"])
        if not game.round:
            return None   # setup is still dealing
        broken = _players(game, vp, where)
        if broken is None and kind in COUNTED:
            broken = _counted(game, where) or _table(game, kind, where)
        if broken is None and kind == "game-end" and rounds[0] != game.rules.rounds:
            broken = Broken("rulebook/scoring", f"{rounds[0]} rounds played of {game.rules.rounds}: {where}")
        return broken
    return check


def _players(game: Any, vp: dict[int, int], where: str) -> Broken | None:
    rules = game.rules
    for p in game.players:
        if p.pilot and not 0 <= p.health <= game.max_health(p):
            return Broken("T1", f"health {p.health} of seat {p.seat}: {where}")
        for value in (p.energy, p.credits):
            if value < 0 or (rules.resource_max is not None and value > rules.resource_max):
                return Broken("T1", f"seat {p.seat} holds {value} of a resource: {where}")
        if p.vp < vp[p.seat]:
            return Broken("T2", f"the VP of seat {p.seat} went down from {vp[p.seat]} to {p.vp}: {where}")
        vp[p.seat] = p.vp
        in_mech = p.status == MECH
        if in_mech != (game.mech_controller == p.seat) or (in_mech and game.mech_pos != p.pos):
            return Broken("rulebook/mighty-mech", f"seat {p.seat} and the Mighty Mech disagree: {where}")
    return None


def _counted(game: Any, where: str) -> Broken | None:
    rules = game.rules
    for p in game.players:
        mines = sorted(p.mine_supply + [t.number for t in game.tokens.values()
                                        if t.owner == p.seat and t.kind == "mine"])
        if mines != sorted(rules.mine_numbers):
            return Broken("T8", f"the Mines of seat {p.seat} are {mines}: {where}")
        turrets = p.turret_supply + sum(1 for t in game.tokens.values()
                                        if t.owner == p.seat and t.kind == "turret")
        if turrets != rules.turrets:
            return Broken("T8", f"seat {p.seat} has {turrets} Turrets: {where}")
    return None


def _table(game: Any, kind: str, where: str) -> Broken | None:
    if not all(game.board.zones[c] is not None for c in game.tokens):
        return Broken("T6", f"a token off the zones: {where}")
    if kind in ("reveal", "round-end", "game-end"):
        cells = Counter(p.pos for p in game.players)
        if max(cells.values()) > 1:
            return Broken("T8", f"two pilots share a zone: {where}")
    n = len(game.players)
    advanced = Counter(game.row) + Counter(game.deck)
    basics = Counter(dict(game.piles.items()))
    for p in game.players:
        for w in p.owned:
            (advanced if game.weapon(w).tier == ADVANCED else basics)[w] += 1
        if len(set(p.owned)) != len(p.owned):
            return Broken("T12", f"seat {p.seat} owns a weapon twice: {where}")
    if advanced != Counter({w.id: w.copies for w in game.ruleset.advanced_weapons}) or \
            basics != Counter({w.id: n for w in game.ruleset.basic_weapons}):
        return Broken("T12", f"weapon cards were made or lost: {where}")
    if kind in ("reveal", "game-end"):
        for p in game.players:
            slots = game.rules.slots[p.status]
            tiers = Counter(game.weapon(w).tier for w in p.equipped)
            if not p.equipped:
                return Broken("T12", f"seat {p.seat} has no weapon equipped: {where}")
            if (tiers[BASIC] > slots.basic or tiers[ADVANCED] > slots.advanced
                    or not set(p.equipped) <= set(p.owned)):
                return Broken("T12", f"seat {p.seat} equips {p.equipped} past its slots or weapons: {where}")
    return None
