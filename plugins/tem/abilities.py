"""Run: abilities firing: which pilot, Mech side and weapon abilities a trigger runs (E8), and running them.

Steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it; the effects an ability performs
are in :mod:`rulecraft.plugins.tem.effects`.
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.tem.effects import Effects
from rulecraft.plugins.tem.model import MECH, WeaponDef
from rulecraft.plugins.tem.state import Player
from rulecraft.plugins.tem.table import Table
from rulecraft.plugins.tem.triggers import WEAPON_IN_USE
from rulecraft.runtime.decisions import IllegalAnswer, UnscriptedDecision
from rulecraft.runtime.errors import AbilityError, GameError


class AbilityRules(Table):
    """Firing abilities on a trigger."""

    # --- abilities -----------------------------------------------------------------------------
    def abilities(self, p: Player, trigger: str, weapon: WeaponDef | None) -> tuple:
        """The pilot's ability (in the Mighty Mech, the side's power instead), then weapons': for the attack
        triggers and ``on_bought`` only the weapon concerned, for every other trigger each equipped
        weapon (E8). They depend only on those ids, so the games of a ruleset share the answers."""
        side = p.mech_side if p.status == MECH else None
        used = (weapon.id if weapon is not None else None) if trigger in WEAPON_IN_USE else tuple(p.equipped)
        key = (trigger, side, p.pilot, used)
        found = self._abilities.get(key)
        if found is None:
            found = self._abilities[key] = tuple(self._find_abilities(p, trigger, weapon))
        return found

    def _find_abilities(self, p: Player, trigger: str, weapon: WeaponDef | None) -> list:
        if p.status == MECH and p.mech_side:
            found = [a for side in self.ruleset.mech_sides if side.id == p.mech_side
                     for a in side.abilities.get(trigger, ())]
        else:
            found = [*self.ruleset.pilots[p.pilot].abilities.get(trigger, ())] if p.pilot else []
        if trigger in WEAPON_IN_USE:
            if weapon is not None:
                found += weapon.abilities.get(trigger, ())
        else:
            weapons = self._weapons
            for wid in p.equipped:
                found += weapons[wid].abilities.get(trigger, ())
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
            if not self.counted("ability"):
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
