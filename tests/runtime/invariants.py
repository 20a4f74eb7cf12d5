"""Invariants of every Tiny Epic Mechs game state, checked after every event (OpenSpiel-style random sims)."""

from __future__ import annotations

from collections import Counter

from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.model import ADVANCED, BASIC, MECH


class InvariantChecker:
    """A game listener: call ``attach(game)``; raises AssertionError naming the event that broke a rule."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.vp: dict[int, int] = {}
        self.played: dict[int, set[str]] = {}
        self.rounds = 0
        self.count = 0

    def attach(self, game: Game) -> None:
        self.game = game
        game.listeners.append(self)
        self.vp = {p.seat: 0 for p in game.players}
        self.played = {p.seat: set() for p in game.players}

    def __call__(self, event: dict) -> None:
        game = self.game
        self.count += 1
        where = f"event #{len(game.events)} {event}"
        kind = event["e"]
        rules = game.rules
        if kind == "round-start":
            self.rounds += 1
            self.played = {p.seat: set() for p in game.players}
        if kind == "reveal" and not event["ad_hoc"]:
            # each card is played once per round outside Ad Hoc Mode (Program, T18)
            assert event["card"] not in self.played[event["player"]], where
            self.played[event["player"]].add(event["card"])
        if not game.round:
            return   # setup is still dealing
        for p in game.players:
            if p.pilot:
                assert 0 <= p.health <= game.max_health(p), f"health {p.health} of seat {p.seat}: {where}"
            for value in (p.energy, p.credits):
                assert value >= 0, where
                assert rules.resource_max is None or value <= rules.resource_max, where
            assert p.vp >= self.vp[p.seat], f"score went down for seat {p.seat}: {where}"
            self.vp[p.seat] = p.vp
            # Mines and Turrets are conserved: supply + deployed = the player's set (Setup F)
            mines = sorted(p.mine_supply + [t.number for t in game.tokens.values()
                                            if t.owner == p.seat and t.kind == "mine"])
            assert mines == sorted(rules.mine_numbers), f"mines of seat {p.seat} {mines}: {where}"
            turrets = p.turret_supply + sum(1 for t in game.tokens.values()
                                            if t.owner == p.seat and t.kind == "turret")
            assert turrets == rules.turrets, where
            assert (p.status == MECH) == (game.mech_controller == p.seat), where
            if p.status == MECH:
                assert game.mech_pos == p.pos, where
        # one Mine or Turret per zone, and only where there is a zone
        assert all(game.board.zones[c] is not None for c in game.tokens), where
        # one pilot per zone between turns: Combat or a block always separates pilots
        if kind in ("reveal", "round-end", "game-end"):
            cells = Counter(p.pos for p in game.players)
            assert max(cells.values()) == 1, f"two pilots share a zone: {where}"
        # weapon cards are conserved: row + deck + owned
        n = len(game.players)
        advanced = Counter(game.row) + Counter(game.deck)
        basics = Counter({b: left for b, left in game.piles.items()})
        for p in game.players:
            for w in p.owned:
                (advanced if game.weapon(w).tier == ADVANCED else basics)[w] += 1
            assert len(set(p.owned)) == len(p.owned), where
        assert advanced == Counter({w.id: w.copies for w in game.ruleset.advanced_weapons}), where
        assert basics == Counter({w.id: n for w in game.ruleset.basic_weapons}), where
        if kind in ("reveal", "game-end"):
            for p in game.players:
                slots = rules.slots[p.status]
                tiers = Counter(game.weapon(w).tier for w in p.equipped)
                assert len(p.equipped) >= 1, f"seat {p.seat} has no weapon equipped (T12): {where}"
                assert tiers[BASIC] <= slots.basic and tiers[ADVANCED] <= slots.advanced, where
                assert set(p.equipped) <= set(p.owned), where
        if kind == "game-end":
            assert self.rounds == rules.rounds, f"{self.rounds} rounds played: {where}"
