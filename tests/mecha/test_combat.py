"""M9 attacks, M12 combat, M13 flight and reach, M19 the direct attack."""

from __future__ import annotations

from rulecraft.plugins.mecha import api


def _attack(game, seat, source, target):
    return api.run(game, lambda: game.act(seat, ("attack", source, target)))


def _targets(game, cell, seat=0):
    return sorted(o[2] for o in game.main_options(seat) if o[0] == "attack" and o[1] == cell)


def test_m12_power_removes_durability_counters_and_the_defender_never_strikes_back(rs):
    game = api.table(rs)
    attacker = api.place(game, "grunt", "c3", 0)
    target = api.place(game, "heavy", "c4", 1)
    events = _attack(game, 0, "c3", "c4")
    assert (target.durability, attacker.durability) == (2, 2)
    assert [e["e"] for e in events] == ["attack", "pass", "pass", "damage"]   # M15 (b): both pass unasked


def test_m12_armour_takes_one_counter_whatever_the_power(rs):
    game = api.table(rs)
    api.place(game, "heavy", "c3", 0)                     # power 3
    target = api.place(game, "plated", "c4", 1)          # 3 armour
    _attack(game, 0, "c3", "c4")
    assert (target.armour, target.durability) == (2, 2)


def test_m12_pierce_ignores_armour_and_removes_durability(rs):
    game = api.table(rs)
    api.place(game, "piercer", "c3", 0)
    target = api.place(game, "plated", "c4", 1)
    _attack(game, 0, "c3", "c4")
    assert (target.armour, target.durability) == (3, 0)
    assert api.unit_at(game, "c4") is None and game.seats[1].discard == ["plated"]


def test_m12_power_0_removes_none_and_the_count_never_goes_below_0(rs):
    game = api.table(rs)
    api.place(game, "dud", "c3", 0)
    api.place(game, "heavy", "b4", 0)
    target = api.place(game, "grunt", "c4", 1)
    events = _attack(game, 0, "c3", "c4")
    assert target.durability == 2 and events[-1]["removed"] == 0
    events = _attack(game, 0, "b4", "c4")
    assert events[-2]["removed"] == 2 and events[-1]["e"] == "destroyed"


def test_m12_lost_durability_stays_lost_after_the_turn(rs):
    game = api.table(rs, decks=(["grunt"] * 3, ["grunt"] * 3))
    api.place(game, "grunt", "c3", 0)
    target = api.place(game, "heavy", "c4", 1)
    _attack(game, 0, "c3", "c4")
    api.run(game, game.end_phase)
    assert target.durability == 2


def test_m9_a_player_never_attacks_its_own_units(rs):
    game = api.table(rs)
    api.place(game, "grunt", "c3", 0)
    api.place(game, "grunt", "c4", 0)
    assert _targets(game, "c3") == []


def test_m9_each_mecha_attacks_once_and_may_move_before_or_after(rs):
    game = api.table(rs)
    api.place(game, "grunt", "c3", 0)
    api.place(game, "heavy", "c4", 1)
    _attack(game, 0, "c3", "c4")
    options = game.main_options(0)
    assert not [o for o in options if o[0] == "attack"] and ("move", "c3", "b3") in options


def test_m9_an_attack_whose_attacker_left_play_before_it_resolves_fizzles_but_is_used(rs):
    game = api.table(rs, active=1)
    attacker = api.place(game, "flyer", "d5", 1)         # 1 durability
    api.place(game, "thorn", "d4", 0)                    # when attacked: 1 damage to the attacker
    events = _attack(game, 1, "d5", "d4")
    assert [e["e"] for e in events] == ["attack", "trigger", "damage", "destroyed", "pass", "pass", "fizzle"]
    assert attacker.uid not in game.units and attacker.attacked
    assert api.unit_at(game, "d4").durability == 3


def test_m13_flight_is_targeted_only_by_flight_or_reach(rs):
    game = api.table(rs)
    api.place(game, "grunt", "c3", 0)
    api.place(game, "reacher", "e3", 0)
    api.place(game, "flyer", "a3", 0)
    api.place(game, "flyer", "c4", 1)
    api.place(game, "flyer", "e4", 1)
    api.place(game, "flyer", "a4", 1)
    assert _targets(game, "c3") == [] and _targets(game, "e3") == ["e4"] and _targets(game, "a3") == ["a4"]


def test_m13_a_flying_mecha_may_attack_a_unit_without_flight(rs):
    game = api.table(rs)
    api.place(game, "flyer", "c3", 0)
    api.place(game, "grunt", "c4", 1)
    assert _targets(game, "c3") == ["c4"]


def test_m19_only_a_mecha_in_the_opponents_entry_zone_attacks_directly(rs):
    game = api.table(rs, decks=([], ["grunt", "heavy"]))
    api.place(game, "grunt", "c5", 0)
    api.place(game, "long-gunner", "d4", 0)     # range does not extend it
    assert _targets(game, "c5") == ["opponent"] and _targets(game, "d4") == []
    events = _attack(game, 0, "c5", "opponent")
    assert events[-1] == {"e": "direct-attack", "player": 0, "card": "heavy", "damage": 1}
    assert game.seats[1].damage == ["heavy"] and game.seats[1].deck == ["grunt"]


def test_m19_one_card_per_direct_attack_whatever_the_power(rs):
    game = api.table(rs, decks=([], ["grunt"] * 4))
    api.place(game, "heavy", "c5", 0)
    _attack(game, 0, "c5", "opponent")
    assert len(game.seats[1].damage) == 1 and len(game.seats[1].deck) == 3


def test_m19_a_flyer_attacks_directly_too(rs):
    game = api.table(rs, decks=([], ["grunt"]))
    api.place(game, "flyer", "a5", 0)
    assert _targets(game, "a5") == ["opponent"]
