"""Run: the card actions: collect, purchase (T12, E4), power up (T1) and deploy a Mine or Turret (T1).

Action steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it; ``reduce the cost``
abilities change a price before it is paid (``modified_cost``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem import triggers as T
from rulecraft.plugins.tem.effects import Effects
from rulecraft.plugins.tem.equipment import EquipmentRules
from rulecraft.plugins.tem.model import (
    BASIC,
    COLLECT,
    CREDITS,
    DEPLOY_MINE,
    DEPLOY_TURRET,
    ENERGY,
    MECH,
    PILOT,
    POWER_ARMOR,
    POWER_UP,
    PURCHASE,
)
from rulecraft.plugins.tem.state import MINE, TURRET, Player, Token
from rulecraft.runtime.errors import GameError


class ActionRules(EquipmentRules):
    """The actions a program card performs after its move."""

    # --- actions -------------------------------------------------------------------------------
    def action(self, p: Player, action: str) -> None:
        if not self.counted("action"):
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
            for resource in self.zone(cell).resources:
                gained[resource] += n
        for resource, amount in gained.items():
            self._gain(p, resource, amount)
        if not self.counted("collect"):
            self.push({"e": "collect", "player": p.seat, "energy": gained[ENERGY], "credits": gained[CREDITS],
                       "now": {ENERGY: p.energy, CREDITS: p.credits}})
        self.fire(T.ON_COLLECT, p)

    def purchase(self, p: Player) -> None:
        """One weapon: from the Advanced row (refilled) or a Basic pile you don't own (T12). Purchase
        abilities run first: they may change the price (before paying, E4); the bought weapon's own
        ``on_bought`` ability runs once it is paid for."""
        run = self.fire(T.ON_PURCHASE, p)
        delta = run.cost_delta if run is not None else 0

        def price(wid: str) -> Mapping[str, int]:
            cost = self.weapon(wid).cost
            return {r: max(0, n + delta) for r, n in cost.items()} if delta else cost

        options: list[str | None] = [None]
        for wid in self.row:
            if wid not in options and self._affordable(p, price(wid)):
                options.append(wid)
        for wid, left in self.piles.items():
            if left > 0 and wid not in p.owned and self._affordable(p, price(wid)):   # one of each
                options.append(wid)
        bought: str | None = self.choose(D.PURCHASE, p.seat, tuple(options))
        if bought is None:
            return
        w = self.weapon(bought)
        self._pay(p, price(bought))
        if w.tier == BASIC:
            self.piles[bought] -= 1
        else:
            i = self.row.index(bought)
            if self.deck:
                self.row[i] = self.deck.pop(0)
            else:
                del self.row[i]
        p.owned.append(bought)
        p.purchased.append(bought)
        if not self.counted("purchase"):
            self.push({"e": "purchase", "player": p.seat, "weapon": bought, "row": list(self.row),
                       "deck": len(self.deck), "energy": p.energy, "credits": p.credits})
        if run is not None:
            run.settle()
        self.fire(T.ON_BOUGHT, p, w)
        self.equip_window(p, "purchase")

    def power_up(self, p: Player) -> None:
        """Heal (T1: each Energy +2 health, up to the maximum) or Upgrade; no effect in the Mighty Mech."""
        rules = self.rules
        if p.status == MECH:
            if not self.counted("no-effect"):
                self.push({"e": "no-effect", "player": p.seat, "action": POWER_UP})
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
        choice = self.choose(D.POWER_UP, p.seat, tuple(options))
        if choice is None:
            return
        if choice[0] == "heal":
            self._gain(p, rules.heal_resource, -choice[1])
            p.health = min(self.max_health(p), p.health + choice[1] * rules.heal_per_energy)
            if not self.counted("heal"):
                self.push({"e": "heal", "player": p.seat, "paid": choice[1], "health": p.health})
        else:
            self._pay(p, cost)
            p.status, p.health = POWER_ARMOR, rules.power_armor_health
            if not self.counted("upgrade"):
                self.push({"e": "upgrade", "player": p.seat, "health": p.health})
            if run is not None:
                run.settle()
            if not self.counted("status"):
                self.push({"e": "status", "player": p.seat, "status": POWER_ARMOR, "health": p.health})
            self.equip_window(p, "status")

    def deploy(self, p: Player, kind: str) -> None:
        """Pay the zone's value (T1) to place a Mine or Turret in your zone; one token per zone; not beside an
        empty Mighty Mech you do not control; if none is left, move a deployed one."""
        cell = p.pos
        zone = self.zone(cell)
        if cell in self.tokens or (self.mech_pos == cell and self.mech_controller != p.seat):
            if not self.counted("no-effect"):
                self.push({"e": "no-effect", "player": p.seat, "action": kind})
            return
        resource = self.rules.mine_cost_resource if kind == MINE else self.rules.turret_cost_resource
        cost, run = self.modified_cost(p, T.ON_DEPLOY, {resource: zone.value})
        if not self._affordable(p, cost):
            if not self.counted("no-effect"):
                self.push({"e": "no-effect", "player": p.seat, "action": kind})
            return
        supply = p.mine_supply if kind == MINE else p.turret_supply
        moved_from = None
        number = None
        if supply:
            if kind == MINE:
                number = self.choose(D.MINE_NUMBER, p.seat, (None, *sorted(set(p.mine_supply))))
                if number is None:
                    return
                p.mine_supply.remove(number)
            else:
                if not self.choose(D.DEPLOY_TURRET, p.seat, (True, False)):
                    return
                p.turret_supply -= 1
        else:
            mine = tuple(c for c, t in self.tokens.items() if t.owner == p.seat and t.kind == kind)
            if not mine:
                if not self.counted("no-effect"):
                    self.push({"e": "no-effect", "player": p.seat, "action": kind})
                return
            moved_from = self.choose(D.MOVE_TOKEN, p.seat, (None, *sorted(mine)),
                                           {"token": kind, "cells": self.cell_names(sorted(mine))})
            if moved_from is None:
                return
            number = self.tokens.pop(moved_from).number
        self._pay(p, cost)
        self.tokens[cell] = Token(p.seat, kind, number)
        if not self.counted("deploy"):
            self.push({"e": "deploy", "player": p.seat, "token": kind, "number": number,
                       "cell": self.board.name(cell),
                       "moved_from": self.board.name(moved_from) if moved_from is not None else None,
                       "energy": p.energy, "credits": p.credits})
        if run is not None:
            run.settle()

    def modified_cost(self, p: Player, trigger: str, cost: dict) -> tuple[dict, Effects | None]:
        """A cost after ``reduce the cost`` abilities (never below 0), and the firing whose other
        effects wait until the action is paid for (``Effects.settle``)."""
        run = self.fire(trigger, p, cost=cost)
        if run is None or not run.cost_delta:
            return cost, run
        return {r: max(0, n + run.cost_delta) for r, n in cost.items()}, run
