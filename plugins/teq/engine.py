"""Run: the Tiny Epic Quest rules engine, driven by a :class:`~rulecraft.plugins.teq.model.Ruleset`.

One :class:`Game` plays one game of 1 to 4 players on the runtime core (``runtime.game.GameCore``): setup
(Q1, Q2, Q11), then five rounds of a day (Q9), a night (Q14) and the round's resolution (Q28), then scoring
(Q29, Q30; solo plays for a target, Q31). The rules are one class per rule area, one module each, stacked
in one line of inheritance under :class:`Game` (see ``teq.table``). Every choice is a validated decision
asked through the core; every chance outcome is a logged ``roll``, ``shuffle`` or ``pick``; every change is
an event. Ruling ids Q1-Q33 (RULINGS.md) are cited where they decide behaviour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.geometry import Geometry, Pos
from rulecraft.plugins.teq.model import (
    CASTLE,
    GOBLINS,
    ITEMS,
    MULTI,
    PORTAL,
    QUESTS,
    SOLO,
    SPELLS,
    Ruleset,
)
from rulecraft.plugins.teq.quests import QUEST_DECK
from rulecraft.plugins.teq.rest import RestRules
from rulecraft.plugins.teq.state import Hero, Player, Portal
from rulecraft.plugins.teq.table import region_id
from rulecraft.plugins.teq.views import public, snapshot_of, view_for
from rulecraft.runtime.decisions import Agent
from rulecraft.runtime.outcomes import Standing, rank, target
from rulecraft.runtime.steps import StepChoice

FIRST_PLAYER = "first player"      # Q1
MAP_CARDS, CASTLES = "map cards", "castles"   # Q2's two shuffles
SETUP_PHASE, RESOLUTION_PHASE, OVER = "setup", "resolution", "over"


class Game(RestRules):
    """One game on the runtime core: build it, then :meth:`play`."""

    def __init__(self, ruleset: Ruleset, agents: Sequence[Agent], seed: int | str = 0,
                 listeners: Iterable[Callable[[dict[str, Any]], None]] = (), hooks: Any = None,
                 colours: Sequence[str] | None = None, first: int | None = None) -> None:
        """The game host's engine signature; ``colours`` names the seats by their castles' colours (Q1:
        default the pack's castles in order), ``first`` fixes the first player (else the seeded RNG)."""
        n = len(agents)
        if not 1 <= n <= len(ruleset.castles):
            raise ValueError(f"Tiny Epic Quest is for 1 to {len(ruleset.castles)} players, got {n} agents")
        chosen = tuple(colours) if colours is not None else ruleset.colours[:n]
        unknown = [c for c in chosen if c not in ruleset.castles]
        if len(chosen) != n or unknown:
            raise ValueError(f"the seats' colours must be {n} of the castles {', '.join(ruleset.castles)}; "
                             f"got {', '.join(chosen)}")
        super().__init__(agents, seed, ruleset.rules.step_cap, listeners, chosen)
        self.ruleset = ruleset
        self.hooks = hooks
        rules = ruleset.rules
        self.players = []
        for seat, colour in enumerate(chosen):
            self.players.append(Player(seat, colour, [], rules.start_health, rules.start_power,
                                       {item: 0 for item in ruleset.legendaries}))
        self.first = first
        self.token = first or 0
        self.token_q = True
        self.magic = 0
        self.round = 0
        self.phase = SETUP_PHASE
        self.side = SOLO if n == 1 else MULTI      # Q18, Q32
        self.dice = None
        self.supply = list(range(ruleset.goblins.supply))
        self.faceup = [card.id for card in ruleset.movement]
        self.deck = []
        self.discard = []
        self.row = [None] * rules.row_size
        self.portals = {}
        self.portal_bits = ()
        self.regions = {}
        self.card_of = {}
        self.pos_of = {}
        self.map_cards = {}
        self.regions_at = {}
        self.castles = {}
        self.foreign_castles = {}

    def where(self) -> str:
        return f" in round {self.round} ({self.phase})"

    # --- setup (Q1, Q2, Q11) -------------------------------------------------------------------
    def setup(self) -> None:
        """Q1: the first player by chance unless fixed; Q2: the map from two shuffles; heroes home, a
        passive goblin on every portal; Q11: the quest deck shuffled and the row dealt."""
        ruleset = self.ruleset
        if self.first is None:
            self.first = self.pick(tuple(range(len(self.players))), FIRST_PLAYER)
        self.token = self.first
        regular = [card.id for card in ruleset.map_cards.values()]
        castles = [card.id for card in ruleset.castles.values()]
        self.shuffle(regular, MAP_CARDS)
        self.shuffle(castles, CASTLES)
        layout = ruleset.layout
        centre, outer = regular[:len(layout.centre)], regular[len(layout.centre):]
        placed = {**dict(zip(layout.centre, centre, strict=False)),
                  **dict(zip(layout.corners, castles, strict=False)),
                  **dict(zip(layout.outer, outer, strict=False))}
        self.lay_out(placed)
        self.deck = list(ruleset.quests)
        self.shuffle(self.deck, QUEST_DECK)
        self.row, self.discard = [None] * ruleset.rules.row_size, []
        self.emit("setup", first=self.first, colours=list(self.colours),
                  map={f"{x},{y}": card for (x, y), card in placed.items()})
        self.refill()

    def lay_out(self, placed: Mapping[Pos, str]) -> None:
        """The map as laid out (Q2): its regions, a passive goblin on every portal (Q1), every hero in its
        castle (Q1). A rule scenario lays a map of its own through this too."""
        ruleset = self.ruleset
        by_id = {card.id: card for card in (*ruleset.map_cards.values(), *ruleset.castles.values())}
        self.map_cards = {card: by_id[card] for card in placed.values()}
        self.geometry = Geometry(placed, {p for p, c in placed.items() if by_id[c].road},
                                 {p for p, c in placed.items() if by_id[c].river}, ruleset.layout.coast)
        self.regions, self.card_of, self.portals = {}, {}, {}
        self.pos_of = {card: pos for pos, card in placed.items()}
        self.supply = list(range(ruleset.goblins.supply))
        self.regions_at = {}
        for pos in sorted(placed, key=lambda p: (p[1], p[0])):
            card = by_id[placed[pos]]
            self.regions_at[pos] = tuple(region_id(card.id, region.side) for region in card.regions)
            for region in card.regions:
                rid = region_id(card.id, region.side)
                self.regions[rid] = region
                self.card_of[rid] = card.id
                if region.feature == PORTAL:
                    self.portals[rid] = Portal(self.supply.pop(0) if self.supply else None)
        bits = self.geometry.bits
        self.portal_bits = tuple((portal, bits[self.pos_of[self.card_of[rid]]])
                                 for rid, portal in self.portals.items())
        self.castles = {player.seat: self.castle_region(player) for player in self.players}
        every = frozenset(rid for rid, region in self.regions.items() if region.feature == CASTLE)
        self.foreign_castles = {seat: every - {castle} for seat, castle in self.castles.items()}
        for player in self.players:
            castle = self.castle_of(player)
            player.heroes = [Hero(player.seat, i, castle) for i in range(ruleset.rules.heroes)]

    # --- the whole game ------------------------------------------------------------------------
    def run(self) -> list[Standing] | None:
        self.setup()
        rounds = self.ruleset.rules.rounds
        for number in range(1, rounds + 1):
            self.round = number
            self.emit("round", round=number, first=self.token)
            self.day()
            self.night()
            if number < rounds:
                self.resolution()
        return self.end()

    def resolution(self) -> None:
        """Q28, in order: the magic token back; passive goblins turn active (solo: 3, the player's choice,
        Q31) and all goblin damage clears; empty portals get passive goblins while the supply lasts; the
        movement cards turn face up; with the token on Q the rightmost quest goes; the token passes."""
        self.phase = RESOLUTION_PHASE
        self.magic = 0
        passive = [rid for rid, p in self.portals.items() if p.goblin is not None and not p.active]
        if len(self.players) == 1 and len(passive) > self.ruleset.rules.solo_active_goblins:
            steps = StepChoice(self, K.ACTIVATE, 0, count=self.ruleset.rules.solo_active_goblins)
            chosen: list[str] = []
            while not steps.finished:
                chosen.append(steps.step([rid for rid in passive if rid not in chosen]))
            passive = chosen
        for rid in passive:
            self.portals[rid].active = True
        for portal in self.portals.values():
            portal.damage = 0
        for portal in self.portals.values():
            if portal.goblin is None and self.supply:
                portal.goblin, portal.active = self.supply.pop(0), False
        self.faceup = [card.id for card in self.ruleset.movement]
        last = len(self.row) - 1
        if self.token_q and self.row[last] is not None:
            quest = self.take_from_row(last, discard=True)
            self.emit("quest-expired", quest=quest)
        self.token = (self.token + 1) % len(self.players)
        self.token_q = True
        self.emit("resolution", round=self.round, active=passive, token=self.token,
                  supply=len(self.supply))

    # --- scoring (Q29, Q30, Q31) ---------------------------------------------------------------
    def vp(self, player: Player) -> dict[str, int]:
        """Q29: each ladder, and 4 VP per found legendary item (Q26)."""
        scoring = self.ruleset.scoring
        ladders = scoring.ladders
        return {SPELLS: ladders[SPELLS].score(player.spell),
                QUESTS: ladders[QUESTS].score(len(player.quests)),
                GOBLINS: ladders[GOBLINS].score(len(player.goblins)),
                "legendary": scoring.legendary_vp * len(player.found)}

    def counts(self, player: Player) -> dict[str, int]:
        """The tie-break counts (Q30): items are treasure items plus found legendary items, held or not."""
        return {QUESTS: len(player.quests), GOBLINS: len(player.goblins), SPELLS: player.spell,
                ITEMS: len(player.treasures) + len(player.found)}

    def end(self) -> list[Standing]:
        self.phase = OVER
        self.finished = True
        players = self.players
        totals = {p.seat: sum(self.vp(p).values()) for p in players}
        chain = self.ruleset.scoring.tie_break

        def details(seat: int) -> dict[str, Any]:
            p = players[seat]
            return {"colour": p.colour, "vp": totals[seat], **self.vp(p), "counts": self.counts(p)}

        keys = {p.seat: (totals[p.seat], *(self.counts(p)[k] for k in chain)) for p in players}
        if len(players) == 1:
            goal = self.ruleset.rules.solo_target_vp
            self.standings = [target(0, totals[0] >= goal, f"{goal} VP", score=totals[0], keys=keys[0],
                                     details=details(0))]
        else:
            self.standings = rank(keys, score=totals.__getitem__, details=details)
        self.emit("game-end", standings=[s.row() for s in self.standings],
                  results={str(s.seat): s.result for s in self.standings})
        return self.standings

    # --- state for tests, views and logs --------------------------------------------------------
    def view_state(self, seat: int) -> dict[str, Any]:
        return view_for(self, seat)

    def public_view(self) -> dict[str, Any]:
        return public(self)     # Q33: all but the deck's order is public

    def snapshot(self) -> dict[str, Any]:
        return snapshot_of(self)

    def reveals(self, event: dict[str, Any], seat: int) -> bool:
        """Q33: besides the core's (rolls, picks, others' answers), a quest drawn into the row shows every
        seat a card of the secret deck."""
        return event["e"] == "quest-drawn" or super().reveals(event, seat)
