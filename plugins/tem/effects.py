"""Run: the runtime's implementation of the EffectContext that compiled ability handlers call.

One :class:`Effects` object per trigger firing, for the ability's owner (``you``); ``enemy`` is the
player you are in Combat with. Choices go to the owner's agent as decisions, validated and logged.
At a paying trigger (``triggers.PAYING``) a cost change applies at once, so it counts toward what you
can afford (E4), while gains, heals and moves wait for :meth:`Effects.settle`, which the engine calls
once the action is paid for: an action you do not take (or cannot pay) gives nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem import triggers as T
from rulecraft.plugins.tem.model import MECH

MAX_AMOUNTS = 1000   # the DSL's numbers go up to 999 (compiler/effects/check.py MAX_VALUE)

if TYPE_CHECKING:
    from rulecraft.plugins.tem.model import WeaponDef
    from rulecraft.plugins.tem.state import Player
    from rulecraft.plugins.tem.table import Table


class Effects:
    """Implements ``rulecraft.plugins.tem.effect_context.EffectContext`` for one firing."""

    __slots__ = ("context", "cost_delta", "deferred", "game", "me", "trigger", "weapon")

    def __init__(self, game: Table, me: Player, trigger: str, weapon: WeaponDef | None,
                 context: dict[str, Any]) -> None:
        self.game, self.me, self.trigger, self.weapon, self.context = game, me, trigger, weapon, context
        self.cost_delta = 0
        self.deferred: list[tuple[str, tuple]] | None = [] if trigger in T.PAYING else None

    def _later(self, verb: str, *args: Any) -> bool:
        """Keep the call of method ``verb`` for :meth:`settle` at a paying trigger (True), else run it now
        (False)."""
        if self.deferred is None:
            return False
        # the method's name, looked up at settle: a bound method would make a reference cycle
        # (self -> deferred -> method -> self) that keeps the whole game alive until the cyclic GC runs
        self.deferred.append((verb, args))
        return True

    def settle(self) -> None:
        """The action was paid for: run the effects kept back until now, in their order."""
        kept, self.deferred = self.deferred or [], None
        for verb, args in kept:
            getattr(self, verb)(*args)

    def _who(self, who: str) -> Player:
        if who == "you":
            return self.me
        combat = self.game.combat
        if combat is None:
            raise RuntimeError(f"an ability named the enemy outside Combat ({self.trigger})")
        return combat.opponent(self.me)

    # --- reading ---------------------------------------------------------------------------
    def health(self, who: str) -> int:
        return self._who(who).health

    def max_health(self, who: str) -> int:
        return self.game.max_health(self._who(who))

    def resource(self, who: str, resource: str) -> int:
        p = self._who(who)
        return p.vp if resource == "vp" else p.resource(resource)

    def status(self, who: str) -> str:
        return self._who(who).status

    def zone_value(self) -> int:
        zone = self.game.board.zones[self.me.pos] if self.me.pos >= 0 else None
        return zone.value if zone else 0

    def round(self) -> int:
        return self.game.round

    def turn(self) -> int:
        return self.game.turn

    def attack_type(self) -> str | None:
        if "attack_type" in self.context:
            return self.context["attack_type"]
        combat = self.game.combat
        return combat.last_type.get(self.me.seat) if combat else None

    def weapon_type(self) -> str | None:
        combat = self.game.combat
        if combat is not None and combat.weapon is not None:
            return combat.weapon.type
        return self.weapon.type if self.weapon else None

    def attack_damage(self) -> int:
        combat = self.game.combat
        return max(0, combat.damage) if combat is not None and combat.weapon is not None else 0

    def deployed(self, token: str) -> int:
        return sum(1 for t in self.game.tokens.values() if t.owner == self.me.seat and t.kind == token)

    def weapons_owned(self, who: str) -> int:
        return len(self._who(who).owned)

    def adjacent_zones(self, who: str) -> Sequence[int]:
        p = self._who(who)
        return self.game.board.adjacent(p.pos) if p.pos >= 0 else ()

    # --- verbs -----------------------------------------------------------------------------
    def deal_damage(self, amount: int) -> None:
        enemy = self._who("enemy")
        self.game.hurt(enemy, amount, self.me, source="ability")

    def add_damage(self, amount: int) -> None:
        if self.game.combat is not None:
            self.game.combat.damage += amount

    def prevent_damage(self, amount: int) -> None:
        if self.game.combat is not None:
            self.game.combat.damage = max(0, self.game.combat.damage - amount)

    def heal(self, amount: int) -> None:
        if self._later("heal", amount):
            return
        p = self.me
        if p.status == MECH:
            return
        p.health = min(self.game.max_health(p), p.health + amount)
        self.game.emit("heal", player=p.seat, paid=0, health=p.health, source="ability")

    def gain(self, resource: str, amount: int) -> None:
        if self._later("gain", resource, amount):
            return
        if resource == "vp":
            self.game.score(self.me, amount, "ability")
        else:
            self.game._gain(self.me, resource, amount)
            self.game.emit("gain", player=self.me.seat, resource=resource, amount=amount, source="ability")

    def pay(self, resource: str, amount: int) -> bool:
        p = self.me
        have = p.vp if resource == "vp" else p.resource(resource)
        if have < amount:
            return False
        if resource == "vp":
            p.vp -= amount   # paying VP is the only way a score goes down
        else:
            p.set_resource(resource, have - amount)
        self.game.emit("pay", player=p.seat, resource=resource, amount=amount, source="ability")
        return True

    def enemy_loses(self, resource: str, amount: int) -> None:
        enemy = self._who("enemy")
        if resource == "vp":
            lost = min(enemy.vp, amount)
            enemy.vp -= lost   # with paying VP, the only ways a score goes down
        else:
            lost = min(enemy.resource(resource), amount)
            enemy.set_resource(resource, enemy.resource(resource) - lost)
        self.game.emit("lose", player=enemy.seat, resource=resource, amount=lost, source="ability")

    def reduce_cost(self, amount: int) -> None:
        self.cost_delta -= amount

    def move(self, who: str, zone: Any) -> None:
        if self._later("move", who, zone):
            return
        p = self._who(who)
        if zone not in self.game.board.adjacent(p.pos):
            raise RuntimeError(f"an ability moved a pilot to a zone that is not adjacent: {zone!r}")
        self.game.move_to(p, zone, why="pushed")
        if self.game.combat is None:
            self.game.enter_zone(p, zone)

    def ready_weapon(self) -> None:
        combat = self.game.combat
        if combat is None:
            return
        exhausted = tuple(sorted(combat.exhausted[self.me.seat]))
        if exhausted:
            wid = self.game.choose(D.ABILITY_CHOICE, self.me.seat, exhausted, {"prompt": "ready"})
            combat.exhausted[self.me.seat].discard(wid)

    def exhaust_enemy_weapon(self) -> None:
        combat = self.game.combat
        if combat is None:
            return
        enemy = combat.opponent(self.me)
        ready = tuple(w for w in enemy.equipped if w not in combat.exhausted[enemy.seat])
        if ready:
            wid = self.game.choose(D.ABILITY_CHOICE, enemy.seat, ready, {"prompt": "exhaust"})
            combat.exhausted[enemy.seat].add(wid)

    # --- choices ---------------------------------------------------------------------------
    def choose_amount(self, low: int, high: int, prompt: str) -> int:
        if not 0 <= high - low <= MAX_AMOUNTS:   # a handler's loops run at most the amount chosen here
            raise ValueError(f"choose_amount({low}, {high}) offers more than {MAX_AMOUNTS} amounts")
        return self.game.choose(D.BOOST, self.me.seat, tuple(range(low, high + 1)), {"prompt": prompt})

    def choose_yes_no(self, prompt: str) -> bool:
        return self.game.choose(D.ABILITY_CHOICE, self.me.seat, (True, False), {"prompt": prompt})

    def choose_zone(self, options: Sequence[Any], prompt: str) -> Any:
        return self.game.choose(D.ZONE, self.me.seat, tuple(options),
                                      {"prompt": prompt, "cells": self.game.cell_names(options)})

    def choose(self, options: Sequence[str], prompt: str) -> str:
        return self.game.choose(D.ABILITY_CHOICE, self.me.seat, tuple(options), {"prompt": prompt})

    # --- plugins ---------------------------------------------------------------------------
    def extension(self, name: str, *args: Any) -> Any:
        return self.game.hooks.effect_extension(self.game, self, name, args)
