"""M2 placement, M11 bandwidth and population, M14 towers, M16 keywords and stacking."""

from __future__ import annotations

import pytest

from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha.model import Keywords


def _plays(game, seat=0):
    return sorted({(o[1], o[2]) for o in game.main_options(seat) if o[0] == "play"})


def test_m2_a_unit_is_played_only_onto_an_empty_cell_of_its_owners_entry_zone(rs):
    game = api.table(rs, active=1, hands=([], ["radio-tower"]))
    api.place(game, "radio-tower", "a5", 1)
    api.place(game, "grunt", "b5", 0)            # an enemy mecha fills a cell too
    assert [cell for _, cell in _plays(game, 1)] == ["c5", "d5", "e5", "f5", "g5"]


def test_m2_a_unit_enters_with_its_durability_and_armour_counters(rs):
    game = api.table(rs, hands=(["wall"], []))
    events = api.run(game, lambda: game.act(0, ("play", "wall", "d1")))
    assert events[0] == {"e": "enter", "player": 0, "card": "wall", "cell": "d1", "durability": 2,
                         "armour": 1, "time": 0}
    assert game.seats[0].hand == []


def test_m2_a_command_resolves_at_once_then_goes_to_the_discard_pile(rs):
    game = api.table(rs, hands=(["zap"], []))
    api.place(game, "heavy", "c3", 1)
    events = api.run(game, lambda: game.act(0, ("command", "zap")))
    assert [e["e"] for e in events] == ["command", "damage", "discard"]
    assert game.seats[0].discard == ["zap"] and api.unit_at(game, "c3").durability == 1


def test_m11_bandwidth_is_provide_and_population_is_printed_cost(rs):
    game = api.table(rs, hands=(["heavy", "grunt"], []))
    api.place(game, "radio-tower", "a1", 0)
    api.place(game, "big-post", "b1", 0)          # two Provide 1u: 2u (M16)
    api.place(game, "grunt", "c3", 0)
    assert (game.bandwidth(0), game.population(0)) == (3, 1)
    assert {card for card, _ in _plays(game)} == {"heavy", "grunt"}
    api.place(game, "heavy", "d3", 0)
    assert {card for card, _ in _plays(game)} == set()   # 3 + 1 > 3


def test_m11_a_tower_played_this_turn_pays_for_a_mecha_played_after_it(rs):
    game = api.table(rs, hands=(["radio-tower", "grunt"], []))
    assert {card for card, _ in _plays(game)} == {"radio-tower"}   # towers are free
    api.run(game, lambda: game.act(0, ("play", "radio-tower", "a1")))
    assert {card for card, _ in _plays(game)} == {"grunt"}


def test_m11_bandwidth_below_population_leaves_units_alone_and_stops_new_mechas(rs):
    game = api.table(rs, hands=(["grunt"], []))
    tower = api.place(game, "radio-tower", "a1", 0, durability=1)
    api.place(game, "grunt", "c3", 0)
    api.place(game, "heavy", "a2", 1)
    api.script(game, 1, [])
    game.active = 1
    api.run(game, lambda: game.act(1, ("attack", "a2", "a1")))
    assert tower.uid not in game.units
    assert (game.bandwidth(0), game.population(0)) == (0, 1)
    assert api.unit_at(game, "c3") is not None
    game.active = 0
    assert _plays(game) == []


def test_m14_a_tower_can_be_attacked_and_destroyed_and_its_provide_goes_with_it(rs):
    game = api.table(rs)
    api.place(game, "big-post", "c1", 1)
    api.place(game, "heavy", "c2", 0)
    assert game.bandwidth(1) == 2
    api.run(game, lambda: game.act(0, ("attack", "c2", "c1")))
    assert api.unit_at(game, "c1") is None and game.seats[1].discard == ["big-post"]
    assert game.bandwidth(1) == 0


def test_m14_towers_never_move_or_attack_and_have_no_power(rs):
    game = api.table(rs)
    tower = api.place(game, "radio-tower", "c2", 0)
    api.place(game, "grunt", "c3", 1)
    assert [o for o in game.main_options(0) if o[0] in ("move", "attack")] == []
    assert game.power(tower) == 0


@pytest.mark.parametrize(("instances", "expected"), [
    ([{"armour": 1}, {"armour": 2}], {"armour": 3}),
    ([{"speed": 2}, {"speed": 1}], {"speed": 3}),
    ([{"range": 2}, {"range": 1}], {"range": 3}),
    ([{"provide": 1}, {"provide": 1}], {"provide": 2}),
    ([{"speed": 2}], {"speed": 2}),                       # replaces the base 1, not adds to it
    ([{"pierce": True}, {"pierce": True}], {"pierce": True}),   # flags do not stack
])
def test_m16_numbered_keywords_stack_by_adding_their_x(instances, expected):
    kw = Keywords.of(instances)
    for name, value in expected.items():
        assert getattr(kw, name) == value


def test_m16_stacked_armour_enters_as_counters_and_stacked_speed_moves_further(rs):
    game = api.table(rs, hands=(["plated"], []))
    api.place(game, "big-post", "a1", 0)
    api.place(game, "radio-tower", "b1", 0)
    api.run(game, lambda: game.act(0, ("play", "plated", "c1")))
    assert api.unit_at(game, "c1").armour == 3
    api.place(game, "sprinter", "d3", 0)
    moves = {o[2] for o in game.main_options(0) if o[0] == "move" and o[1] == "d3"}
    assert "d5" in moves and "g3" in moves and "d2" in moves    # 2 and 3 steps away


def test_m16_gaining_armour_in_play_gives_counters_at_once(rs):
    game = api.table(rs, active=1, hands=(["shield"], []))
    api.place(game, "grunt", "c3", 0)
    api.place(game, "heavy", "c4", 1)
    api.script(game, 0, [("window", ("command", "shield"))])
    api.run(game, lambda: game.act(1, ("attack", "c4", "c3")))
    grunt = api.unit_at(game, "c3")
    assert (grunt.armour, grunt.durability) == (0, 2)    # the counter it gained took the hit
