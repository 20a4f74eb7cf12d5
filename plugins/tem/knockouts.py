"""Run: damage and its VP (T2), getting KO'd (T9), retreat (T10, T13, E2) and Ad Hoc Mode (T11).

Damage steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it.
"""

from __future__ import annotations

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem import triggers as T
from rulecraft.plugins.tem.mech import MechRules
from rulecraft.plugins.tem.model import CREDITS, ENERGY, MECH, PILOT
from rulecraft.plugins.tem.state import Player


class KnockoutRules(MechRules):
    """Damage, KO, retreat and Ad Hoc Mode."""

    # --- damage, KO, retreat -------------------------------------------------------------------
    def hurt(self, p: Player, damage: int, by: Player | None, source: str) -> bool:
        """Take damage; the dealer scores 1 VP per point up to the remaining health (T2). True = KO."""
        dealt = min(max(0, damage), p.health)
        p.health -= dealt
        if not self.counted("damage"):
            self.push({"e": "damage", "player": p.seat, "by": by.seat if by else None, "amount": damage,
                       "dealt": dealt, "health": p.health, "source": source})
        if by is not None:
            counted = dealt if self.rules.vp_damage_capped else max(0, damage)
            self.score(by, counted * self.rules.vp_per_damage, "damage")
        return p.health <= 0

    def knock_out(self, p: Player, by: Player | None) -> None:
        """KO by status (Getting KO'd); ``by`` is the Combat opponent, None for Mines and Turrets (T9)."""
        if not self.counted("ko"):
            self.push({"e": "ko", "player": p.seat, "by": by.seat if by else None, "status": p.status})
        if by is not None:
            self.score(by, self.rules.vp_ko, "ko")
            self.fire(T.ON_KO, by)
        self.fire(T.ON_KOED, p)
        self.hooks.knocked_out(self, p, by)
        if self.hooks.respawn(self, p, by):
            return
        self.enter_ad_hoc(p)
        status, cell = p.status, p.pos
        assert p.pilot is not None       # every seat has its pilot from setup on
        pilot_health = self.ruleset.pilots[p.pilot].health
        if status == PILOT:
            p.health = pilot_health
            for resource in (ENERGY, CREDITS):
                if p.resource(resource) < self.rules.ko_resource_floor:
                    p.set_resource(resource, self.rules.ko_resource_floor)
            self.move_to(p, self.home_cell(p, cell), why="respawn")
            if not self.counted("status"):
                self.push({"e": "status", "player": p.seat, "status": PILOT, "health": p.health})
            return
        self.demote(p, PILOT, pilot_health, by)
        self.move_to(p, self.choose_closest(p, cell), why="relocate")
        self.equip_window(p, "status")

    def demote(self, p: Player, status: str, health: int, by: Player | None) -> None:
        """A KO'd player drops to ``status`` at ``health``. Out of the Mighty Mech, the Mech is surrendered
        to whoever KO'd it in Combat; KO'd by a Mine or Turret, it stays in the zone, empty (T9)."""
        before, cell = p.status, p.pos
        p.status, p.health = status, health
        if before == MECH:
            self.mech_controller, p.mech_side = None, None
            self.emit("mech-lost", player=p.seat, cell=self.board.name(cell))
        if not self.counted("status"):
            self.push({"e": "status", "player": p.seat, "status": status, "health": health})
        if before == MECH and by is not None and by.pos == cell:
            self.offer_mech(by, entering=False)

    def home_cell(self, p: Player, fallback: int) -> int:
        """Where a player respawns: its Base, or else the closest non-hostile zone to it (to ``fallback``
        for a player without a Base) (T10)."""
        if p.base >= 0 and not self.hostile(p.base, p):
            return p.base
        return self.choose_closest(p, p.base if p.base >= 0 else fallback)

    def retreat(self, p: Player, opponent: Player) -> None:
        """Forced when you must attack with no ready weapon: the opponent scores, you move to the closest
        non-hostile zone (T10) and go into Ad Hoc Mode (T13)."""
        if not self.counted("retreat"):
            self.push({"e": "retreat", "player": p.seat, "opponent": opponent.seat})
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
        return self.choose(D.ZONE, p.seat, tuple(options),
                                 {"from": self.board.name(origin), "cells": self.cell_names(options)})

    def enter_ad_hoc(self, p: Player) -> None:
        """Played and unplayed program cards go back; any card each turn until the round ends (T11)."""
        if p.ad_hoc:
            return
        p.ad_hoc, p.ad_hoc_first = True, True
        p.program, p.revealed = [], 0
        if not self.counted("ad-hoc"):
            self.push({"e": "ad-hoc", "player": p.seat})
