"""M4 opening, M5 turn, M6 main phase, M17 time counters, M20 losing."""

from __future__ import annotations

import dataclasses

from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.runtime.decisions import RandomAgent, ScriptedAgent


def test_m4_first_player_by_the_seeded_rng_each_draws_5_no_mulligan(rs):
    firsts = set()
    for seed in range(12):
        game = MechaGame(rs, [RandomAgent(1), RandomAgent(2)], seed=seed,
                         decks=[["grunt"] * 40, ["heavy"] * 40])
        api.run(game, game.opening)
        firsts.add(game.first)
        assert [len(s.hand) for s in game.seats] == [5, 5] and [len(s.deck) for s in game.seats] == [35, 35]
        again = MechaGame(rs, [RandomAgent(1), RandomAgent(2)], seed=seed,
                          decks=[["grunt"] * 40, ["heavy"] * 40])
        api.run(again, again.opening)
        assert again.first == game.first
    assert firsts == {0, 1}
    assert not [e for e in game.events if e["e"] == "decision"]


def test_m4_a_fixed_first_player_draws_on_its_first_turn_unless_the_parameter_says_not(rs):
    game = MechaGame(rs, [ScriptedAgent(), ScriptedAgent()], first=1, decks=[["grunt"] * 40] * 2)
    api.run(game, game.opening)
    api.run(game, game.take_turn)
    assert [len(s.hand) for s in game.seats] == [5, 6]
    no_draw = dataclasses.replace(rs, rules=dataclasses.replace(rs.rules, first_player_draws_turn_one=False))
    game = MechaGame(no_draw, [ScriptedAgent(), ScriptedAgent()], first=1, decks=[["grunt"] * 40] * 2)
    api.run(game, game.opening)
    api.run(game, game.take_turn)
    assert [len(s.hand) for s in game.seats] == [5, 5]


def test_m5_phases_in_order_and_mechas_regain_move_and_attack_at_their_turns_start(rs):
    game = api.table(rs, active=0, decks=(["grunt"] * 3, ["grunt"] * 3))
    mine = api.place(game, "timer", "c3", 0, moved=True, attacked=True)
    theirs = api.place(game, "grunt", "c5", 1, moved=True, attacked=True)
    api.script(game, 0, [("main", ("pass",))])
    events = api.run(game, game.take_turn)
    assert [e["e"] for e in events if e["e"] != "decision"] == ["turn", "time", "draw", "pass", "pass",
                                                                 "end-of-turn"]   # M15 (c), unasked
    assert (mine.moved, mine.attacked) == (False, False) and (theirs.moved, theirs.attacked) == (True, True)
    assert game.active == 1


def test_m5_power_until_end_of_turn_expires_after_the_end_window(rs):
    game = api.table(rs, hands=(["boost"], []), decks=(["grunt"], ["grunt"]))
    grunt = api.place(game, "grunt", "c3", 0)
    api.run(game, lambda: game.act(0, ("command", "boost")))
    assert game.power(grunt) == 3
    api.run(game, game.end_phase)
    assert game.power(grunt) == 1


def test_m6_no_summoning_sickness_by_default_and_the_parameter_adds_it(rs):
    game = api.table(rs, hands=(["grunt"], []))
    api.place(game, "radio-tower", "a1", 0)
    api.place(game, "grunt", "b2", 1)
    api.run(game, lambda: game.act(0, ("play", "grunt", "b1")))
    assert ("attack", "b1", "b2") in game.main_options(0) and ("move", "b1", "c1") in game.main_options(0)
    sick = dataclasses.replace(rs, rules=dataclasses.replace(rs.rules, summoning_sickness=True))
    game = api.table(sick, hands=(["grunt"], []))
    api.place(game, "radio-tower", "a1", 0)
    api.place(game, "grunt", "b2", 1)
    api.run(game, lambda: game.act(0, ("play", "grunt", "b1")))
    assert not [o for o in game.main_options(0) if o[0] in ("move", "attack")]


