"""Execution and movement: walls (T6), jumps (T7), entering a zone in T8's order, Ad Hoc blocking (T11)."""

from __future__ import annotations

from engine_helpers import kinds, two_players

from rulecraft.plugins.tem import api


def test_t6_a_move_into_a_wall_stays_and_still_performs_the_action(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c2")
    events = api.play_card(game, 0, "red-collect", "N")
    assert game.players[0].pos == api.cell(game, "r0c2")
    assert next(e for e in events if e["e"] == "move")["wall"] is True
    assert (game.players[0].energy, game.players[0].credits) == (4, 4)   # the Base gives both


def test_t6_a_cell_without_a_zone_is_a_wall(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r0c1")
    api.play_card(game, 0, "red-collect", "W")     # r0c0 is a hole in the arena
    assert game.players[0].pos == api.cell(game, "r0c1")


def test_t7_double_jump_ignores_the_zone_jumped_over(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2")
    api.place_token(game, "r1c2", owner=1, kind="mine", number=4)
    events = api.play_card(game, 0, "red-double-jump", "E")
    assert game.players[0].pos == api.cell(game, "r1c3")
    assert game.players[0].health == 5
    assert not kinds(events, "combat-start", "mine", "damage")


def test_t7_a_jump_into_an_enemy_opens_with_a_power_attack(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r0c2")
    rec = game.agents[0]
    api.script(game, 0, [("attack", ("energy-sword", True))])
    api.script(game, 1, [("attack", ("energy-sword", False))])
    api.script(game, 0, [("zone", "r0c1")])
    events = api.play_card(game, 0, "red-diagonal-jump", "NE")
    first_attack = next(d for d in rec.asked if d.kind == "attack")
    assert first_attack.options == (("energy-sword", True),)       # only the Power Attack (T7)
    attack = next(e for e in events if e["e"] == "attack")
    assert attack["power"] and attack["damage"] == 3
    assert game.players[1].health == 3


def test_t8_mine_then_combat_and_the_mine_returns_to_its_owner(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2")
    api.place_token(game, "r1c2", owner=1, kind="mine", number=2)     # zone-6: value 1
    api.script(game, 0, [("attack", ("energy-sword", False))])
    api.script(game, 1, [("attack", ("energy-sword", False))])
    events = api.play_card(game, 0, "red-collect", "E")
    assert kinds(events, "mine", "combat-start", "ko") == ["mine", "combat-start", "ko"]
    mine = next(e for e in events if e["e"] == "mine")
    assert mine["damage"] == 1 + 2                                      # zone value + number (T8)
    assert sorted(game.players[1].mine_supply) == [1, 2, 3, 4]
    assert not kinds(events, "collect")                                 # Combat: no action (T13)


def test_t8_t9_a_mine_ko_stops_the_move_before_combat_and_scores_its_owner(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1", health=2)
    api.set_player(game, 1, at="r1c2")
    api.place_token(game, "r1c2", owner=1, kind="mine", number=4)
    events = api.play_card(game, 0, "red-collect", "E")
    assert not kinds(events, "combat-start", "collect")
    assert game.players[1].vp == 1                                      # T2: a Mine that KOs scores 1
    assert game.players[0].pos == game.players[0].base                  # a KO'd Pilot respawns at Base
    assert game.players[0].ad_hoc                                       # T9: Ad Hoc Mode


def test_t8_the_turret_fires_after_combat_only_if_the_attacker_stayed(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1", owned=["energy-sword", "pulse-pistol"],
                   equipped=["energy-sword", "pulse-pistol"])
    api.set_player(game, 1, at="r1c2")
    api.place_token(game, "r1c2", owner=1, kind="turret")
    both = ("energy-sword", "pulse-pistol")
    api.script(game, 0, [("equip", both), ("attack", ("energy-sword", False)),
                         ("attack", ("pulse-pistol", True))])
    api.script(game, 1, [("attack", ("energy-sword", False)), ("zone", "r0c2")])
    api.script(game, 0, [("equip", both)])
    events = api.play_card(game, 0, "red-collect", "E")
    assert kinds(events, "retreat", "turret") == ["retreat", "turret"]
    assert game.players[0].health == 5 - 2 - 1                          # sword, then the zone's value
    assert game.players[1].turret_supply == 3                           # survived: the Turret returns


def test_t8_your_own_mine_does_nothing_to_you(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1")
    api.place_token(game, "r1c2", owner=0, kind="mine", number=4)
    events = api.play_card(game, 0, "red-collect", "E")
    assert not kinds(events, "mine", "damage")
    assert api.cell(game, "r1c2") in game.tokens


def test_t11_first_ad_hoc_turn_an_enemy_blocks_like_a_wall(tiny):
    game = two_players(tiny)
    api.set_player(game, 0, at="r1c1", ad_hoc=True, ad_hoc_first=True)
    api.set_player(game, 1, at="r1c2")
    events = api.play_card(game, 0, "red-collect", "E")
    assert game.players[0].pos == api.cell(game, "r1c1")
    assert kinds(events, "blocked", "collect") == ["blocked", "collect"]
    assert not kinds(events, "combat-start")
    assert game.players[0].ad_hoc_first is False
