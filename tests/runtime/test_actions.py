"""Actions: Collect, Purchase (T12), Power Up (T1), Deploy Mine/Turret (T1, one per zone)."""

from __future__ import annotations

import pytest
from engine_helpers import kinds, two_players

from rulecraft.plugins.tem import api


def test_collect_once_per_controlled_zone_bases_give_both(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")                                 # zone-2: both icons
    api.place_token(game, "r1c1", owner=0, kind="mine", number=1)      # same zone: counted once
    api.place_token(game, "r1c3", owner=0, kind="turret")              # zone-4: Credits
    api.place_token(game, "r2c0", owner=1, kind="mine", number=1)      # an enemy's token: not yours
    api.play_card(game, 0, "red-collect", "W")                         # r1c0 (zone-3: Energy)
    p = game.players[0]
    # moved to r1c0 (Energy) and kept r1c1 (both, by the Mine) and r1c3 (Credits, by the Turret)
    assert (p.energy, p.credits) == (3 + 2, 3 + 2)


def test_purchase_from_the_row_refills_it_from_the_deck(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1", energy=10, credits=10)
    bought, top = game.row[1], game.deck[0]
    api.script(game, 0, [("purchase", bought)])
    api.play_card(game, 0, "red-purchase", "N")
    assert game.row[1] == top and bought in game.players[0].purchased
    assert (game.players[0].energy, game.players[0].credits) == (
        10 - tiny.weapons[bought].cost.get("energy", 0), 10 - tiny.weapons[bought].cost.get("credits", 0))


def test_t12_basic_weapons_come_from_the_piles_one_of_each_type(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1", credits=10)
    api.script(game, 0, [("purchase", "pulse-pistol"), ("equip", ("energy-sword", "pulse-pistol")),
                         ("equip", ("energy-sword", "pulse-pistol"))])
    api.play_card(game, 0, "red-purchase", "N")
    offered = next(d for d in game.agents[0].asked if d.kind == "purchase").options
    assert "energy-sword" not in offered                               # you own one already
    assert game.piles["pulse-pistol"] == 1                             # 2 players: 2 copies, 1 left
    assert game.players[0].equipped == ["energy-sword", "pulse-pistol"]


def test_t1_heal_two_health_per_energy_never_above_the_maximum(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1", health=4)
    api.script(game, 0, [("power-up", ("heal", 1))])
    api.play_card(game, 0, "red-power-up", "N")
    offered = next(d for d in game.agents[0].asked if d.kind == "power-up").options
    assert offered == (None, ("heal", 1))                              # 1 missing: 1 Energy at most
    assert game.players[0].health == 5 and game.players[0].energy == 2


def test_t1_upgrade_costs_five_credits_and_gives_full_power_armor(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1", health=1, credits=5)
    api.script(game, 0, [("power-up", ("upgrade",))])
    api.play_card(game, 0, "red-power-up", "N")
    p = game.players[0]
    assert (p.status, p.health, p.credits) == ("power-armor", 9, 0)


def test_power_up_has_no_effect_in_the_mighty_mech(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, owned=["energy-sword", "warhammer"])
    api.set_mech(game, "r2c2", controller=0)
    api.set_player(game, 0, health=3)
    events = api.play_card(game, 0, "red-power-up", "W")
    assert kinds(events, "no-effect") == ["no-effect"] and game.players[0].health == 3


@pytest.mark.parametrize("kind,card,resource", [("mine", "red-deploy-mine", "credits"),
                                                ("turret", "red-deploy-turret", "energy")])
def test_t1_deploying_costs_the_zone_value(tiny, kind, card, resource):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1")
    api.script(game, 0, [("mine-number", 3)] if kind == "mine" else [("deploy-turret", True)])
    api.play_card(game, 0, card, "S")                                  # to r1c1: zone-2, value 3
    token = game.tokens[api.cell(game, "r1c1")]
    assert (token.owner, token.kind) == (0, kind)
    assert getattr(game.players[0], resource) == 0


def test_only_one_token_per_zone(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1")
    api.place_token(game, "r1c1", owner=0, kind="turret")
    events = api.play_card(game, 0, "red-deploy-mine", "S")
    assert kinds(events, "no-effect") == ["no-effect"]


def test_with_no_token_left_a_deployed_one_moves_and_keeps_its_number(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1", credits=10)
    for where, number in (("r1c0", 1), ("r1c3", 2), ("r3c1", 3), ("r3c3", 4)):
        api.place_token(game, where, owner=0, kind="mine", number=number)
    api.script(game, 0, [("move-token", "r3c3")])
    api.play_card(game, 0, "red-deploy-mine", "S")
    assert game.tokens[api.cell(game, "r1c1")].number == 4
    assert api.cell(game, "r3c3") not in game.tokens
    assert game.players[0].credits == 10 - 3                           # the cost is still paid


def test_no_deploying_beside_an_empty_mighty_mech(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c2", energy=5)
    events = api.play_card(game, 0, "red-deploy-turret", "S")          # into the Mech Zone
    assert kinds(events, "no-effect") == ["no-effect"]