def test_m6_the_main_phase_runs_actions_one_at_a_time_until_the_player_passes(rs):
    game = api.table(rs, hands=(["radio-tower", "radio-tower", "grunt"], []))
    api.script(game, 0, [("main", ("play", "radio-tower", "a1")), ("main", ("play", "radio-tower", "b1")),
                         ("main", ("play", "grunt", "c1")), ("main", ("move", "c1", "c2"))])
    api.run(game, game.main_phase)       # with only "pass" left there is nothing to ask: the phase ends
    assert game.bandwidth(0) == 2 and api.unit_at(game, "c2").card == "grunt"
    assert not game.agents[0].script


def test_m17_a_unit_loses_one_time_counter_at_its_controllers_turn_start_only(rs):
    game = api.table(rs, active=1, decks=(["grunt"] * 3, ["grunt"] * 3))
    timer = api.place(game, "timer", "c3", 0)
    api.run(game, game.start_phase)
    assert timer.time == 2
    game.active = 0
    api.run(game, game.start_phase)
    assert timer.time == 1 and len(game.seats[0].hand) == 0


def test_m17_the_last_time_counter_triggers_its_ability_once(rs):
    game = api.table(rs, active=0, decks=(["heavy"] * 3, []))
    timer = api.place(game, "timer", "c3", 0, time=1)
    events = api.run(game, game.start_phase)
    assert timer.time == 0 and game.seats[0].hand == ["heavy"]
    assert [e["e"] for e in events] == ["time", "trigger", "draw"]
    api.run(game, game.start_phase)
    assert game.seats[0].hand == ["heavy"]


def test_m17_at_the_start_of_your_turn_abilities_resolve_in_the_start_phase(rs):
    game = api.table(rs, active=0)
    morning = api.place(game, "morning", "c3", 0)
    api.run(game, game.start_phase)
    assert morning.armour == 1


def test_m20_drawing_from_an_empty_deck_loses(rs):
    game = api.table(rs, active=0, decks=([], ["grunt"]))
    api.run(game, game.draw_phase)
    assert (game.finished, game.winner, game.reason) == (True, 1, "deck-out")


def test_m20_five_damage_cards_lose(rs):
    game = api.table(rs, decks=([], ["grunt"] * 10))
    game.seats[1].damage = ["grunt"] * 4
    api.place(game, "grunt", "c5", 0)
    api.run(game, lambda: game.act(0, ("attack", "c5", "opponent")))
    assert (game.winner, game.reason) == (0, "damage")


def test_m20_attacked_directly_with_an_empty_deck_loses_at_once(rs):
    game = api.table(rs, decks=([], []))
    api.place(game, "grunt", "c5", 0)
    api.run(game, lambda: game.act(0, ("attack", "c5", "opponent")))
    assert (game.winner, game.reason) == (0, "attacked-with-empty-deck")


def test_m20_a_full_entry_zone_loses_at_the_end_of_the_start_phase(rs):
    game = api.table(rs, active=0, decks=(["grunt"], ["grunt"]))
    for i, col in enumerate("abcdefg"):
        api.place(game, "radio-tower", f"{col}1", i % 2)   # towers of either player fill a cell
    api.run(game, game.start_phase)
    assert (game.winner, game.reason) == (1, "entry-zone-full")


def test_m20_an_entry_zone_cell_with_your_own_mecha_does_not_fill_it(rs):
    game = api.table(rs, active=0, decks=(["grunt"], ["grunt"]))
    for col in "abcdef":
        api.place(game, "grunt", f"{col}1", 1)             # enemy mechas fill it
    api.place(game, "grunt", "g1", 0)                      # own mecha: movable, does not
    api.run(game, game.start_phase)
    assert not game.finished


def test_m20_both_players_losing_in_the_same_event_is_a_draw(rs):
    game = api.table(rs, active=0, hands=(["flood"], []), decks=([], []))
    api.script(game, 1, [])
    api.script(game, 0, [("window", ("command", "flood"))])
    game.active = 1                                          # the End window: the non-active (0) first
    api.run(game, game.end_phase)
    assert (game.finished, game.winner) == (True, None) and game.reason.startswith("draw")


def test_m20_every_game_ends_well_below_the_step_cap(core):
    for seed in range(30):
        game = MechaGame(core, [RandomAgent(seed), RandomAgent(seed + 99)], seed=seed)
        game.play()
        assert game.finished and game.steps < core.rules.step_cap // 10
