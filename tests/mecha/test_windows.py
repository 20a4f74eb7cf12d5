"""M15 the three response windows, M7 triggered abilities' order."""

from __future__ import annotations

from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha import decisions as K


def _asked(game):
    game.asked = []
    return game.asked


def test_m15a_the_active_player_plays_commands_in_its_main_phase(rs):
    game = api.table(rs, hands=(["zap", "boost", "shield", "flood"], []))
    api.place(game, "grunt", "c3", 0)
    api.place(game, "heavy", "c4", 1)
    commands = [o for o in game.main_options(0) if o[0] == "command"]
    assert commands == [("command", "zap"), ("command", "boost")]   # shield: attack only; flood: end only


def test_m15a_a_command_with_no_legal_target_is_not_offered(rs):
    game = api.table(rs, hands=(["zap", "boost"], []))
    assert [o for o in game.main_options(0) if o[0] == "command"] == []


def test_m15b_attack_window_defender_first_then_alternating_until_both_pass_in_a_row(rs):
    game = api.table(rs, active=0, hands=(["boost", "boost"], ["shield", "shield"]))
    api.place(game, "grunt", "c3", 0)
    target = api.place(game, "heavy", "c4", 1)
    api.script(game, 1, [("window", ("command", "shield")), ("window", ("command", "shield"))])
    api.script(game, 0, [("window", ("command", "boost")), ("window", ("pass",))])
    asked = _asked(game)
    api.run(game, lambda: game.act(0, ("attack", "c3", "c4")))
    assert [(d.kind, d.player) for d in asked if d.kind == K.WINDOW] == [
        ("window", 1), ("window", 0), ("window", 1), ("window", 0)]
    # 1 has no command left: its last pass is automatic; the boosted attack met the second armour
    assert (target.armour, target.durability) == (1, 3)


def test_m15b_the_attacker_may_answer_the_defenders_command_in_the_same_window(rs):
    game = api.table(rs, active=0, hands=(["boost"], ["shield"]))
    api.place(game, "grunt", "c3", 0)
    target = api.place(game, "heavy", "c4", 1)
    api.script(game, 1, [("window", ("command", "shield"))])
    api.script(game, 0, [("window", ("pass",))])
    api.run(game, lambda: game.act(0, ("attack", "c3", "c4")))
    assert (target.armour, target.durability) == (0, 3)


def test_m15b_a_boost_in_the_attack_window_adds_to_the_resolving_power(rs):
    game = api.table(rs, active=0, hands=(["boost"], []))
    api.place(game, "grunt", "c3", 0)
    target = api.place(game, "heavy", "c4", 1)
    api.script(game, 0, [("window", ("command", "boost"))])
    api.run(game, lambda: game.act(0, ("attack", "c3", "c4")))
    assert target.durability == 0


def test_m15c_end_window_the_non_active_player_first(rs):
    game = api.table(rs, active=0, hands=(["bomb"], ["bomb"]), decks=(["grunt"], ["grunt"]))
    api.place(game, "radio-tower", "a1", 0)
    api.place(game, "radio-tower", "a5", 1)
    api.script(game, 1, [("window", ("command", "bomb"))])
    api.script(game, 0, [("window", ("pass",))])
    asked = _asked(game)
    api.run(game, game.end_phase)
    # 1 (non-active) first; its bomb has one enemy tower to hit, so no target decision; then 0 passes,
    # and 1, with no command left, passes without being asked: both passed in a row
    assert [d.player for d in asked] == [1, 0] and api.unit_at(game, "a1") is None


def test_m15_no_commands_in_the_start_or_draw_phases(rs):
    game = api.table(rs, active=0, hands=(["boost", "shield", "zap", "flood", "bomb"],) * 2,
                     decks=(["grunt"] * 3, ["grunt"] * 3))
    api.place(game, "grunt", "c3", 0)
    api.place(game, "radio-tower", "c5", 1)
    asked = _asked(game)
    api.run(game, game.start_phase)
    api.run(game, game.draw_phase)
    assert asked == []


def test_m15_a_command_resolves_before_anyone_can_answer_it(rs):
    game = api.table(rs, active=0, hands=(["zap"], ["shield"]))
    api.place(game, "grunt", "c3", 1)
    events = api.run(game, lambda: game.act(0, ("command", "zap")))
    assert [e["e"] for e in events] == ["command", "damage", "destroyed", "discard"]


def test_m7_the_active_players_triggers_first_in_the_order_it_picks_then_the_others(rs):
    game = api.table(rs, active=0, decks=(["grunt"] * 5, ["grunt"] * 5))
    api.place(game, "timer", "a3", 0, time=1)
    api.place(game, "morning", "b3", 0)
    api.script(game, 0, [("trigger-order", ("morning", "b3", "turn-start"))])
    events = api.run(game, game.start_phase)
    order = [e["card"] for e in events if e["e"] == "trigger"]
    assert order == ["morning", "timer"]


def test_m7_destroyed_triggers_of_both_players_active_first(rs):
    game = api.table(rs, active=0, hands=(["zap"], []))
    api.place(game, "martyr", "c3", 1)          # when destroyed: 1 damage to an enemy unit (of 1's)
    mine = api.place(game, "grunt", "a3", 0)
    api.run(game, lambda: game.act(0, ("command", "zap")))
    api.run(game, game.resolve_pending)
    assert mine.durability == 1


def test_m7_each_ability_resolves_fully_before_the_next_starts(rs):
    game = api.table(rs, active=0, decks=(["grunt"] * 5, ["grunt"] * 5))
    api.place(game, "timer", "a3", 0, time=1)
    api.place(game, "timer", "b3", 0, time=1)
    api.script(game, 0, [("trigger-order", ("timer", "b3", "last-time-counter"))])
    events = api.run(game, game.start_phase)
    kinds = [e["e"] for e in events if e["e"] in ("trigger", "draw")]
    assert kinds == ["trigger", "draw", "trigger", "draw"]
