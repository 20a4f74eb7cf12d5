"""Run: the table every rule area of Tiny Epic Quest's engine shares: its state, and the steps all areas take.

The engine (:class:`~rulecraft.plugins.teq.engine.Game`) is one class built from one class per rule area,
stacked in one line of inheritance on :class:`Table`: ``quests`` (the row, Q11), ``abilities`` (grottoes,
items, rewards), ``day`` (Q5-Q12), ``night`` (Q14-Q20), ``rest`` (Q21, Q22), then the engine (setup,
resolution, scoring). ``Table`` holds the state and the steps several areas take: the maxima (Q24), gaining
health or power, heroes going home, goblins taking damage (Q23), items going to heroes (Q25), temple
completion (Q20); a step an area above implements is declared here and overridden there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.geometry import Geometry, Pos
from rulecraft.plugins.teq.model import (
    ACTIVE,
    CASTLE,
    HELD,
    MAX_HEALTH,
    MAX_POWER,
    PASSIVE,
    TEMPLE,
    MapCard,
    Region,
    Ruleset,
)
from rulecraft.plugins.teq.state import Hero, Player, Portal
from rulecraft.runtime.game import GameCore


def region_id(card: str, side: str) -> str:
    """A region's id: its map card's id and its side (``mossy-hollow:left``)."""
    return f"{card}:{side}"


class Table(GameCore):
    """One game of Tiny Epic Quest, as every rule area sees it (set up by ``Game.__init__``)."""

    __slots__ = ()

    ruleset: Ruleset
    hooks: Any
    players: list[Player]
    geometry: Geometry
    map_cards: dict[str, MapCard]       # map card id -> its definition, for the cards laid out (Q2)
    regions: dict[str, Region]          # region id -> its definition (both regions of every card laid out)
    card_of: dict[str, str]             # region id -> its map card's id
    regions_at: dict[Pos, tuple[str, ...]]   # position -> the region ids of the card there
    castles: dict[int, str]             # seat -> its castle's region id (Q1)
    foreign_castles: dict[int, frozenset[str]]   # seat -> the castle regions it may not enter (Q4)
    pos_of: dict[str, Pos]              # map card id -> its position (Q2)
    portals: dict[str, Portal]          # portal region id -> its goblin (Q23)
    portal_bits: tuple[tuple[Portal, int], ...]   # each portal with its card's bit (Geometry.bits, Q7)
    supply: list[int]                   # goblin tokens not yet on the map
    faceup: list[str]                   # movement cards face up (Q9)
    deck: list[str]                     # the quest deck, top first (Q11; its order is the one secret, Q33)
    discard: list[str]                  # discarded quests
    row: list[str | None]               # the quest row, left to right (Q11)
    token: int                          # the first-player token's holder (Q1, Q28)
    token_q: bool                       # the token on its Q side (Q12)
    magic: int                          # the magic token's space on the track (Q18)
    round: int
    phase: str
    side: str                           # the magic card's side in play (Q18 multi, Q32 solo)
    dice: dict[str, Any] | None         # this night's last roll, public (Q33): its roller and faces
    first: int | None

    # --- seats ---------------------------------------------------------------------------------
    def clockwise(self, start: int) -> list[int]:
        """Every seat, clockwise from ``start`` (Q1: seats are in clockwise order)."""
        n = len(self.players)
        return [(start + i) % n for i in range(n)]

    def adventuring(self) -> list[int]:
        return [p.seat for p in self.players if not p.resting]

    def next_adventurer(self, after: int, include: bool = False) -> int | None:
        """The first adventuring seat clockwise after ``after`` (``after`` itself last, or first with
        ``include``), or None when nobody adventures."""
        players = self.players
        n = len(players)
        first = 0 if include else 1
        for i in range(first, n + first):
            seat = (after + i) % n
            if not players[seat].resting:
                return seat
        return None

    # --- maxima (Q24) --------------------------------------------------------------------------
    def modifier(self, player: Player, modifier: str, hero: Hero | None = None) -> int:
        """What the HELD items of ``player`` (only ``hero``'s, when given) add to ``modifier`` (Q25: an item
        works only while a hero holds it)."""
        treasures = self.ruleset.treasures
        total = 0
        for h in player.heroes if hero is None else (hero,):
            for item in h.items:
                found = treasures.get(item)
                if found is None:
                    continue
                for ability in found.abilities:
                    if ability.trigger == HELD:
                        total += sum(s.amount for s in ability.steps if s.modifier == modifier)
        return total

    def max_health(self, player: Player) -> int:
        rules = self.ruleset.rules
        base = rules.max_health(len(player.goblins), self.ruleset.goblins.max_health_bonus)
        return max(0, min(rules.track_top, base + self.modifier(player, MAX_HEALTH)))

    def max_power(self, player: Player) -> int:
        rules = self.ruleset.rules
        return max(0, min(rules.track_top, rules.max_power(player.spell) + self.modifier(player, MAX_POWER)))

    def clamp(self, player: Player) -> None:
        """Q24: when a maximum falls, the current value falls with it."""
        player.health = min(player.health, self.max_health(player))
        player.power = min(player.power, self.max_power(player))

    def gain(self, player: Player, what: str, amount: int) -> int:
        """``amount`` health or power, up to the maximum (Q24); what was gained."""
        if what == K.HEALTH:
            before, player.health = player.health, min(self.max_health(player), player.health + amount)
            got = player.health - before
        else:
            before, player.power = player.power, min(self.max_power(player), player.power + amount)
            got = player.power - before
        if got and not self.counted("gain"):
            self.push({"e": "gain", "player": player.seat, "what": what, "amount": got,
                       "health": player.health, "power": player.power})
        return got

    def gain_one(self, player: Player, why: str) -> None:
        """Q8, Q10, Q20, Q21: 1 health or 1 power, the player's choice; only what is below its maximum is
        offered (nothing is asked when one or neither can rise)."""
        amount = self.ruleset.rules.gain_on_return
        options = [w for w, now, top in ((K.HEALTH, player.health, self.max_health(player)),
                                         (K.POWER, player.power, self.max_power(player))) if now < top]
        if not options:
            return
        what = options[0] if len(options) == 1 else self.choose(K.GAIN, player.seat, options, {"why": why})
        self.gain(player, what, amount)

    def pay(self, player: Player, cost: int, why: str) -> None:
        """Spend power the player has (Q24: a cost larger than its power cannot be paid; callers offer only
        what it can pay)."""
        if cost > player.power:
            raise ValueError(f"player {player.seat} cannot pay {cost} power for {why}: it has {player.power}")
        if cost:
            player.power -= cost
            if not self.counted("pay"):
                self.push({"e": "pay", "player": player.seat, "power": cost, "why": why,
                           "left": player.power})

    # --- regions and heroes --------------------------------------------------------------------
    def castle_of(self, player: Player) -> str:
        """The region id of the player's castle (Q1)."""
        return self.castles[player.seat]

    def castle_region(self, player: Player) -> str:
        card = self.ruleset.castles[player.colour]
        side = next(r.side for r in card.regions if r.feature == CASTLE)
        return region_id(card.id, side)

    def map_card(self, region: str) -> MapCard:
        return self.map_cards[self.card_of[region]]

    def hero(self, seat: int, index: int) -> Hero:
        return self.players[seat].heroes[index]

    def in_castle(self, hero: Hero) -> bool:
        return hero.region == self.castle_of(self.players[hero.owner])

    def on_temple(self, hero: Hero) -> bool:
        return self.regions[hero.region].feature == TEMPLE

    def at_portal(self, hero: Hero) -> bool:
        """Attacking a goblin: on a portal that holds one (Q8, Q23)."""
        portal = self.portals.get(hero.region)
        return portal is not None and portal.goblin is not None

    def temple_last(self, hero: Hero) -> bool:
        """On the last space of its temple's track (Q20)."""
        track = self.regions[hero.region].temple
        return track is not None and hero.step == track.last

    def leave(self, hero: Hero) -> None:
        """A hero leaves its region: a temple's progress is lost (Q8), a goblin's damage cleared (Q23)."""
        hero.step = 0
        hero.given.clear()
        portal = self.portals.get(hero.region)
        if portal is not None and portal.damage:
            portal.damage = 0
            self.emit("goblin-healed", region=hero.region)

    def go_home(self, hero: Hero, why: str) -> None:
        """Back to its castle without entering it (Q8: no gain for entering)."""
        self.leave(hero)
        hero.region = self.castle_of(self.players[hero.owner])
        if not self.counted("home"):
            self.push({"e": "home", "player": hero.owner, "hero": hero.index, "why": why})

    # --- goblins (Q23) -------------------------------------------------------------------------
    def damage_goblin(self, hero: Hero, amount: int, why: str) -> None:
        """``amount`` damage to the goblin ``hero`` attacks; at its side's health it is defeated: its
        player takes the token at once (and with it 1 maximum health, Q24); the hero stays on the portal."""
        portal = self.portals.get(hero.region)
        if portal is None or portal.goblin is None or amount <= 0:
            return
        portal.damage += amount
        health = self.ruleset.goblins.health(ACTIVE if portal.active else PASSIVE)
        self.emit("goblin-damage", player=hero.owner, hero=hero.index, region=hero.region, amount=amount,
                  damage=portal.damage, health=health, why=why)
        if portal.damage >= health:
            player = self.players[hero.owner]
            player.goblins.append(portal.goblin)
            self.emit("goblin-defeated", player=hero.owner, region=hero.region, goblin=portal.goblin,
                      goblins=len(player.goblins), max_health=self.max_health(player))
            portal.goblin, portal.active, portal.damage = None, False, 0

    # --- items (Q25, Q26) ----------------------------------------------------------------------
    def equip(self, player: Player, item: str) -> None:
        """Q25: a gained item goes at once to a hero with a free hand (the player's choice), or waits."""
        free = [h.index for h in player.heroes if len(h.items) < self.ruleset.rules.items_per_hero]
        if not free:
            player.waiting.append(item)
            self.emit("item", player=player.seat, item=item, hero=None)
            return
        to = free[0] if len(free) == 1 else self.choose(K.ITEM, player.seat, free, {"item": item})
        player.heroes[to].items.append(item)
        self.clamp(player)
        self.emit("item", player=player.seat, item=item, hero=to)

    def complete_temple(self, hero: Hero) -> None:
        """Q20: the hero returns to its castle; its player gains 1 health or 1 power; takes a treasure
        quest in the row naming this temple, with its item; its legendary item linked to the temple moves
        one space, and is found (and equipped) on its track's last space (Q26)."""
        player = self.players[hero.owner]
        track = self.regions[hero.region].temple
        assert track is not None
        self.emit("temple", player=player.seat, hero=hero.index, temple=track.id)
        self.go_home(hero, "temple")
        self.gain_one(player, "temple")
        self.take_treasure_quest(player, track.id)
        item = track.legendary
        if item in player.found:
            return
        legendary = self.ruleset.legendaries[item]
        player.legendary[item] = space = player.legendary[item] + 1
        self.emit("legendary", player=player.seat, item=item, space=space)
        if space >= legendary.spaces - 1:
            player.found.append(item)
            self.emit("found", player=player.seat, item=item)
            self.equip(player, item)

    # --- steps other areas implement -----------------------------------------------------------
    def take_treasure_quest(self, player: Player, temple: str) -> None:
        raise NotImplementedError

    def exhaust(self, player: Player) -> None:
        raise NotImplementedError

    def enter(self, hero: Hero, region: str) -> None:
        raise NotImplementedError

    def move_options(self, player: Player, method: str,
                     heroes: Sequence[Hero] | None = None) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def move(self, player: Player, option: tuple[Any, ...], method: str, why: str) -> Hero:
        raise NotImplementedError
