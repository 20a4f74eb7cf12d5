"""Run: Combat (T13): the attack loop, Power Attacks (T7), exhausted weapons, retreat when out of weapons.

Combat steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it, and :class:`Combat`, the
state of the running Combat that abilities see as ``game.combat``.
"""

from __future__ import annotations

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem import triggers as T
from rulecraft.plugins.tem.actions import ActionRules
from rulecraft.plugins.tem.model import WeaponDef
from rulecraft.plugins.tem.state import Player


class CombatRules(ActionRules):
    """Combat between the pilot that entered a zone and the pilot there."""

    # --- Combat (T13) --------------------------------------------------------------------------
    def run_combat(self, mover: Player, defender: Player, power_opening: bool) -> None:
        if not self.counted("combat-start"):
            self.push({"e": "combat-start", "attacker": mover.seat, "defender": defender.seat,
                       "cell": self.board.name(mover.pos)})
        self.score(mover, self.rules.vp_combat_start, "combat-start")    # T2
        combat = Combat(mover, defender)
        self.combat = combat
        try:
            self.hooks.combat_start(self, mover, defender)
            self.fire(T.COMBAT_START, mover)
            self.fire(T.COMBAT_START, defender)
            self.fight(combat, mover, True, power_opening)
        finally:
            self.combat = None
        self.end_combat(combat)

    def resume_combat(self, combat: Combat, attacker: Player) -> None:
        """Go on with a Combat already under way (its start scored and fired): ``attacker`` attacks next,
        with the weapons ``combat`` leaves ready. Rule tests start inside a Combat this way."""
        self.combat = combat
        try:
            self.fight(combat, attacker, False, False)
        finally:
            self.combat = None
        self.end_combat(combat)

    def fight(self, combat: Combat, attacker: Player, first: bool, power_opening: bool) -> None:
        """The attack loop (T13): the two alternate from ``attacker`` until a KO, a retreat or a separation
        sets ``combat.outcome``."""
        target = combat.opponent(attacker)
        while True:
            # A KO ends Combat at once, whoever dealt it (an attack or an ability).
            knocked = target if target.health <= 0 else attacker if attacker.health <= 0 else None
            if knocked is not None:
                combat.outcome = "ko"
                self.knock_out(knocked, combat.opponent(knocked))
                return
            if attacker.pos != target.pos:        # an ability moved someone out: Combat ends
                combat.outcome = "separated"
                return
            options = self.attack_options(attacker, combat, first and power_opening)
            if not options and self.hooks.out_of_weapons(self, attacker, combat):
                options = self.attack_options(attacker, combat, first and power_opening)
            if not options:
                combat.outcome = "retreat"
                self.retreat(attacker, target)
                return
            wid, power = self.choose(D.ATTACK, attacker.seat, options,
                                           {"opponent": target.seat, "first": first})
            combat.exhausted[attacker.seat].add(wid)
            self.attack(attacker, target, self.weapon(wid), power, combat)
            combat.last_type[target.seat] = self.weapon(wid).type
            attacker, target = target, attacker
            first = False

    def end_combat(self, combat: Combat) -> None:
        mover, defender = combat.mover, combat.defender
        if not self.counted("combat-end"):
            self.push({"e": "combat-end", "attacker": mover.seat, "defender": defender.seat,
                       "outcome": combat.outcome})
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
        combat.damage = w.power_damage if power and w.power_damage is not None else w.damage
        self.fire(T.BEFORE_ATTACK, attacker, w)
        if power:
            self.fire(T.BEFORE_POWER_ATTACK, attacker, w)
        self.fire(T.WHEN_ATTACKED, target, attack_type=w.type)
        if not self.counted("attack"):
            self.push({"e": "attack", "player": attacker.seat, "target": target.seat, "weapon": w.id,
                       "power": power, "damage": max(0, combat.damage)})
        self.hooks.attack(self, attacker, target, w, power)
        if not self.hurt(target, max(0, combat.damage), attacker, source="attack"):
            self.fire(T.AFTER_ATTACK, attacker, w)
        self.fire(T.WHEN_USED, attacker, w)
        combat.weapon = None


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
