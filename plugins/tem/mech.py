"""Run: the Mighty Mech: taking control of it, entering or surrendered by a KO (T9, T12, E1).

A step of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it; losing the Mech is part of a KO
(:mod:`rulecraft.plugins.tem.knockouts`).
"""

from __future__ import annotations

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.combat import CombatRules
from rulecraft.plugins.tem.model import ADVANCED, MECH
from rulecraft.plugins.tem.state import Player


class MechRules(CombatRules):
    """Taking the Mighty Mech."""

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
        side = self.choose(D.TAKE_MECH, p.seat, (None, *sides))
        if side is None:
            return
        self.take_mech(p, side)
        self.score(p, rules.vp_mech_enter, "mech-enter")
        self.equip_window(p, "status")

    def take_mech(self, p: Player, side: str) -> None:
        """``p`` takes control of the Mighty Mech where it stands, on ``side``, at full Mech health; the
        ``mech_taken`` hook may change that (a Robot never uses its power, R5)."""
        self.mech_controller, self.mech_pos = p.seat, p.pos
        p.status, p.mech_side, p.health = MECH, side, self.rules.mech_health
        self.emit("mech-taken", player=p.seat, side=side, cell=self.board.name(p.pos))
        self.hooks.mech_taken(self, p)
