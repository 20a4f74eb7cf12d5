"""Run: a turn: reveal or Ad Hoc card, move (walls, T11 first Ad Hoc turn), enter a zone (T8), act.

Turn steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it: Mines, Combat and Turrets in
the order T8 gives when a pilot enters a zone.
"""

from __future__ import annotations

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem import triggers as T
from rulecraft.plugins.tem.knockouts import KnockoutRules
from rulecraft.plugins.tem.model import ProgramCardDef
from rulecraft.plugins.tem.state import MINE, TURRET, Player


class MovementRules(KnockoutRules):
    """A turn and what entering a zone sets off."""

    # --- a turn --------------------------------------------------------------------------------
    def take_turn(self, p: Player) -> None:
        """Reveal (or, in Ad Hoc Mode, choose) a card, move, then act (Execution)."""
        self.current = p.seat
        self.equip_window(p, "turn-start")
        first_ad_hoc = False
        if p.ad_hoc:
            card_id, orientation = self.choose(D.AD_HOC_CARD, p.seat, self.program_options(p))
            first_ad_hoc, p.ad_hoc_first = p.ad_hoc_first, False
        else:
            card_id, orientation = p.program[p.revealed]
            p.revealed += 1
        p.used.append(card_id)
        card = self.cards[card_id]
        if not self.counted("reveal"):
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
            if not self.counted("move"):
                self.push({"e": "move", "player": p.seat, "card": card.id, "frm": self.board.name(origin),
                           "to": None, "wall": True})
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
        if not self.counted(why):
            self.push({"e": why, "player": p.seat, "card": card, "frm": names[frm] if frm >= 0 else None,
                       "to": names[cell], "jump": jump})

    def enter_zone(self, p: Player, cell: int, power_opening: bool = False) -> bool:
        """T8: enemy Mine, then Combat with an enemy pilot, then an enemy Turret. Returns whether the card's
        action may still be performed (no Combat started and not KO'd)."""
        zone = self.board.zones[cell]
        assert zone is not None      # a piece only ever enters a zone's cell
        if not self.counted("enter"):
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
            assert token.number is not None      # a Mine carries its number (T8)
            owner.mine_supply.append(token.number)
            damage = zone.value * self.rules.mine_damage_zone + token.number * self.rules.mine_damage_number
            if not self.counted("mine"):
                self.push({"e": "mine", "player": p.seat, "owner": owner.seat, "number": token.number,
                           "cell": self.board.name(cell), "damage": damage})
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
