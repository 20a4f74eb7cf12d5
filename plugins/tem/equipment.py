"""Run: weapons (T12): legal loadouts per status (E1) and the equip windows.

Steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it; loadouts and equip options live
in caches shared by the games of a ruleset (``engine._shared_caches``).
"""

from __future__ import annotations

import itertools

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.abilities import AbilityRules
from rulecraft.plugins.tem.model import ADVANCED, BASIC
from rulecraft.plugins.tem.state import Player


class EquipmentRules(AbilityRules):
    """Equipping weapons."""

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
        out: list[tuple[str, ...]] = []
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
        choice = options[0] if len(options) == 1 else self.choose(D.EQUIP, p.seat, options, {"when": when})
        if choice != current:
            p.equipped = list(choice)
            if not self.counted("equip"):
                self.push({"e": "equip", "player": p.seat, "equipped": list(choice), "when": when})
