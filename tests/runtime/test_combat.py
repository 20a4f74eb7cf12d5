"""Combat (T13), VP (T2), retreat (T10), KO by status, the Mighty Mech, scoring (T14) and tie-breaks (T15)."""

from __future__ import annotations

from engine_helpers import kinds, two_players

from rulecraft.plugins.tem import api


def fight(game, mover_script, defender_script, card="red-collect", orientation="E"):
    api.script(game, 0, mover_script)
    api.script(game, 1, defender_script)
    return api.play_card(game, 0, card, orientation)


def test_t2_mover_scores_on_starting_combat_and_per_damage_capped_at_remaining_health(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2", health=1)
    events = fight(game, [("attack", ("energy-sword", False))], [])
    sources = [(e["source"], e["vp"]) for e in events if e["e"] == "vp" and e["player"] == 0]
    assert sources == [("combat-start", 1), ("damage", 1), ("ko", 1)]   # 2 damage, 1 health left


def test_t13_power_attack_only_when_the_type_counters_the_last_attack(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2", owned=["pulse-pistol"], equipped=["pulse-pistol"])
    fight(game, [("attack", ("energy-sword", False)), ("zone", "r1c1")],
          [("attack", ("pulse-pistol", True))])
    asked = next(d for d in game.agents[1].asked if d.kind == "attack")
    # Ranged counters Melee: the Pulse Pistol may answer the Energy Sword with its Power Attack
    assert asked.options == (("pulse-pistol", False), ("pulse-pistol", True))
    mover_first = next(d for d in game.agents[0].asked if d.kind == "attack")
    assert mover_first.options == (("energy-sword", False),)           # nobody attacked the mover yet


def test_t13_exhausted_weapons_force_a_retreat_the_opponent_scores_and_ad_hoc(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2", status="power-armor")
    events = fight(game, [("attack", ("energy-sword", False)), ("zone", "r1c1")],
                   [("attack", ("energy-sword", False))])
    assert kinds(events, "retreat") == ["retreat"]
    retreat_vp = [e for e in events if e["e"] == "vp" and e["source"] == "retreat"]
    assert retreat_vp[0]["player"] == 1
    p = game.players[0]
    assert p.pos == api.cell(game, "r1c1") and p.ad_hoc and p.ad_hoc_first
    assert not kinds(events, "collect")                                 # the mover never acts (T13)


def test_ko_of_a_pilot_respawns_at_base_with_the_resource_floor(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2", health=2, energy=0, credits=1)
    fight(game, [("attack", ("energy-sword", False))], [])
    p = game.players[1]
    assert (p.pos, p.health, p.energy, p.credits) == (p.base, 6, 2, 2)
    assert p.ad_hoc


def test_ko_of_power_armor_strips_to_pilot_at_the_closest_non_hostile_zone(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2", status="power-armor", health=2,
                   owned=["energy-sword", "warhammer"], equipped=["energy-sword", "warhammer"])
    fight(game, [("attack", ("energy-sword", False))], [("zone", "r0c2")])
    p = game.players[1]
    assert (p.status, p.health, p.pos) == ("pilot", 6, api.cell(game, "r0c2"))
    assert p.equipped == ["energy-sword"]                               # a Pilot holds no Advanced (T12)


def test_ko_of_the_mighty_mech_surrenders_it_to_the_ko_er(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1", status="power-armor", owned=["energy-sword", "warhammer"],
                   equipped=["energy-sword", "warhammer"])
    api.set_player(game, 1, owned=["energy-sword", "lightning-coil"])
    api.set_mech(game, "r1c2", controller=1)
    api.set_player(game, 1, health=2)
    events = fight(game, [("equip", ("energy-sword", "warhammer")), ("attack", ("warhammer", False)),
                          ("take-mech", "troy-3000")], [("zone", "r0c2")])
    p0, p1 = game.players
    assert (p0.status, p0.health, game.mech_controller) == ("mighty-mech", 11, 0)
    assert p1.status == "pilot" and p1.pos != p0.pos
    assert ("mech-enter", 2) in [(e["source"], e["vp"]) for e in events if e["e"] == "vp"]


def test_a_full_health_power_armor_takes_the_empty_mighty_mech(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c2", status="power-armor", owned=["energy-sword", "warhammer"])
    api.script(game, 0, [("equip", ("energy-sword",)), ("take-mech", "sparta-3000")])
    api.play_card(game, 0, "red-collect", "S")
    p = game.players[0]
    assert (p.status, p.health, p.mech_side, p.vp) == ("mighty-mech", 11, "sparta-3000", 2)
    assert p.equipped == ["warhammer"]                                  # the Mech holds Advanced only
    api.play_card(game, 0, "red-collect-2", "S")
    assert game.mech_pos == p.pos == api.cell(game, "r3c2")            # it goes where its pilot goes


def test_a_damaged_power_armor_cannot_take_the_mighty_mech(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c2", status="power-armor", health=8, owned=["energy-sword", "warhammer"],
                   equipped=["energy-sword"])
    api.script(game, 0, [("equip", ("energy-sword",)), ("equip", ("energy-sword",))])
    api.play_card(game, 0, "red-collect", "S")
    assert game.mech_controller is None
    assert not [d for d in game.agents[0].asked if d.kind == "take-mech"]


def test_t14_scoring_rounds_score_zones_mines_turrets_and_the_mech(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")                                 # zone-2: value 3
    api.place_token(game, "r1c3", owner=0, kind="mine", number=1)      # zone-4: value 2
    api.place_token(game, "r0c1", owner=0, kind="turret")              # zone-0: value 1, doubled
    game.round = 2
    game.end_round()
    assert game.players[0].vp == 3 + 2 + 2
    game.round = 3
    game.end_round()
    assert game.players[0].vp == 7                                      # round 3 does not score


def test_t12_only_purchased_weapons_score_at_game_end_and_t15_tie_breaks(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, vp=10, owned=["energy-sword", "warhammer"], purchased=["warhammer"])
    api.set_player(game, 1, vp=12, owned=["energy-sword", "advanced-1"])   # not bought: no VP
    standings = game.finish()
    assert game.players[0].vp == 12 and game.players[1].vp == 12
    assert [(s.rank, s.result, s.share) for s in standings] == [(1, "shared", 0.5)] * 2   # same weapons
    game = two_players(tiny)
    api.set_player(game, 0, vp=5, owned=["energy-sword", "warhammer", "advanced-2"])
    api.set_player(game, 1, vp=5)
    standings = game.finish()
    assert [(s.seat, s.rank, s.result) for s in standings] == [(0, 1, "win"), (1, 2, "loss")]   # most weapons
    assert standings[0].keys == (5, 0, 3)           # the chain: VP, the Mech's controller, weapons owned


def test_t9_a_mighty_mech_kod_by_a_mine_stays_in_that_zone_empty(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, owned=["energy-sword", "warhammer"])
    api.set_mech(game, "r1c1", controller=0)
    api.set_player(game, 0, health=2)
    api.place_token(game, "r1c2", owner=1, kind="mine", number=1)      # zone-6: value 1, 2 damage
    api.script(game, 0, [("zone", "r0c2")])
    events = api.play_card(game, 0, "red-collect", "E")
    p = game.players[0]
    assert game.mech_controller is None and game.mech_pos == api.cell(game, "r1c2")
    assert p.status == "pilot" and p.pos != api.cell(game, "r1c2") and p.equipped == ["energy-sword"]
    assert kinds(events, "mine", "ko", "mech-lost") == ["mine", "ko", "mech-lost"]
    assert game.players[1].vp == 1                                      # the Mine's owner scores (T2)


def test_t2_damage_vp_uncapped_when_the_rule_parameter_says_so():
    import rulesets

    game = two_players(rulesets.ruleset(vp_damage_capped=False))
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2", health=1)
    events = fight(game, [("attack", ("energy-sword", False))], [])
    assert ("damage", 2) in [(e["source"], e["vp"]) for e in events if e["e"] == "vp" and e["player"] == 0]

