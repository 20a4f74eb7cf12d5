"""Run: game setup: arena, pilots, Bases (T5), each secret setup Mine (T17), Basic and Advanced weapons.

Setup steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it; plugins reach them through
``game.hooks`` (setup_start, setup_player, starting_player, place_bases, setup_done).
"""

from __future__ import annotations

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.model import BASE_ZONE, CREDITS, ENERGY, MECH_ZONE, PILOT, RESOURCE_ZONE
from rulecraft.plugins.tem.rounds import RoundRules
from rulecraft.plugins.tem.state import MINE, Player, Token


class SetupRules(RoundRules):
    """The setup steps, in rulebook order."""

    # --- setup ---------------------------------------------------------------------------------
    def setup(self) -> None:
        if not self.counted("setup"):
            self.push({"e": "setup", "players": [p.colour for p in self.players],
                       "arena": self.board.arena.id, "seed": self.seed})
        self.hooks.setup_start(self)
        self.setup_arena()
        self.setup_players()
        first = self.hooks.starting_player(self)
        self.start_seat = self.pick(range(len(self.players)), "starting player") if first is None else first
        self.emit("starting-player", player=self.start_seat)
        self.setup_bases()
        self.setup_mines()
        self.setup_weapons()
        self.hooks.setup_done(self)

    def setup_arena(self) -> None:
        """Shuffle the Resource zones into their slots; the Mech Zone and the Mighty Mech go on theirs."""
        zones = list(self.ruleset.resource_zones())
        self.shuffle(zones, "resource zones")
        slots = self.board.arena.slots
        for cell, slot in enumerate(slots):
            if slot == RESOURCE_ZONE:
                self.board.place(cell, zones.pop())
            elif slot == MECH_ZONE:
                self.board.place(cell, self.ruleset.mech_zone())
                self.mech_pos = cell
        if not self.counted("arena"):
            self.push({"e": "arena",
                       "zones": {self.board.name(c): z.id for c, z in enumerate(self.board.zones) if z},
                       "mech": self.board.name(self.mech_pos)})

    def setup_players(self) -> None:
        rules = self.rules
        pilots = sorted(self.ruleset.pilots)
        self.shuffle(pilots, "pilot cards")
        for p in self.players:
            p.dealt_pilots = tuple(pilots[:rules.pilots_dealt])
            del pilots[:rules.pilots_dealt]
        for p in self.players:
            if self.hooks.setup_player(self, p):
                continue
            p.pilot = self.choose(D.PILOT, p.seat, p.dealt_pilots)
            p.status = PILOT
            p.health = self.ruleset.pilots[p.pilot].health
            p.energy = rules.starting_resources.get(ENERGY, 0)
            p.credits = rules.starting_resources.get(CREDITS, 0)
            p.mine_supply = list(rules.mine_numbers)
            p.turret_supply = rules.turrets
            if not self.counted("pilot"):
                self.push({"e": "pilot", "player": p.seat, "pilot": p.pilot, "health": p.health})

    def setup_bases(self) -> None:
        """T5: counter-clockwise from the player to the Starting Player's right; Starting Player last."""
        if self.hooks.place_bases(self):
            return
        n = len(self.players)
        for k in range(1, n + 1):
            p = self.players[(self.start_seat - k) % n]
            free = tuple(c for c, s in enumerate(self.board.arena.slots)
                         if s == BASE_ZONE and self.board.zones[c] is None)
            cell = self.choose(D.BASE, p.seat, free, {"cells": self.cell_names(free)})
            self.place_base(p, cell)

    def place_base(self, p: Player, cell: int) -> None:
        self.board.place(cell, self.ruleset.base_zone(p.colour))
        p.base = p.pos = cell
        if not self.counted("base"):
            self.push({"e": "base", "player": p.seat, "cell": self.board.name(cell)})

    def setup_mines(self) -> None:
        """T17: each player's secret Mine on its own Base."""
        for p in self.players:
            number = self.choose(D.SETUP_MINE, p.seat, tuple(sorted(set(p.mine_supply))))
            p.mine_supply.remove(number)
            self.tokens[p.base] = Token(p.seat, MINE, number)
            if not self.counted("deploy"):
                self.push({"e": "deploy", "player": p.seat, "token": MINE, "number": number,
                           "cell": self.board.name(p.base), "setup": True})

    def setup_weapons(self) -> None:
        """Setup M-O and 9: secret Basic picks, piles of the unchosen, the Advanced deck and row."""
        basics = tuple(w.id for w in self.ruleset.basic_weapons)   # each player is dealt one of each
        keep = self.rules.starting_basic_weapons
        hands = self.rules.slots[PILOT].basic
        for p in self.players:
            for _ in range(keep):
                options = tuple(b for b in basics if b not in p.owned)
                choice = self.choose(D.BASIC_WEAPON, p.seat, options)
                p.owned.append(choice)
                if len(p.equipped) < hands:
                    p.equipped.append(choice)
        n = len(self.players)
        self.piles = {b: n - sum(p.owned.count(b) for p in self.players) for b in basics}
        chosen = [p.owned[0] if keep == 1 else list(p.owned) for p in self.players]
        if not self.counted("basic-weapons"):
            self.push({"e": "basic-weapons", "chosen": chosen, "piles": dict(self.piles)})
        self.deck = [w.id for w in self.ruleset.advanced_weapons for _ in range(w.copies)]
        self.shuffle(self.deck, "advanced weapon deck")
        self.row = self.deck[:self.rules.advanced_row]
        del self.deck[:self.rules.advanced_row]
        if not self.counted("row"):
            self.push({"e": "row", "row": list(self.row), "deck": len(self.deck)})
