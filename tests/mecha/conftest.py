"""Shared fixtures: a small Mecha Game ruleset of test cards (each with one job) and the shipped pack."""

from __future__ import annotations

import pytest

from rulecraft.plugins.mecha.model import Ruleset, build_ruleset


def _t(cid, durability=2, **extra):
    return {"id": cid, "name": cid.title(), "type": "tower", "durability": durability, **extra}


def _m(cid, cost, power, durability, **extra):
    return {"id": cid, "name": cid.title(), "type": "mecha", "cost": cost, "power": power,
            "durability": durability, **extra}


def _c(cid, windows, *effects):
    return {"id": cid, "name": cid.title(), "type": "command", "windows": list(windows),
            "effects": list(effects)}


CARDS = [
    _t("radio-tower", keywords=[{"provide": 1}]),
    _t("big-post", 3, keywords=[{"provide": 1}, {"provide": 1}]),
    _t("wall", 2, keywords=[{"armour": 1}]),
    _m("grunt", 1, 1, 2),
    _m("heavy", 2, 3, 3),
    _m("dud", 1, 0, 2),
    _m("piercer", 2, 2, 2, keywords=[{"pierce": True}, {"pierce": True}]),
    _m("flyer", 1, 1, 1, keywords=[{"flight": True}]),
    _m("reacher", 1, 1, 2, keywords=[{"reach": True}]),
    _m("gunner", 2, 1, 2, keywords=[{"range": 2}]),
    _m("long-gunner", 3, 1, 2, keywords=[{"range": 2}, {"range": 1}]),
    _m("runner", 1, 1, 1, keywords=[{"speed": 2}]),
    _m("sprinter", 2, 1, 1, keywords=[{"speed": 2}, {"speed": 1}]),
    _m("plated", 3, 1, 2, keywords=[{"armour": 1}, {"armour": 2}]),
    _m("brick", 2, 1, 2, keywords=[{"armour": 1}]),
    _m("timer", 1, 1, 2, time=2, abilities=[{"trigger": "last-time-counter",
                                            "effects": [{"verb": "draw", "amount": 1}]}]),
    _m("greeter", 1, 0, 1, abilities=[{"trigger": "enters", "effects": [{"verb": "draw", "amount": 1}]}]),
    _m("martyr", 1, 1, 1, abilities=[{"trigger": "destroyed",
                                     "effects": [{"verb": "damage", "amount": 1, "target": "enemy-unit"}]}]),
    _m("thorn", 1, 1, 3, abilities=[{"trigger": "attacked",
                                    "effects": [{"verb": "damage", "amount": 1, "target": "attacker"}]}]),
    _m("morning", 1, 1, 2, abilities=[{"trigger": "turn-start",
                                      "effects": [{"verb": "add-armour", "amount": 1, "target": "this"}]}]),
    _c("boost", ["main", "attack"],
       {"verb": "add", "modifier": "power", "amount": 2, "target": "friendly-mecha"}),
    _c("shield", ["attack"], {"verb": "add-armour", "amount": 1, "target": "friendly-unit"}),
    _c("zap", ["main"], {"verb": "damage", "amount": 2, "target": "enemy-unit"}),
    _c("flood", ["end"], {"verb": "each-player-draws", "amount": 1}),
    _c("bomb", ["end"], {"verb": "damage", "amount": 3, "target": "enemy-tower"}),
]


@pytest.fixture(scope="session")
def rs() -> Ruleset:
    return build_ruleset(CARDS, [])


@pytest.fixture(scope="session")
def core() -> Ruleset:
    from rulecraft.plugins.mecha.pack import core_ruleset

    return core_ruleset()
