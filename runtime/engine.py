"""Run: the Tiny Epic Mechs rules engine, driven by a compiled :class:`~rulecraft.runtime.model.Ruleset`.

One :class:`Game` plays one game: setup, six rounds of program / execution / scoring, final scoring and
standings. Every player choice goes through :meth:`Game.ask` to the player's agent; every change is an
event (a plain dict) appended to ``game.events``. Plugins reach each rule step through ``game.hooks``.
Ruling ids (T1-T17, RULINGS.md) and engine rulings (E1-E5, README "Running games") are cited where they
decide behaviour.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.runtime import decisions as D
from rulecraft.runtime import triggers as T
from rulecraft.runtime.decisions import Agent, Decision, IllegalAnswer, UnscriptedDecision
from rulecraft.runtime.effects import Effects
from rulecraft.runtime.errors import AbilityError, GameError, StepCapExceeded
from rulecraft.runtime.model import (
    ADVANCED,
    BASE_ZONE,
    BASIC,
    COLLECT,
    CREDITS,
    DEPLOY_MINE,
    DEPLOY_TURRET,
    ENERGY,
    MECH,
    MECH_ZONE,
    PILOT,
    POWER_ARMOR,
    POWER_UP,
    PURCHASE,
    RESOURCE_ZONE,
    ProgramCardDef,
    Ruleset,
    WeaponDef,
)
from rulecraft.runtime.state import MINE, TURRET, Board, Player, Token
from rulecraft.runtime.views import View


class Game:
    """One game. Build it, then :meth:`play` (or drive the steps yourself, see runtime.api)."""

    def __init__(self, ruleset: Ruleset, agents: Sequence[Agent], seed: int | str = 0,
                 hooks: Any = None, listeners: Iterable[Callable[[dict], None]] = (),
                 colours: Sequence[str] | None = None) -> None:
        from rulecraft.plugins.manager import default_hooks

        n = len(agents)
        colours = list(colours or ruleset.colours[:n])
        most = min(ruleset.rules.max_players, len(ruleset.colours))
        if not ruleset.rules.min_players <= n <= most or len(colours) != n:
            raise ValueError(f"a game needs {ruleset.rules.min_players}-{most} players, got {n}")
        self.ruleset = ruleset
        self.rules = ruleset.rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.agents = list(agents)
        self.hooks = hooks if hooks is not None else default_hooks()
        self.listeners = list(listeners)
        self.players = [Player(i, c) for i, c in enumerate(colours)]
        self.board = Board(ruleset.arena_for(n))
        self.tokens: dict[int, Token] = {}
        self.mech_pos = -1
        self.mech_controller: int | None = None
        self.round = 0
        self.turn = 0
        self.start_seat = 0
        self.current: int | None = None
        self.deck: list[str] = []
        self.row: list[str] = []
        self.piles: dict[str, int] = {}
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.finished = False
        self.aborted: str | None = None
        self.standings: list[dict[str, Any]] | None = None
        self.combat: Any = None           # the running Combat, for abilities
        self.cards: dict[str, ProgramCardDef] = {
            card.id: card for colour in colours for card in ruleset.program_cards[colour]}
        self._weapons = ruleset.weapons
        # legal loadouts, equip options (current loadout first) and program options: shared by the games
        self._loadouts, self._windows, self._card_options = _shared_caches(ruleset)
        self._cap = ruleset.rules.step_cap
        self._triggers = _triggers_in(ruleset)

    # --- plumbing ------------------------------------------------------------------------------
    def emit(self, event_type: str, /, **data: Any) -> None:
        self.push({"e": event_type, **data})

    def push(self, event: dict[str, Any]) -> None:
        """Record a ready-made event (``"e"`` first): the hottest steps build their dict literally, which
        costs less than ``emit``'s keyword arguments."""
        self.steps += 1
        if self.steps > self._cap:
            self.aborted = f"step cap of {self._cap} exceeded in round {self.round}"
            raise StepCapExceeded(self.aborted + ": a rule or plugin loops")
        self.events.append(event)
        if self.listeners:
            for listener in self.listeners:
                listener(event)

    def ask(self, decision: Decision) -> Any:
        """Ask the decision's player; validate the answer (IllegalAnswer) and log it."""
        seat = decision.player
        answer = decision.check(self.agents[seat].decide(decision, View(self, seat)))
        self.push({"e": "decision", "kind": decision.kind, "player": seat, "answer": answer})
        return answer

    def score(self, p: Player, vp: int, source: str) -> None:
        if vp:
            p.vp += vp
            self.push({"e": "vp", "player": p.seat, "vp": vp, "source": source, "total": p.vp})

    def weapon(self, wid: str) -> WeaponDef:
        return self._weapons[wid]

    def zone(self, cell: int):
        return self.board.zones[cell]

    def cell_names(self, cells) -> list[str]:
        """``r<row>c<col>`` names of cells: decisions whose options are cells carry them in their context."""
        return [self.board.name(c) for c in cells]

    def max_health(self, p: Player) -> int:
        if p.status == MECH:
            return self.rules.mech_health
        if p.status == POWER_ARMOR:
            return self.rules.power_armor_health
        return self.ruleset.pilots[p.pilot].health if p.pilot else 0

    def order(self) -> list[Player]:
        """Seats clockwise from the Starting Player (T5)."""
        n = len(self.players)
        return [self.players[(self.start_seat + k) % n] for k in range(n)]

    def pilot_at(self, cell: int, other_than: Player | None = None) -> Player | None:
        for q in self.players:
            if q.pos == cell and q is not other_than:
                return q
        return None

    def hostile(self, cell: int, p: Player) -> bool:
        """T10: an enemy pilot, or an enemy Mine or Turret, is in the zone."""
        token = self.tokens.get(cell)
        if token is not None and token.owner != p.seat:
            return True
        return self.pilot_at(cell, p) is not None

    def _gain(self, p: Player, resource: str, amount: int) -> None:
        value = p.resource(resource) + amount
        cap = self.rules.resource_max
        p.set_resource(resource, max(0, value if cap is None else min(cap, value)))

    def _affordable(self, p: Player, cost: dict | Any) -> bool:
        for r, n in cost.items():   # noqa: SIM110 (a plain loop: no generator on this hot path)
            if p.resource(r) < n:
                return False
        return True

    def _pay(self, p: Player, cost: dict | Any) -> None:
        for r, n in cost.items():
            p.set_resource(r, p.resource(r) - n)

    # --- the whole game ------------------------------------------------------------------------
    def play(self) -> list[dict[str, Any]]:
        """Set up, play every round, score and return the standings."""
        try:
            self.setup()
            while self.round < self.rules.rounds:
                self.play_round()
            return self.finish()
        except (GameError, IllegalAnswer, UnscriptedDecision) as exc:
            # nothing is half-applied: a failing step raises before it changes the state; mark the game
            self.aborted = self.aborted or f"{type(exc).__name__}: {exc}"
            self.events.append({"e": "abort", "reason": self.aborted})
            raise

    # --- setup ---------------------------------------------------------------------------------
    def setup(self) -> None:
        self.emit("setup", players=[p.colour for p in self.players], arena=self.board.arena.id,
                  seed=self.seed)
        self.hooks.setup_start(self)
        self.setup_arena()
        self.setup_players()
        first = self.hooks.starting_player(self)
        self.start_seat = self.rng.randrange(len(self.players)) if first is None else first
        self.emit("starting-player", player=self.start_seat)
        self.setup_bases()
        self.setup_mines()
        self.setup_weapons()
        self.hooks.setup_done(self)

    def setup_arena(self) -> None:
        """Shuffle the Resource zones into their slots; the Mech Zone and the Mighty Mech go on theirs."""
        zones = list(self.ruleset.resource_zones())
        self.rng.shuffle(zones)
        slots = self.board.arena.slots
        for cell, slot in enumerate(slots):
            if slot == RESOURCE_ZONE:
                self.board.place(cell, zones.pop())
            elif slot == MECH_ZONE:
                self.board.place(cell, self.ruleset.mech_zone())
                self.mech_pos = cell
        self.emit("arena", zones={self.board.name(c): z.id for c, z in enumerate(self.board.zones) if z},
                  mech=self.board.name(self.mech_pos))

    def setup_players(self) -> None:
        rules = self.rules
        pilots = sorted(self.ruleset.pilots)
        self.rng.shuffle(pilots)
        for p in self.players:
            p.dealt_pilots = tuple(pilots[:rules.pilots_dealt])
            del pilots[:rules.pilots_dealt]
        for p in self.players:
            if self.hooks.setup_player(self, p):
                continue
            p.pilot = self.ask(Decision(D.PILOT, p.seat, p.dealt_pilots))
            p.status = PILOT
            p.health = self.ruleset.pilots[p.pilot].health
            p.energy = rules.starting_resources.get(ENERGY, 0)
            p.credits = rules.starting_resources.get(CREDITS, 0)
            p.mine_supply = list(rules.mine_numbers)
            p.turret_supply = rules.turrets
            self.emit("pilot", player=p.seat, pilot=p.pilot, health=p.health)

    def setup_bases(self) -> None:
        """T5: counter-clockwise from the player to the Starting Player's right; Starting Player last."""
        if self.hooks.place_bases(self):
            return
        n = len(self.players)
        for k in range(1, n + 1):
            p = self.players[(self.start_seat - k) % n]
            free = tuple(c for c, s in enumerate(self.board.arena.slots)
                         if s == BASE_ZONE and self.board.zones[c] is None)
            cell = self.ask(Decision(D.BASE, p.seat, free, {"cells": self.cell_names(free)}))
            self.place_base(p, cell)

    def place_base(self, p: Player, cell: int) -> None:
        self.board.place(cell, self.ruleset.base_zone(p.colour))
        p.base = p.pos = cell
        self.emit("base", player=p.seat, cell=self.board.name(cell))

    def setup_mines(self) -> None:
        """T17: each player's secret Mine on its own Base."""
        for p in self.players:
            number = self.ask(Decision(D.SETUP_MINE, p.seat, tuple(sorted(set(p.mine_supply)))))
            p.mine_supply.remove(number)
            self.tokens[p.base] = Token(p.seat, MINE, number)
            self.emit("deploy", player=p.seat, token=MINE, number=number, cell=self.board.name(p.base),
                      setup=True)

    def setup_weapons(self) -> None:
        """Setup M-O and 9: secret Basic picks, piles of the unchosen, the Advanced deck and row."""
        basics = tuple(w.id for w in self.ruleset.basic_weapons)   # each player is dealt one of each
        keep = self.rules.starting_basic_weapons
        hands = self.rules.slots[PILOT].basic
        for p in self.players:
            for _ in range(keep):
                options = tuple(b for b in basics if b not in p.owned)
                choice = self.ask(Decision(D.BASIC_WEAPON, p.seat, options))
                p.owned.append(choice)
                if len(p.equipped) < hands:
                    p.equipped.append(choice)
        n = len(self.players)
        self.piles = {b: n - sum(p.owned.count(b) for p in self.players) for b in basics}
        chosen = [p.owned[0] if keep == 1 else list(p.owned) for p in self.players]
        self.emit("basic-weapons", chosen=chosen, piles=dict(self.piles))
        self.deck = [w.id for w in self.ruleset.advanced_weapons for _ in range(w.copies)]
        self.rng.shuffle(self.deck)
        self.row = self.deck[:self.rules.advanced_row]
        del self.deck[:self.rules.advanced_row]
        self.emit("row", row=list(self.row), deck=len(self.deck))

    # --- rounds --------------------------------------------------------------------------------
    def play_round(self) -> None:
        self.begin_round()
        self.program_phase()
        for turn in range(1, self.rules.turns_per_round + 1):
            self.turn = turn
            for p in self.order():
                self.take_turn(p)
        self.end_round()

    def begin_round(self) -> None:
        self.round += 1
        self.turn = 0
        for p in self.players:
            p.program, p.revealed, p.used = [], 0, []
            p.ad_hoc = p.ad_hoc_first = False
        self.emit("round-start", round=self.round, starting_player=self.start_seat)
        self.hooks.round_start(self)
        for p in self.order():
            self.fire(T.ROUND_START, p)

    def program_options(self, p: Player) -> tuple[tuple[str, str], ...]:
        """Every (card, orientation) of the player's colour (T4), computed once per ruleset."""
        options = self._card_options.get(p.colour)
        if options is None:
            movements = self.rules.movements
            options = self._card_options[p.colour] = tuple(
                (c.id, o) for c in self.ruleset.program_cards[p.colour]
                for o in movements[c.movement].directions)
        return options

    def program_phase(self) -> None:
        """Each player secretly picks ``program_picks`` cards in order, each oriented (T4, T16)."""
        for p in self.order():
            if p.program:
                continue   # already programmed (a scenario set it)
            options = self.hooks.program_options(self, p, self.program_options(p))
            p.program = list(self.ask(Decision(D.PROGRAM, p.seat, options, pick=self.rules.program_picks)))
        self.emit("programmed", players=[p.seat for p in self.order()])

    def end_round(self) -> None:
        for p in self.order():
            self.fire(T.ROUND_END, p)
        if self.round in self.rules.scoring_rounds:
            self.scoring_round()
        self.hooks.round_end(self)
        self.emit("round-end", round=self.round)
        for p in self.players:
            p.ad_hoc = p.ad_hoc_first = False      # Ad Hoc Mode ends with the round
        if self.round < self.rules.rounds:
            nxt = self.hooks.starting_player(self)
            self.start_seat = (self.start_seat + 1) % len(self.players) if nxt is None else nxt  # T5

    def scoring_round(self) -> None:
        """T14: zones (pilot, Mines, Turrets) and the Mighty Mech, through the scoring hook."""
        self.emit("scoring", round=self.round)
        for p in self.order():
            for source, vp in self.hooks.round_scores(self, p):
                self.score(p, vp, source)
            self.fire(T.ON_SCORING, p)

    def finish(self) -> list[dict[str, Any]]:
        """Final scoring (purchased weapons' VP, T12/T14), tie-breaks (T15), standings."""
        for p in self.order():
            for source, vp in self.hooks.final_scores(self, p):
                self.score(p, vp, source)
        keys = {p.seat: self.hooks.standing_key(self, p) for p in self.players}
        ranked = sorted(self.players, key=lambda q: keys[q.seat], reverse=True)
        standings = []
        for i, p in enumerate(ranked):
            rank = standings[-1]["rank"] if i and keys[p.seat] == keys[ranked[i - 1].seat] else i + 1
            standings.append({"rank": rank, "player": p.seat, "colour": p.colour, "vp": p.vp,
                              "weapons": len(p.owned), "mech": self.mech_controller == p.seat})
        self.standings = standings
        self.finished = True
        self.emit("game-end", standings=standings)
        self.hooks.game_end(self, standings)
        return standings

    # --- a turn --------------------------------------------------------------------------------
    def take_turn(self, p: Player) -> None:
        """Reveal (or, in Ad Hoc Mode, choose) a card, move, then act (Execution)."""
        self.current = p.seat
        self.equip_window(p, "turn-start")
        first_ad_hoc = False
        if p.ad_hoc:
            card_id, orientation = self.ask(Decision(D.AD_HOC_CARD, p.seat, self.program_options(p)))
            first_ad_hoc, p.ad_hoc_first = p.ad_hoc_first, False
        else:
            card_id, orientation = p.program[p.revealed]
            p.revealed += 1
        p.used.append(card_id)
        card = self.cards[card_id]
        self.push({"e": "reveal", "player": p.seat, "card": card_id, "orientation": orientation,
                   "round": self.round, "turn": self.turn, "ad_hoc": p.ad_hoc})
        self.execute(p, card, orientation, first_ad_hoc)
        self.equip_window(p, "turn-end")
        self.current = None

    def execute(self, p: Player, card: ProgramCardDef, orientation: str, first_ad_hoc: bool = False) -> None:
        """Move by the card, enter the zone (T8), then perform the action if allowed."""
        movement = self.rules.movements[card.movement]
        origin = p.pos
        dest = self.hooks.move_destination(self, p, card, orientation)
        if dest is None:
            dest = self.board.target(movement.distance, orientation, origin)
        if dest >= 0 and first_ad_hoc and self.pilot_at(dest, p) is not None:
            dest = -1   # T11: on the first Ad Hoc turn an enemy pilot blocks like a wall
            self.emit("blocked", player=p.seat, reason="ad-hoc-first-turn")
        act = True
        if dest < 0:
            self.emit("move", player=p.seat, card=card.id, frm=self.board.name(origin), to=None, wall=True)
        else:
            self.move_to(p, dest, card.id, jump=movement.jump)
            act = self.enter_zone(p, dest, power_opening=movement.opens_with_power_attack)
        if act and card.action:
            self.action(p, card.action)

    def move_to(self, p: Player, cell: int, card: str | None = None, jump: bool = False, why: str = "move"):
        frm = p.pos
        p.pos = cell
        if self.mech_controller == p.seat:
            self.mech_pos = cell     # the Mighty Mech goes wherever its pilot goes
        names = self.board.names
        self.push({"e": why, "player": p.seat, "card": card, "frm": names[frm] if frm >= 0 else None,
                   "to": names[cell], "jump": jump})

    def enter_zone(self, p: Player, cell: int, power_opening: bool = False) -> bool:
        """T8: enemy Mine, then Combat with an enemy pilot, then an enemy Turret. Returns whether the card's
        action may still be performed (no Combat started and not KO'd)."""
        zone = self.board.zones[cell]
        self.push({"e": "enter", "player": p.seat, "cell": self.board.names[cell], "zone": zone.id})
        self.hooks.zone_entered(self, p, cell)
        self.fire(T.ON_ENTER_ZONE, p)
        if p.pos != cell:
            return False
        token = self.tokens.get(cell)
        if token is not None and token.kind == MINE and token.owner != p.seat \
                and self.hooks.token_hurts(self, p, token) is not False:
            del self.tokens[cell]                                  # the Mine always returns (T8)
            owner = self.players[token.owner]
            owner.mine_supply.append(token.number)
            damage = zone.value * self.rules.mine_damage_zone + token.number * self.rules.mine_damage_number
            self.emit("mine", player=p.seat, owner=owner.seat, number=token.number,
                      cell=self.board.name(cell), damage=damage)
            if self.hurt(p, damage, None, source="mine"):
                self.score(owner, self.rules.vp_mine_ko, "mine-ko")    # T2
                self.knock_out(p, None)                                # T9
                return False
        combat = False
        defender = self.pilot_at(cell, p)
        if defender is not None:
            combat = True
            self.run_combat(p, defender, power_opening)
        token = self.tokens.get(cell)
        if token is not None and token.kind == TURRET and token.owner != p.seat and p.pos == cell \
                and self.hooks.token_hurts(self, p, token) is not False:
            owner = self.players[token.owner]
            damage = zone.value * self.rules.turret_damage_zone
            self.emit("turret", player=p.seat, owner=owner.seat, cell=self.board.name(cell), damage=damage)
            if self.hurt(p, damage, None, source="turret"):
                self.score(owner, self.rules.vp_turret_ko, "turret-ko")   # T2; the Turret stays (T8)
                self.knock_out(p, None)
                return False
            del self.tokens[cell]
            owner.turret_supply += 1
            self.emit("token-returned", player=owner.seat, token=TURRET, cell=self.board.name(cell))
        if p.pos == cell and self.mech_controller is None and self.mech_pos == cell:
            self.offer_mech(p, entering=True)
        return not combat and p.pos == cell

    # --- damage, KO, retreat -------------------------------------------------------------------
    def hurt(self, p: Player, damage: int, by: Player | None, source: str) -> bool:
        """Take damage; the dealer scores 1 VP per point up to the remaining health (T2). True = KO."""
        dealt = min(max(0, damage), p.health)
        p.health -= dealt
        self.push({"e": "damage", "player": p.seat, "by": by.seat if by else None, "amount": damage,
                   "dealt": dealt, "health": p.health, "source": source})
        if by is not None:
            counted = dealt if self.rules.vp_damage_capped else max(0, damage)
            self.score(by, counted * self.rules.vp_per_damage, "damage")
        return p.health <= 0

    def knock_out(self, p: Player, by: Player | None) -> None:
        """KO by status (Getting KO'd); ``by`` is the Combat opponent, None for Mines and Turrets (T9)."""
        self.emit("ko", player=p.seat, by=by.seat if by else None, status=p.status)
        if by is not None:
            self.score(by, self.rules.vp_ko, "ko")
            self.fire(T.ON_KO, by)
        self.fire(T.ON_KOED, p)
        self.hooks.knocked_out(self, p, by)
        if self.hooks.respawn(self, p, by):
            return
        self.enter_ad_hoc(p)
        status, cell = p.status, p.pos
        pilot_health = self.ruleset.pilots[p.pilot].health
        if status == PILOT:
            p.health = pilot_health
            for resource in (ENERGY, CREDITS):
                if p.resource(resource) < self.rules.ko_resource_floor:
                    p.set_resource(resource, self.rules.ko_resource_floor)
            if p.base >= 0 and not self.hostile(p.base, p):
                self.move_to(p, p.base, why="respawn")
            else:
                self.move_to(p, self.choose_closest(p, p.base if p.base >= 0 else cell), why="respawn")
            self.emit("status", player=p.seat, status=PILOT, health=p.health)
            return
        p.status, p.health = PILOT, pilot_health
        if status == MECH:
            self.mech_controller, p.mech_side = None, None
            self.emit("mech-lost", player=p.seat, cell=self.board.name(cell))
        self.emit("status", player=p.seat, status=PILOT, health=p.health)
        if status == MECH and by is not None and by.pos == cell:
            # surrendered to whoever KO'd it; KO'd by a Mine or Turret, it stays in the zone (T9)
            self.offer_mech(by, entering=False)
        self.move_to(p, self.choose_closest(p, cell), why="relocate")
        self.equip_window(p, "status")

    def retreat(self, p: Player, opponent: Player) -> None:
        """Forced when you must attack with no ready weapon: the opponent scores, you move to the closest
        non-hostile zone (T10) and go into Ad Hoc Mode (T13)."""
        self.emit("retreat", player=p.seat, opponent=opponent.seat)
        self.score(opponent, self.rules.vp_retreat, "retreat")
        self.hooks.retreated(self, p, opponent)
        self.move_to(p, self.choose_closest(p, p.pos), why="relocate")
        self.enter_ad_hoc(p)
        self.fire(T.AFTER_RETREAT, p)

    def choose_closest(self, p: Player, origin: int) -> int:
        """T10: the closest non-hostile zone, ties the player's choice. E2: if no zone is non-hostile,
        the closest zone without an enemy pilot; if none either, stay."""
        options = self.board.closest(origin, lambda c: not self.hostile(c, p))
        if not options:
            options = self.board.closest(origin, lambda c: self.pilot_at(c, p) is None)
        if not options:
            return origin
        if len(options) == 1:
            return options[0]
        return self.ask(Decision(D.ZONE, p.seat, tuple(options),
                                 {"from": self.board.name(origin), "cells": self.cell_names(options)}))

    def enter_ad_hoc(self, p: Player) -> None:
        """Played and unplayed program cards go back; any card each turn until the round ends (T11)."""
        if p.ad_hoc:
            return
        p.ad_hoc, p.ad_hoc_first = True, True
        p.program, p.revealed = [], 0
        self.emit("ad-hoc", player=p.seat)

    # --- the Mighty Mech -----------------------------------------------------------------------
    def offer_mech(self, p: Player, entering: bool) -> None:
        """Take control of the empty Mighty Mech: entering it in full-health Power Armor, or surrendered by
        a KO (any status). E1: only a player owning an Advanced weapon can, so that it has a weapon (T12)."""
        rules = self.rules
        allowed = self.hooks.may_take_mech(self, p, entering)
        if allowed is None:
            allowed = not (entering and (p.status not in rules.mech_takeover_statuses or (
                rules.mech_needs_full_health and p.health < self.max_health(p)))) \
                and any(self.weapon(w).tier == ADVANCED for w in p.owned)
        if not allowed:
            return
        sides = tuple(s.id for s in self.ruleset.mech_sides)
        side = self.ask(Decision(D.TAKE_MECH, p.seat, (None, *sides)))
        if side is None:
            return
        self.mech_controller, self.mech_pos = p.seat, p.pos
        p.status, p.mech_side, p.health = MECH, side, rules.mech_health
        self.emit("mech-taken", player=p.seat, side=side, cell=self.board.name(p.pos))
        self.hooks.mech_taken(self, p)
        self.score(p, rules.vp_mech_enter, "mech-enter")
        self.equip_window(p, "status")

    # --- Combat (T13) --------------------------------------------------------------------------
    def run_combat(self, mover: Player, defender: Player, power_opening: bool) -> None:
        self.emit("combat-start", attacker=mover.seat, defender=defender.seat,
                  cell=self.board.name(mover.pos))
        self.score(mover, self.rules.vp_combat_start, "combat-start")    # T2
        combat = Combat(mover, defender)
        self.combat = combat
        try:
            self.hooks.combat_start(self, mover, defender)
            self.fire(T.COMBAT_START, mover)
            self.fire(T.COMBAT_START, defender)
            attacker, target = mover, defender
            first = True
            while True:
                # A KO ends Combat at once, whoever dealt it (an attack or an ability).
                knocked = next((q for q in (target, attacker) if q.health <= 0), None)
                if knocked is not None:
                    combat.outcome = "ko"
                    self.knock_out(knocked, combat.opponent(knocked))
                    break
                if attacker.pos != target.pos:        # an ability moved someone out: Combat ends
                    combat.outcome = "separated"
                    break
                options = self.attack_options(attacker, combat, first and power_opening)
                if not options and self.hooks.out_of_weapons(self, attacker, combat):
                    options = self.attack_options(attacker, combat, first and power_opening)
                if not options:
                    combat.outcome = "retreat"
                    self.retreat(attacker, target)
                    break
                wid, power = self.ask(Decision(D.ATTACK, attacker.seat, options,
                                               {"opponent": target.seat, "first": first}))
                combat.exhausted[attacker.seat].add(wid)
                self.attack(attacker, target, self.weapon(wid), power, combat)
                combat.last_type[target.seat] = self.weapon(wid).type
                attacker, target = target, attacker
                first = False
        finally:
            self.combat = None
        self.emit("combat-end", attacker=mover.seat, defender=defender.seat, outcome=combat.outcome)
        self.fire(T.COMBAT_END, mover)
        self.fire(T.COMBAT_END, defender)
        self.hooks.combat_end(self, mover, defender, combat.outcome)

    def attack_options(self, p: Player, combat: Combat, forced_power: bool) -> tuple:
        """(weapon, power?) pairs: ready equipped weapons; a Power Attack if the weapon's type counters
        the type just used against you, or the jump's opening Power Attack (T7, T13)."""
        exhausted = combat.exhausted[p.seat]
        against = combat.last_type[p.seat]
        counters = self.rules.counters
        options = []
        for wid in p.equipped:
            if wid in exhausted:
                continue
            w = self._weapons[wid]
            if forced_power and w.power_damage is not None:
                options.append((wid, True))
                continue
            options.append((wid, False))
            if against is not None and w.power_damage is not None and counters.get(w.type) == against:
                options.append((wid, True))
        return tuple(options)

    def attack(self, attacker: Player, target: Player, w: WeaponDef, power: bool, combat: Combat) -> None:
        """One attack: abilities, damage and VP per damage dealt (T2); the Combat loop handles a KO."""
        combat.weapon = w
        combat.damage = w.power_damage if power else w.damage
        self.fire(T.BEFORE_ATTACK, attacker, w)
        if power:
            self.fire(T.BEFORE_POWER_ATTACK, attacker, w)
        self.fire(T.WHEN_ATTACKED, target, attack_type=w.type)
        self.emit("attack", player=attacker.seat, target=target.seat, weapon=w.id, power=power,
                  damage=max(0, combat.damage))
        self.hooks.attack(self, attacker, target, w, power)
        if not self.hurt(target, max(0, combat.damage), attacker, source="attack"):
            self.fire(T.AFTER_ATTACK, attacker, w)
        self.fire(T.WHEN_USED, attacker, w)
        combat.weapon = None

    # --- actions -------------------------------------------------------------------------------
    def action(self, p: Player, action: str) -> None:
        self.push({"e": "action", "player": p.seat, "action": action})
        if self.hooks.perform_action(self, p, action):
            return
        if action == COLLECT:
            self.collect(p)
        elif action == PURCHASE:
            self.purchase(p)
        elif action == POWER_UP:
            self.power_up(p)
        elif action in (DEPLOY_MINE, DEPLOY_TURRET):
            self.deploy(p, MINE if action == DEPLOY_MINE else TURRET)
        else:
            raise GameError(f"unknown action {action!r}: no rule and no plugin performs it")

    def controlled(self, p: Player) -> list[int]:
        cells = [p.pos] if p.pos >= 0 else []
        cells += [c for c, t in self.tokens.items() if t.owner == p.seat and c != p.pos]
        return cells

    def collect(self, p: Player) -> None:
        """1 of each resource shown per controlled zone, once per zone; Bases and the Mech Zone show both."""
        n = self.rules.collect_per_zone
        gained = {ENERGY: 0, CREDITS: 0}
        for cell in self.controlled(p):
            for resource in self.board.zones[cell].resources:
                gained[resource] += n
        for resource, amount in gained.items():
            self._gain(p, resource, amount)
        self.emit("collect", player=p.seat, energy=gained[ENERGY], credits=gained[CREDITS],
                  now={ENERGY: p.energy, CREDITS: p.credits})
        self.fire(T.ON_COLLECT, p)

    def purchase(self, p: Player) -> None:
        """One weapon: from the Advanced row (refilled) or a Basic pile you don't own (T12). Purchase
        abilities run first: they may change the price (before paying, E4); the bought weapon's own
        ``on_bought`` ability runs once it is paid for."""
        run = self.fire(T.ON_PURCHASE, p)
        delta = run.cost_delta if run is not None else 0

        def price(wid: str) -> dict:
            cost = self.weapon(wid).cost
            return {r: max(0, n + delta) for r, n in cost.items()} if delta else cost

        options: list[str | None] = [None]
        for wid in self.row:
            if wid not in options and self._affordable(p, price(wid)):
                options.append(wid)
        for wid, left in self.piles.items():
            if left > 0 and wid not in p.owned and self._affordable(p, price(wid)):   # one of each
                options.append(wid)
        wid = self.ask(Decision(D.PURCHASE, p.seat, tuple(options)))
        if wid is None:
            return
        w = self.weapon(wid)
        self._pay(p, price(wid))
        if w.tier == BASIC:
            self.piles[wid] -= 1
        else:
            i = self.row.index(wid)
            if self.deck:
                self.row[i] = self.deck.pop(0)
            else:
                del self.row[i]
        p.owned.append(wid)
        p.purchased.append(wid)
        self.emit("purchase", player=p.seat, weapon=wid, row=list(self.row), deck=len(self.deck),
                  energy=p.energy, credits=p.credits)
        if run is not None:
            run.settle()
        self.fire(T.ON_BOUGHT, p, w)
        self.equip_window(p, "purchase")

    def power_up(self, p: Player) -> None:
        """Heal (T1: each Energy +2 health, up to the maximum) or Upgrade; no effect in the Mighty Mech."""
        rules = self.rules
        if p.status == MECH:
            self.emit("no-effect", player=p.seat, action=POWER_UP)
            return
        options: list[Any] = [None]
        missing = self.max_health(p) - p.health
        if p.status in rules.heal_statuses and missing > 0:
            most = min(p.resource(rules.heal_resource), -(-missing // rules.heal_per_energy))
            options += [("heal", k) for k in range(1, most + 1)]
        cost, run = dict(rules.upgrade_cost), None
        if p.status == PILOT:
            cost, run = self.modified_cost(p, T.ON_UPGRADE, cost)
            if self._affordable(p, cost):
                options.append(("upgrade",))
        choice = self.ask(Decision(D.POWER_UP, p.seat, tuple(options)))
        if choice is None:
            return
        if choice[0] == "heal":
            self._gain(p, rules.heal_resource, -choice[1])
            p.health = min(self.max_health(p), p.health + choice[1] * rules.heal_per_energy)
            self.emit("heal", player=p.seat, paid=choice[1], health=p.health)
        else:
            self._pay(p, cost)
            p.status, p.health = POWER_ARMOR, rules.power_armor_health
            self.emit("upgrade", player=p.seat, health=p.health)
            if run is not None:
                run.settle()
            self.emit("status", player=p.seat, status=POWER_ARMOR, health=p.health)
            self.equip_window(p, "status")

    def deploy(self, p: Player, kind: str) -> None:
        """Pay the zone's value (T1) to place a Mine or Turret in your zone; one token per zone; not beside an
        empty Mighty Mech you do not control; if none is left, move a deployed one."""
        cell = p.pos
        zone = self.board.zones[cell]
        if cell in self.tokens or (self.mech_pos == cell and self.mech_controller != p.seat):
            self.emit("no-effect", player=p.seat, action=kind)
            return
        resource = self.rules.mine_cost_resource if kind == MINE else self.rules.turret_cost_resource
        cost, run = self.modified_cost(p, T.ON_DEPLOY, {resource: zone.value})
        if not self._affordable(p, cost):
            self.emit("no-effect", player=p.seat, action=kind)
            return
        supply = p.mine_supply if kind == MINE else p.turret_supply
        moved_from = None
        number = None
        if supply:
            if kind == MINE:
                number = self.ask(Decision(D.MINE_NUMBER, p.seat, (None, *sorted(set(p.mine_supply)))))
                if number is None:
                    return
                p.mine_supply.remove(number)
            else:
                if not self.ask(Decision(D.DEPLOY_TURRET, p.seat, (True, False))):
                    return
                p.turret_supply -= 1
        else:
            mine = tuple(c for c, t in self.tokens.items() if t.owner == p.seat and t.kind == kind)
            if not mine:
                self.emit("no-effect", player=p.seat, action=kind)
                return
            moved_from = self.ask(Decision(D.MOVE_TOKEN, p.seat, (None, *sorted(mine)),
                                           {"token": kind, "cells": self.cell_names(sorted(mine))}))
            if moved_from is None:
                return
            number = self.tokens.pop(moved_from).number
        self._pay(p, cost)
        self.tokens[cell] = Token(p.seat, kind, number)
        self.emit("deploy", player=p.seat, token=kind, number=number, cell=self.board.name(cell),
                  moved_from=self.board.name(moved_from) if moved_from is not None else None,
                  energy=p.energy, credits=p.credits)
        if run is not None:
            run.settle()

    def modified_cost(self, p: Player, trigger: str, cost: dict) -> tuple[dict, Effects | None]:
        """A cost after ``reduce the cost`` abilities (never below 0), and the firing whose other
        effects wait until the action is paid for (``Effects.settle``)."""
        run = self.fire(trigger, p, cost=cost)
        if run is None or not run.cost_delta:
            return cost, run
        return {r: max(0, n + run.cost_delta) for r, n in cost.items()}, run

    # --- weapons (T12) -------------------------------------------------------------------------
    def loadouts(self, p: Player) -> tuple[tuple[str, ...], ...]:
        """Every legal set of equipped weapons for the current status, at least one weapon (E1)."""
        key = (p.status, *p.owned)
        found = self._loadouts.get(key)
        if found is None:
            found = self._loadouts[key] = tuple(self._compute_loadouts(p))
        return found

    def _compute_loadouts(self, p: Player) -> list[tuple[str, ...]]:
        slots = self.rules.slots[p.status]
        least = max(1, self.rules.min_equipped)
        basics = [w for w in p.owned if self._weapons[w].tier == BASIC]
        advanced = [w for w in p.owned if self._weapons[w].tier == ADVANCED]
        out = []
        for nb in range(min(slots.basic, len(basics)) + 1):
            for b in itertools.combinations(basics, nb):
                for na in range(min(slots.advanced, len(advanced)) + 1):
                    if nb + na >= least:
                        out.extend(b + a for a in itertools.combinations(advanced, na))
        return out

    def equip_window(self, p: Player, when: str) -> None:
        """Equip or exchange weapons: on status change, purchase, turn start and end; never during Combat
        (a KO ends the Combat first, so the KO'd player re-equips for its new status, T12)."""
        if self.combat is not None and self.combat.outcome is None:
            return
        if len(p.owned) == 1 and p.equipped == p.owned:
            return   # a single weapon, already equipped: nothing to choose
        current = tuple(p.equipped)
        key = (p.status, current, *p.owned)
        options = self._windows.get(key)
        if options is None:
            options = self.loadouts(p)
            if current in options:   # keep the current loadout first, so a "first option" agent keeps it
                options = (current, *(o for o in options if o != current))
            self._windows[key] = options
        if not options or (len(options) == 1 and options[0] == current):
            return
        if len(options) == 1:
            choice = options[0]
        else:
            choice = self.ask(Decision(D.EQUIP, p.seat, options, {"when": when}))
        if choice != current:
            p.equipped = list(choice)
            self.push({"e": "equip", "player": p.seat, "equipped": list(choice), "when": when})

    # --- abilities -----------------------------------------------------------------------------
    def abilities(self, p: Player, trigger: str, weapon: WeaponDef | None) -> list:
        """The pilot's ability (in the Mighty Mech, the side's power instead), then weapons': for the attack
        triggers and ``on_bought`` only the weapon concerned, for every other trigger each equipped
        weapon (E8)."""
        found = []
        if p.status == MECH and p.mech_side:
            for side in self.ruleset.mech_sides:
                if side.id == p.mech_side:
                    found.extend(side.abilities.get(trigger, ()))
        elif p.pilot:
            found.extend(self.ruleset.pilots[p.pilot].abilities.get(trigger, ()))
        if trigger in T.WEAPON_IN_USE:
            if weapon is not None:
                found.extend(weapon.abilities.get(trigger, ()))
        else:
            for wid in p.equipped:
                found.extend(self._weapons[wid].abilities.get(trigger, ()))
        return found

    def fire(self, trigger: str, p: Player, weapon: WeaponDef | None = None, **context: Any):
        """Run ``p``'s abilities for ``trigger``; returns the context used (None when nothing ran)."""
        if trigger not in self._triggers:
            return None
        found = self.abilities(p, trigger, weapon)
        if not found:
            return None
        run = Effects(self, p, trigger, weapon, context)
        for ability in found:
            # the entity, not the file path: a log must replay identically from any folder
            source = ability.origin.rpartition(" (")[2].rstrip(")") or ability.origin
            self.push({"e": "ability", "player": p.seat, "trigger": trigger, "source": source})
            try:
                ability.handler(run)
            except (GameError, IllegalAnswer, UnscriptedDecision):
                raise
            except Exception as exc:   # a bug in a handler (or a plugin word) names its card
                raise AbilityError(ability.origin, trigger, exc) from exc
        return run

    # --- state for tests, views and logs --------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        name = self.board.name
        return {
            "round": self.round, "turn": self.turn, "starting_player": self.start_seat,
            "current": self.current,
            "players": [p.snapshot() for p in self.players],
            "tokens": {name(c): {"owner": t.owner, "kind": t.kind, "number": t.number}
                       for c, t in sorted(self.tokens.items())},
            "mech": {"cell": name(self.mech_pos) if self.mech_pos >= 0 else None,
                     "controller": self.mech_controller},
            "row": list(self.row), "deck": list(self.deck), "piles": dict(self.piles),
            "zones": {name(c): z.id for c, z in enumerate(self.board.zones) if z},
        }


_SHARED: dict[int, tuple[Ruleset, dict, dict, dict]] = {}
_SHARED_LIMIT = 50_000   # entries per cache, so that a long soak run cannot grow them without bound


def _shared_caches(ruleset: Ruleset) -> tuple[dict, dict, dict]:
    """Caches of values that depend only on the ruleset and their key (loadouts by status and owned
    weapons, equip options, program options by colour), shared by every game on that ruleset. Each entry
    holds its ruleset, so that its id cannot be reused by another while cached."""
    entry = _SHARED.get(id(ruleset))
    if entry is None:
        if len(_SHARED) >= 8:
            _SHARED.clear()
        entry = _SHARED[id(ruleset)] = (ruleset, {}, {}, {})
    caches = entry[1:]
    for cache in caches:
        if len(cache) > _SHARED_LIMIT:
            cache.clear()
    return caches


def _triggers_in(ruleset: Ruleset) -> frozenset[str]:
    """Every trigger some ability of the ruleset listens to: other triggers cost nothing to fire."""
    found: set[str] = set()
    for group in (ruleset.weapons.values(), ruleset.pilots.values(), ruleset.mech_sides):
        for item in group:
            found.update(item.abilities)
    return frozenset(found)



class Combat:
    """The running Combat: exhausted weapons per seat, the type last used against each seat (T13)."""

    __slots__ = ("damage", "defender", "exhausted", "last_type", "mover", "outcome", "weapon")

    def __init__(self, mover: Player, defender: Player) -> None:
        self.mover, self.defender = mover, defender
        self.exhausted: dict[int, set[str]] = {mover.seat: set(), defender.seat: set()}
        self.last_type: dict[int, str | None] = {mover.seat: None, defender.seat: None}
        self.outcome: str | None = None
        self.weapon: WeaponDef | None = None
        self.damage = 0

    def opponent(self, p: Player) -> Player:
        return self.defender if p is self.mover else self.mover
