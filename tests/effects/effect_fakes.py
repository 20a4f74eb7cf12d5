"""A recording EffectContext for the effect DSL tests: plain state in, every verb call recorded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class RecordingContext:
    """Implements rulecraft.plugins.tem.effect_context.EffectContext over a few dicts.

    Choices answer from ``answers`` (a list consumed in order) or fall back to the highest amount /
    yes / the first option, so tests can script decisions like a strict scenario would.
    """

    state: dict[str, Any] = field(default_factory=dict)
    answers: list[Any] = field(default_factory=list)
    calls: list[tuple] = field(default_factory=list)

    def _get(self, key: str, default: Any = 0) -> Any:
        return self.state.get(key, default)

    def health(self, who):
        return self._get(f"{who}.health", 5)

    def max_health(self, who):
        return self._get(f"{who}.max_health", 9)

    def resource(self, who, resource):
        return self._get(f"{who}.{resource}", 3)

    def status(self, who):
        return self._get(f"{who}.status", "pilot")

    def zone_value(self):
        return self._get("zone_value", 2)

    def round(self):
        return self._get("round", 1)

    def turn(self):
        return self._get("turn", 1)

    def attack_type(self):
        return self._get("attack_type", None)

    def weapon_type(self):
        return self._get("weapon_type", None)

    def attack_damage(self):
        return self._get("attack_damage", 2)

    def deployed(self, token):
        return self._get(f"deployed.{token}", 0)

    def weapons_owned(self, who):
        return self._get(f"{who}.weapons", 1)

    def adjacent_zones(self, who):
        return self._get(f"{who}.adjacent", (1, 2))

    def _record(self, *call):
        self.calls.append(call)

    def deal_damage(self, amount):
        self._record("deal_damage", amount)

    def add_damage(self, amount):
        self._record("add_damage", amount)

    def prevent_damage(self, amount):
        self._record("prevent_damage", amount)

    def heal(self, amount):
        self._record("heal", amount)

    def gain(self, resource, amount):
        self._record("gain", resource, amount)

    def pay(self, resource, amount):
        have = self.resource("you", resource)
        if have < amount:
            self._record("pay-refused", resource, amount)
            return False
        self.state[f"you.{resource}"] = have - amount
        self._record("pay", resource, amount)
        return True

    def enemy_loses(self, resource, amount):
        self._record("enemy_loses", resource, amount)

    def reduce_cost(self, amount):
        self._record("reduce_cost", amount)

    def move(self, who, zone):
        self._record("move", who, zone)

    def ready_weapon(self):
        self._record("ready_weapon")

    def exhaust_enemy_weapon(self):
        self._record("exhaust_enemy_weapon")

    def _answer(self, default):
        return self.answers.pop(0) if self.answers else default

    def choose_amount(self, low, high, prompt):
        self._record("choose_amount", low, high)
        answer = self._answer(high)
        assert low <= answer <= high, (low, answer, high)
        return answer

    def choose_yes_no(self, prompt):
        self._record("choose_yes_no")
        return self._answer(True)

    def choose_zone(self, options: Sequence, prompt):
        self._record("choose_zone", tuple(options))
        answer = self._answer(options[0])
        assert answer in options
        return answer

    def choose(self, options: Sequence[str], prompt):
        self._record("choose", tuple(options))
        answer = self._answer(options[0])
        assert answer in options
        return answer

    def extension(self, name, *args):
        self._record("extension", name, *args)
