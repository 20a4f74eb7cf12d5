"""Show: why, with numbers: what an action costs against what a player has, what Collect and scoring paid
per zone, when a weapon could be equipped, and why a legal option is likely pointless (the terminal's
confirm and the browser's warning say the same words).

Everything is worked out from a seat's redacted state (``View.state()``, T16) and the ruleset's public
definitions, as the screen is; never from a live game. The engine decides; these texts only explain
its decision to the person at the terminal (the rules they follow are named in the comments).
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.model import ADVANCED, BASIC, CREDITS, ENERGY, MECH, PILOT, POWER_ARMOR, Ruleset
from rulecraft.runtime.decisions import Decision

ICONS = {ENERGY: "⚡", CREDITS: "$"}
STATUS = {PILOT: "Pilot", POWER_ARMOR: "Power Armor", MECH: "Mighty Mech"}
# a refused deploy's token, by its action or by the token the engine's no-effect event names
TOKEN = {"deploy-mine": "mine", "deploy-turret": "turret", "mine": "mine", "turret": "turret"}


def label(cols: int, cell: int | str | None) -> str:
    """``r0c2`` (or its index) as ``C1``: a column letter and a 1-based row number."""
    if cell is None:
        return "?"
    if isinstance(cell, str):
        row, col = (int(x) for x in cell[1:].split("c", 1))
    else:
        row, col = divmod(cell, cols)
    return f"{chr(ord('A') + col)}{row + 1}"


def cell_name(cols: int, cell: int) -> str:
    """The engine's name of a cell index (``r1c2``), the key of the state's ``zones`` and ``tokens``."""
    return f"r{cell // cols}c{cell % cols}"


def amount(cost: dict[str, int]) -> str:
    return " ".join(f"{n}{ICONS.get(r, r)}" for r, n in cost.items() if n) or "nothing"


def have(player: dict, resources) -> str:
    return " ".join(f"{player[r]}{ICONS.get(r, r)}" for r in resources)


def max_health(ruleset: Ruleset, player: dict) -> int:
    if player["status"] == PILOT:
        return ruleset.pilots[player["pilot"]].health
    return ruleset.rules.power_armor_health if player["status"] == POWER_ARMOR else ruleset.rules.mech_health


class Reasons:
    """Explanations for one arena (its width names cells)."""

    def __init__(self, ruleset: Ruleset, cols: int) -> None:
        self.rs, self.cols, self.label = ruleset, cols, label

    # --- an action that did nothing (T1) ------------------------------------------------------
    def no_effect(self, event: dict, state: dict | None, yours: bool = True) -> str:
        """Why ``no-effect`` happened: the engine's refusals of Power Up and Deploy, with the numbers
        (``yours``: the player reading it made the move)."""
        action = event["action"]
        if state is None:
            return "it has no effect here"
        p = state["players"][event["player"]]
        if action == "power-up":
            return "Power Up has no effect in the Mighty Mech (it cannot heal or upgrade)"
        kind = TOKEN.get(action)
        if kind is None or p["pos"] < 0:
            return "it has no effect here"
        name = cell_name(self.cols, p["pos"])
        where = self.label(self.cols, p["pos"])
        token = state["tokens"].get(name)
        if token is not None:
            return f"{where} already holds a {token['kind'].capitalize()} (one token per zone)"
        mech = state["mech"]
        if mech["cell"] == name and mech["controller"] != p["seat"]:
            return f"no token goes in the Mighty Mech's zone ({where}) unless its controller places it"
        cost = self.deploy_cost(kind, state, p)
        resource = next(iter(cost))
        if p[resource] < cost[resource]:
            return (f"a {kind.capitalize()} at {where} costs {amount(cost)} (the zone's value); "
                    f"{'you have' if yours else 'they have'} {p[resource]}{ICONS.get(resource, resource)}")
        return f"no {kind.capitalize()} is left in supply and none is deployed to move"

    def deploy_cost(self, kind: str, state: dict, p: dict) -> dict[str, int]:
        """T1: a Mine costs Credits, a Turret Energy, equal to the zone's value (before abilities)."""
        rules = self.rs.rules
        resource = rules.mine_cost_resource if kind == "mine" else rules.turret_cost_resource
        zone = self.rs.zones[state["zones"][cell_name(self.cols, p["pos"])]]
        return {resource: zone.value}

    # --- a prompt with one legal answer ------------------------------------------------------
    def power_up_refused(self, state: dict, seat: int) -> str:
        """Why Power Up offers only "do nothing": heal and upgrade, each with what it needs (T1)."""
        rules, p = self.rs.rules, state["players"][seat]
        reasons = []
        top = max_health(self.rs, p)
        if p["status"] not in rules.heal_statuses:
            reasons.append(f"a {STATUS.get(p['status'], p['status'])} cannot heal")
        elif p["health"] >= top:
            reasons.append(f"you are at full health ({p['health']}/{top})")
        elif p[rules.heal_resource] < 1:
            reasons.append(f"healing costs 1{ICONS.get(rules.heal_resource)} per {rules.heal_per_energy} "
                           f"health, you have 0{ICONS.get(rules.heal_resource)}")
        if p["status"] != PILOT:
            reasons.append(f"only a Pilot upgrades (you are in {STATUS.get(p['status'], p['status'])})")
        else:
            cost = dict(rules.upgrade_cost)
            reasons.append(f"the upgrade to Power Armor costs {amount(cost)}, you have {have(p, cost)}")
        return "; ".join(reasons)

    # --- a legal option that is likely pointless ---------------------------------------------
    def option_warning(self, decision: Decision, option: Any, state: dict) -> str | None:
        """Why ``option`` of ``decision`` achieves nothing or is likely not meant, from the seat's
        ``state``; None when it is a fair choice. A weapon the buyer cannot equip (T12); a loadout
        leaving a slot empty that another loadout offered fills (T12, T13); a plain attack when the
        same weapon's Power Attack, open now, deals more to a target it would not already KO (T13, T2)."""
        p = state["players"][decision.player]
        if decision.kind == D.PURCHASE and isinstance(option, str) and option in self.rs.weapons:
            return self.equip_warning(option, p["status"])
        if decision.kind == D.EQUIP and isinstance(option, tuple):
            most = max(len(loadout) for loadout in decision.options if isinstance(loadout, tuple))
            if len(option) < most:
                return (f"it equips {len(option)} weapon{'s' if len(option) != 1 else ''} where {most} fit: "
                        f"each attack exhausts one equipped weapon, and with none left you retreat (T13)")
        if decision.kind == D.ATTACK and isinstance(option, tuple) and option[1] is False \
                and (option[0], True) in decision.options and "opponent" in decision.context:
            weapon = self.rs.weapons[option[0]]
            target = state["players"][decision.context["opponent"]]
            stronger = weapon.power_damage or 0
            if stronger > weapon.damage and target["health"] > weapon.damage:
                return (f"a plain attack with {weapon.name} deals {weapon.damage} damage; its Power Attack, "
                        f"open to you now, deals {stronger} with the same weapon (T13)")
        return None

    # --- weapons (T12) -----------------------------------------------------------------------
    def equip_warning(self, wid: str, status: str) -> str | None:
        """None when ``status`` can equip the weapon's tier; else which statuses could, and how to get
        there."""
        weapon = self.rs.weapons[wid]
        slots = self.rs.rules.slots

        def room(s: str) -> int:
            return slots[s].advanced if weapon.tier == ADVANCED else slots[s].basic

        if status not in slots or room(status) > 0:
            return None
        tier = "Advanced" if weapon.tier == ADVANCED else "Basic" if weapon.tier == BASIC else weapon.tier
        could = [s for s in slots if room(s) > 0]
        how = {POWER_ARMOR: f"in Power Armor (Power Up, {amount(dict(self.rs.rules.upgrade_cost))})",
               MECH: "in the Mighty Mech"}
        when = " or ".join(how.get(s, STATUS.get(s, s)) for s in could) or "never"
        return (f"a {STATUS.get(status, status)} has no slot for {tier} weapons, so you cannot equip "
                f"{weapon.name} now; you could {when}")

    # --- Collect and scoring, itemised per zone ---------------------------------------------
    def collect(self, event: dict, state: dict | None) -> str:
        """Each zone the player controls (its own zone, then its Mines and Turrets) and what it paid."""
        if state is None:
            return ""
        p = state["players"][event["player"]]
        per = self.rs.rules.collect_per_zone
        cells = [(p["pos"], "pilot")] if p["pos"] >= 0 else []
        here = cell_name(self.cols, p["pos"]) if p["pos"] >= 0 else None
        for name, token in state["tokens"].items():
            if token["owner"] == p["seat"] and name != here:
                cells.append((self._index(name), token["kind"].capitalize()))
        parts = []
        for cell, what in cells:
            zone = self.rs.zones[state["zones"][cell_name(self.cols, cell)]]
            paid = " ".join(f"{per}{ICONS.get(r, r)}" for r in zone.resources) or "nothing"
            parts.append(f"{self.label(self.cols, cell)} ({what}) {paid}")
        return "; ".join(parts)

    def scoring_items(self, state: dict, seat: int) -> list[tuple[str, str]]:
        """T14's zone scores in the order the core scoring hook gives them: (source, how) per zone."""
        rules, p = self.rs.rules, state["players"][seat]
        items = []
        if p["pos"] >= 0 and rules.score_pilot:
            zid = state["zones"][cell_name(self.cols, p["pos"])]
            value = self.rs.zones[zid].value
            if value * rules.score_pilot:
                items.append(("zone-pilot", f"the pilot's zone at {self.label(self.cols, p['pos'])} "
                                            f"(value {value}{_times(rules.score_pilot)})"))
        for name, token in sorted(state["tokens"].items(), key=lambda kv: self._index(kv[0])):
            if token["owner"] != seat:
                continue
            factor = rules.score_mine if token["kind"] == "mine" else rules.score_turret
            value = self.rs.zones[state["zones"][name]].value
            if value * factor:
                items.append((f"zone-{token['kind']}", f"a {token['kind'].capitalize()} at "
                              f"{self.label(self.cols, self._index(name))} (value {value}{_times(factor)})"))
        return items

    def capped(self, event: dict) -> str:
        """T2: damage beyond the remaining health is lost (and, when the rules cap it, scores no VP)."""
        dealt, total = event["dealt"], event["amount"]
        if total <= dealt:
            return ""
        lost = f"the other {total - dealt} is lost"
        if self.rs.rules.vp_damage_capped:
            lost += " and scores no VP"
        return f" of {total} (only {dealt} health was left: {lost})"

    def _index(self, name: str) -> int:
        row, col = (int(x) for x in name[1:].split("c", 1))
        return row * self.cols + col


def _times(factor: int) -> str:
    return f" x{factor}" if factor != 1 else ""
