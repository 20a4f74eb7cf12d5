"""Run: combat (M12), destruction, and the direct attack (M19).

An attack that resolves against a unit removes one armour counter and nothing else when the target has
one and the attacker lacks Pierce; otherwise it removes durability counters equal to the attacker's current
power (never below 0). A unit with no durability counters left is destroyed and goes to its owner's discard
pile. The defender never strikes back and nothing restores durability. A direct attack moves the top card of
the opponent's deck to its damage zone, whatever the power. Armour stops attacks only: an effect's damage
(``damage_unit`` with cause ``effect``) removes durability counters and leaves armour counters (M23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulecraft.plugins.mecha.effects import EffectRules, Pending
from rulecraft.plugins.mecha.model import DESTROYED

if TYPE_CHECKING:
    from rulecraft.plugins.mecha.state import Unit


class CombatRules(EffectRules):
    def strike(self, attacker: Unit, target: Unit) -> None:
        """M12: one resolved attack against a unit."""
        where = self.name(target.cell)
        if target.armour and not self.keywords(attacker).pierce:
            target.armour -= 1
            if not self.counted("armour"):
                self.push({"e": "armour", "cell": where, "removed": 1, "armour": target.armour})
            return
        self.damage_unit(target, self.power(attacker), "attack")

    def damage_unit(self, unit: Unit, amount: int, cause: str) -> None:
        """Remove up to ``amount`` durability counters; at none left the unit is destroyed (M12)."""
        removed = min(max(amount, 0), unit.durability)
        unit.durability -= removed
        if not self.counted("damage"):
            self.push({"e": "damage", "cell": self.grid.names[unit.cell], "card": unit.card, "amount": amount,
                       "removed": removed, "durability": unit.durability, "cause": cause})
        if unit.durability == 0:
            self.destroy(unit)

    def destroy(self, unit: Unit) -> None:
        """Off the board into its owner's discard pile; its Provide goes with it (M14); `when destroyed`
        abilities wait to resolve (M7)."""
        self.lift(unit)
        self.seats[unit.owner].discard.append(unit.card)
        if not self.counted("destroyed"):
            self.push({"e": "destroyed", "player": unit.owner, "card": unit.card,
                       "cell": self.grid.names[unit.cell]})
        for ability in self.cards[unit.card].triggered(DESTROYED):
            self.pending.append(Pending(unit.owner, unit.uid, unit.card, ability))

    def direct_hit(self, seat: int) -> None:
        """M19: the opponent's top card goes face up to its damage zone; with an empty deck it loses at once
        (M20(1)); at ``damage_limit`` cards it loses (M20(2))."""
        victim = self.seats[1 - seat]
        if not victim.deck:
            victim.lost = "attacked-with-empty-deck"
            self.emit("direct-attack", player=seat, card=None, damage=len(victim.damage))
        else:
            card = victim.deck.pop()
            victim.damage.append(card)
            self.emit("direct-attack", player=seat, card=card, damage=len(victim.damage))
            if len(victim.damage) >= self.rules.damage_limit:
                victim.lost = "damage"
        self.check_losses()
