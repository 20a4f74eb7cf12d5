"""Robot Pilots (solo mode) rule tests: RULINGS R1-R8, through the scenario API and whole solo games.

Every test names the ruling it pins. Tables are the 3-player arena (R1) with known zones:

    r0: .  c1(1)  RED-BASE  c1(1)  .
    r1: .  e2     c2        e2     .
    r2: GREEN-BASE  e1  MECH(3)  e1  BLUE-BASE
    r3: .  e3     c2        c3     .
    r4: .  e2     d1        c3     .

Red (seat 0) is the human, Blue (seat 1) Robot A, Green (seat 2) Robot B.
"""

from __future__ import annotations

import pytest
from invariants import InvariantChecker

from rulecraft.plugins.tem import api
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.robot_pilots import (
    LOADOUTS,
    SOLO_TARGET,
    RobotSeat,
    facing,
    robot_hooks,
    robots,
    solo_game,
)
from rulecraft.plugins.wiring import plugin_names
from rulecraft.runtime.decisions import RandomAgent, RecordedAgent, ScriptedAgent
from rulecraft.runtime.games import agents_for, engine_for
from rulecraft.runtime.logs import dumps
from rulecraft.runtime.outcomes import of_seat

HOOKS = robot_hooks(installed=False)
ZONES = {"r0c1": "credits-1-a", "r0c3": "credits-1-b", "r1c1": "energy-2-a", "r1c2": "credits-2-a",
         "r1c3": "energy-2-b", "r2c1": "energy-1-a", "r2c3": "energy-1-b", "r3c1": "energy-3-a",
         "r3c2": "credits-2-b", "r3c3": "credits-3-a", "r4c1": "energy-2-c", "r4c2": "dual-1-a",
         "r4c3": "credits-3-b"}
RED, BLUE, GREEN = 0, 1, 2


def solo(core, zones=None, **kwargs) -> Game:
    """R1's table without its random setup (the table runs the plugin's setup hooks for the Robots): Red
    human at r0c2, Blue (A) at r2c4, Green (B) at r2c0."""
    agents = [ScriptedAgent(), RobotSeat("blue"), RobotSeat("green")]
    game = api.table(core, colours=("red", "blue", "green"), agents=agents, hooks=HOOKS,
                     zones={**ZONES, **(zones or {})},
                     bases={"red": "r0c2", "blue": "r2c4", "green": "r2c0"}, **kwargs)
    api.set_player(game, RED, pilot="maverick")
    return game


def face(game, seat, direction):
    api.set_player(game, seat, facing=direction)


def at(game, seat) -> str:
    return game.board.name(game.players[seat].pos)


def kinds(events, *names):
    return [e for e in events if e["e"] in names]


# --- R1 setup ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def solo_played(core):
    game = solo_game(core, RandomAgent("human"), seed=7, hooks=HOOKS)
    game.play()
    return game


def test_r1_solo_setup_places_human_north_and_robots_in_power_armor(core):
    """R1: the 3-player arena, the human on the north-most Base, Robots in full Power Armor with 3/3."""
    game = solo_game(core, RandomAgent(1), seed=3, hooks=HOOKS)
    game.setup()
    assert game.board.arena.id == "arena-3p"
    red, blue, green = game.players
    assert game.board.name(red.base) == "r0c2"
    assert {game.board.name(blue.base), game.board.name(green.base)} == {"r2c4", "r2c0"}
    for robot in (blue, green):
        assert (robot.status, robot.health, robot.pilot) == ("power-armor", 9, None)
        assert (robot.energy, robot.credits) == (3, 3)
        assert game.tokens[robot.base].owner == robot.seat and game.tokens[robot.base].kind == "mine"
        assert facing(game, robot) == "N"


def test_r1_loadouts_a_left_b_right(core):
    """R1: Robot A (the left one, next clockwise) Pulse Pistol + Energy Sword; Robot B Pulse Pistol +
    Grenade Launcher; the left Robot takes the next Base clockwise (east)."""
    game = solo_game(core, RandomAgent(1), seed=4, hooks=HOOKS)
    game.setup()
    assert game.players[BLUE].equipped == list(LOADOUTS["A"]) == ["pulse-pistol", "energy-sword"]
    assert game.players[GREEN].equipped == list(LOADOUTS["B"]) == ["pulse-pistol", "grenade-launcher"]
    assert game.board.name(game.players[BLUE].base) == "r2c4"
    assert game.board.name(game.players[GREEN].base) == "r2c0"
    taken = sum(p.owned.count("pulse-pistol") for p in game.players)
    assert game.piles["pulse-pistol"] == 3 - taken


def test_r1_robots_get_no_pilot_decision(core):
    """R1: Robots have no pilot card: only the human is asked to keep a pilot."""
    asked = []
    game = solo_game(core, RandomAgent(2), seed=5, hooks=HOOKS,
                     listeners=[lambda e: asked.append(e) if e["e"] == "decision" else None])
    game.setup()
    assert [e["player"] for e in asked if e["kind"] == "pilot"] == [RED]
    assert game.players[BLUE].dealt_pilots == ()


def test_r1_turn_order_human_then_left_then_right_every_round(solo_played):
    """R1: each round the human plays first, then the left Robot, then the right Robot."""
    starts = [e["starting_player"] for e in solo_played.events if e["e"] == "round-start"]
    assert starts == [RED] * 6
    reveals = [e for e in solo_played.events if e["e"] == "reveal" and e["round"] == 3 and e["turn"] == 2]
    assert [e["player"] for e in reveals] == [RED, BLUE, GREEN]


# --- R2 program and movement ------------------------------------------------------------------
def test_r2_collect_moves_forward_whatever_the_arrow(core):
    """R2: Collect: forward 1 (the card's arrow is ignored)."""
    game = solo(core)
    api.set_player(game, BLUE, at="r3c1")
    face(game, BLUE, "N")
    api.play_card(game, BLUE, "blue-collect", "S")
    assert at(game, BLUE) == "r2c1" and facing(game, game.players[BLUE]) == "N"


def test_r2_deploy_goes_to_the_highest_valued_seen_zone(core):
    """R2: Deploy: to the highest-valued of forward/left/right; then faces the way it moved."""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2", credits=5)
    face(game, GREEN, "N")   # forward r3c2 (2), left r4c1 (2), right r4c3 (3)
    api.play_card(game, GREEN, "green-deploy-mine", "N")
    assert at(game, GREEN) == "r4c3" and facing(game, game.players[GREEN]) == "E"
    assert game.tokens[api.cell(game, "r4c3")].owner == GREEN


def test_r2_ties_go_forward(core):
    """R2: ties go forward: r3c2 and r4c1 both hold value 2 below r4c3's 3 for Purchase (lowest)."""
    game = solo(core, zones={"r4c3": "credits-2-c"})
    api.set_player(game, GREEN, at="r4c2")
    face(game, GREEN, "N")   # forward r3c2 (2), left r4c1 (2), right r4c3 (2)
    api.play_card(game, GREEN, "green-purchase", "W")
    assert at(game, GREEN) == "r3c2"


def test_r2_purchase_and_power_up_go_to_the_lowest_valued_seen_zone(core):
    """R2: Purchase / Power Up: to the lowest-valued seen zone, here the left one."""
    game = solo(core, zones={"r4c1": "credits-1-a", "r0c1": "energy-2-c"})
    api.set_player(game, GREEN, at="r4c2")
    face(game, GREEN, "N")   # forward r3c2 (2), left r4c1 (1), right r4c3 (3)
    api.play_card(game, GREEN, "green-power-up", "N")
    assert at(game, GREEN) == "r4c1" and facing(game, game.players[GREEN]) == "W"


def test_r2_blocked_by_a_wall_turns_around(core):
    """R2: blocked by a wall: turn 180 degrees and move forward 1."""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2")
    face(game, GREEN, "S")
    api.play_card(game, GREEN, "green-collect", "E")
    assert at(game, GREEN) == "r3c2" and facing(game, game.players[GREEN]) == "N"


def test_r2_r7_blocked_by_the_other_robot_turns_around(core):
    """R2, R7: the other Robot blocks like a wall; a Robot never enters its zone."""
    game = solo(core)
    api.set_player(game, BLUE, at="r1c2")
    api.set_player(game, GREEN, at="r1c3")
    face(game, BLUE, "E")
    events = api.play_card(game, BLUE, "blue-collect", "E")
    assert at(game, BLUE) == "r1c1" and facing(game, game.players[BLUE]) == "W"
    assert not kinds(events, "combat-start")


def test_r2_blocked_both_ways_stays_facing_back(core):
    """R2 (designed detail): blocked ahead and behind, the Robot stays, facing back; it still acts."""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2")
    api.set_player(game, BLUE, at="r3c2")
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert at(game, GREEN) == "r4c2" and facing(game, game.players[GREEN]) == "S"
    assert kinds(events, "collect")


def test_r2_diagonal_jump_into_the_humans_zone_at_any_distance(core):
    """R2: Diagonal Jump lands in the human's zone on a diagonal two zones away; it faces the human's Base
    (east from r0c1), and Combat opens with its Power Attack (T7)."""
    game = solo(core)
    api.set_player(game, RED, at="r0c1", health=1)
    api.set_player(game, BLUE, at="r2c3")
    events = api.play_card(game, BLUE, "blue-diagonal-jump", "SW")
    assert kinds(events, "move")[0]["to"] == "r0c1"
    assert [e["facing"] for e in kinds(events, "robot-facing") if e["why"] == "jump"] == ["E"]
    attack = kinds(events, "attack")[0]
    assert attack["player"] == BLUE and attack["power"] is True


def test_r2_diagonal_jump_without_the_human_on_a_diagonal_does_not_move(core):
    """R2: no human on a diagonal: no move."""
    game = solo(core)
    api.set_player(game, RED, at="r0c2")
    api.set_player(game, BLUE, at="r3c2")
    api.play_card(game, BLUE, "blue-diagonal-jump", "NE")
    assert at(game, BLUE) == "r3c2"


def test_r2_double_jump_along_the_column_at_any_distance(core):
    """R2: Double Jump into the human's zone in the same column, three zones away."""
    game = solo(core)
    api.set_player(game, RED, at="r1c2", health=1)
    api.set_player(game, GREEN, at="r4c2")
    events = api.play_card(game, GREEN, "green-double-jump", "E")
    assert kinds(events, "move")[0]["to"] == "r1c2"
    assert kinds(events, "combat-start")


def test_r2_double_jump_without_the_human_in_line_does_not_move(core):
    """R2: the human shares neither row nor column: no move."""
    game = solo(core)
    api.set_player(game, RED, at="r0c1")
    api.set_player(game, GREEN, at="r4c2")
    api.play_card(game, GREEN, "green-double-jump", "N")
    assert at(game, GREEN) == "r4c2"


def test_r2_program_is_the_top_of_a_stack_reshuffled_each_round(solo_played):
    """R2: each round a Robot plays 4 distinct cards of its 8, from a fresh shuffle."""
    programs = [e["answer"] for e in solo_played.events
                if e["e"] == "decision" and e["kind"] == "program" and e["player"] == BLUE]
    assert len(programs) == 6
    for program in programs:
        assert len({card for card, _ in program}) == 4
    assert len({tuple(c for c, _ in program) for program in programs}) > 1


# --- R3 actions -------------------------------------------------------------------------------
def test_r3_deploy_on_a_taken_zone_collects_instead(core):
    """R3: Deploy only if the zone holds no Mine or Turret; otherwise Collect. (The other Robot's Turret
    stays put, R7.)"""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2", credits=5, energy=0)
    api.place_token(game, "r4c3", BLUE, "turret")
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-deploy-mine", "N")
    assert [e["why"] for e in kinds(events, "robot-collects")] == ["zone-taken"]
    assert kinds(events, "collect") and game.players[GREEN].mine_supply == [1, 2, 3, 4]


def test_r3_deploy_unaffordable_collects(core):
    """R3: Deploy only if it can pay (a Turret costs Energy = zone value, T1)."""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2", energy=2)
    face(game, GREEN, "N")   # goes to r4c3 (value 3)
    events = api.play_card(game, GREEN, "green-deploy-turret", "N")
    assert [e["why"] for e in kinds(events, "robot-collects")] == ["cannot-afford"]
    assert game.players[GREEN].credits == 4   # it controls r4c3 only (a Credits zone)


def test_r3_deploy_without_an_unplaced_token_collects(core):
    """R3: Deploy only with an unplaced token: a Robot never moves a deployed one."""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2", credits=9, mine_supply=[])
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-deploy-mine", "N")
    assert [e["why"] for e in kinds(events, "robot-collects")] == ["no-token"]


def test_r3_purchase_cheapest_affordable_advanced(core):
    """R3: the cheapest affordable Advanced weapon (Buzz Saw, 3 Credits)."""
    game = solo(core)
    api.set_market(game, row=["rail-gun", "missile-pod", "buzz-saw", "warhammer"], deck=["flamethrower"])
    api.set_player(game, GREEN, at="r4c2", credits=5, energy=3)
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-purchase", "N")
    assert [e["weapon"] for e in kinds(events, "purchase")] == ["buzz-saw"]


def test_r3_purchase_ties_go_to_the_leftmost(core):
    """R3: Lightning Coil (3 Energy) and Buzz Saw (3 Credits) cost the same: the leftmost is bought."""
    game = solo(core)
    api.set_market(game, row=["rail-gun", "lightning-coil", "buzz-saw", "warhammer"], deck=["flamethrower"])
    api.set_player(game, GREEN, at="r4c2", credits=3, energy=3)
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-purchase", "N")
    assert [e["weapon"] for e in kinds(events, "purchase")] == ["lightning-coil"]


def test_r3_no_purchase_with_four_advanced(core):
    """R3: a Robot owning 4 Advanced weapons Collects instead of buying."""
    game = solo(core)
    four = ["buzz-saw", "missile-pod", "warhammer", "aegis-shield"]
    api.set_player(game, GREEN, at="r4c2", credits=9, energy=9, owned=[*LOADOUTS["B"], *four])
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-purchase", "N")
    assert not kinds(events, "purchase")
    assert [e["why"] for e in kinds(events, "robot-collects")] == ["owns-4-advanced"]


def test_r3_purchase_nothing_affordable_collects(core):
    """R3: no affordable Advanced weapon: Collect."""
    game = solo(core)
    api.set_market(game, row=["rail-gun", "plasma-cannon", "warhammer", "missile-pod"])
    api.set_player(game, GREEN, at="r4c2", credits=1, energy=1)
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-purchase", "N")
    assert [e["why"] for e in kinds(events, "robot-collects")] == ["cannot-afford"]


def test_r3_power_up_heals_to_full(core):
    """R3: Power Up heals to full (T1: +2 health per Energy)."""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2", health=3, energy=5)
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-power-up", "N")
    assert [e["paid"] for e in kinds(events, "heal")] == [3]
    assert game.players[GREEN].health == 9 and game.players[GREEN].energy == 2


def test_r3_power_up_at_full_health_collects(core):
    """R3: already at full health: Collect instead."""
    game = solo(core)
    api.set_player(game, GREEN, at="r4c2")
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-power-up", "N")
    assert [e["why"] for e in kinds(events, "robot-collects")] == ["full-health"]


def test_r3_more_than_two_advanced_equips_two_at_random(core):
    """R3: with a third Advanced weapon in Power Armor it equips 2 Advanced of the 3 (and its Basics)."""
    game = solo(core)
    api.set_market(game, row=["buzz-saw", "rail-gun", "plasma-cannon", "sniper-rifle"], deck=["warhammer"])
    owned = [*LOADOUTS["B"], "missile-pod", "aegis-shield"]
    api.set_player(game, GREEN, at="r4c2", credits=5, energy=0, owned=owned, equipped=owned)
    face(game, GREEN, "N")
    api.play_card(game, GREEN, "green-purchase", "N")
    equipped = game.players[GREEN].equipped
    assert "buzz-saw" in game.players[GREEN].owned
    assert set(LOADOUTS["B"]) <= set(equipped) and len(equipped) == 4
    assert len(set(equipped) & {"missile-pod", "aegis-shield", "buzz-saw"}) == 2


# --- R4 combat --------------------------------------------------------------------------------
def test_r4_robot_reshuffle_in_a_long_fight(core):
    """R4: a Robot with one weapon against a tough human flips, reshuffles and flips again."""
    game = solo(core)
    api.set_player(game, RED, at="r3c2", status="power-armor", owned=["riot-shield", "energy-sword"],
                   equipped=["riot-shield", "energy-sword"])
    api.set_player(game, GREEN, at="r4c2", equipped=["pulse-pistol"], owned=["pulse-pistol"], energy=0)
    face(game, GREEN, "N")
    api.script(game, RED, [("attack", ("energy-sword", False)), ("attack", ("riot-shield", False)),
                           ("zone", "r3c1")])
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert len(kinds(events, "robot-reshuffle")) == 2
    assert [e["player"] for e in kinds(events, "retreat")] == [RED]
    assert [e["weapon"] for e in kinds(events, "attack") if e["player"] == GREEN] == ["pulse-pistol"] * 3


def test_r4_pays_the_most_for_boosts(core):
    """R4: Lightning Coil: pay up to 3 Energy for +1 damage each; the Robot pays all 3."""
    game = solo(core)
    api.set_player(game, RED, at="r3c2", status="power-armor", owned=["energy-sword"])
    api.set_player(game, GREEN, at="r4c2", energy=3, owned=["lightning-coil"], equipped=["lightning-coil"])
    face(game, GREEN, "N")
    api.script(game, RED, [("attack", ("energy-sword", False)), ("zone", "r3c1")])
    events = api.play_card(game, GREEN, "green-collect", "N")
    first = kinds(events, "damage")[0]
    assert first["by"] == GREEN and first["amount"] == 3
    assert game.players[GREEN].energy == 0


def test_r4_takes_a_may_pay_boost(core):
    """R4: Pulse Pistol: "you may pay 1 Energy and add 1 damage": the Robot always pays."""
    game = solo(core)
    api.set_player(game, RED, at="r3c2", status="power-armor", owned=["energy-sword"])
    api.set_player(game, GREEN, at="r4c2", energy=2, owned=["pulse-pistol"], equipped=["pulse-pistol"])
    face(game, GREEN, "N")
    api.script(game, RED, [("attack", ("energy-sword", False)), ("zone", "r3c1")])
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert kinds(events, "damage")[0]["amount"] == 2


def test_r4_faces_north_after_combat(core):
    """R4: after surviving Combat a Robot faces north (it stepped east into the human)."""
    game = solo(core)
    api.set_player(game, RED, at="r3c3", health=1)
    api.set_player(game, GREEN, at="r3c2")
    face(game, GREEN, "E")   # forward r3c3 (human), Collect goes forward
    events = api.play_card(game, GREEN, "green-collect", "S")
    assert kinds(events, "combat-start") and facing(game, game.players[GREEN]) == "N"
    assert [e["why"] for e in kinds(events, "robot-facing")][-1] == "combat"


# --- R5 the Mighty Mech -----------------------------------------------------------------------
def test_r5_robot_takes_the_mech_at_any_health_and_scores(core):
    """R5: a damaged Robot entering the empty Mech Zone takes control and scores the entry VP."""
    game = solo(core)
    api.set_player(game, GREEN, at="r3c2", health=2, owned=[*LOADOUTS["B"], "buzz-saw"])
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-collect", "N")
    green = game.players[GREEN]
    assert game.mech_controller == GREEN and green.status == "mighty-mech" and green.health == 11
    assert [e["vp"] for e in kinds(events, "vp") if e["source"] == "mech-enter"] == [2]


def test_r5_robot_never_uses_the_mechs_power(core):
    """R5: the Robot has no Mech side power in use."""
    game = solo(core)
    api.set_player(game, GREEN, at="r3c2", owned=[*LOADOUTS["B"], "buzz-saw"])
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert game.players[GREEN].mech_side is None and kinds(events, "robot-no-power")


def test_r5_robot_without_an_advanced_weapon_cannot_take_the_mech(core):
    """R5 + E1: at any health, but the Mech holds Advanced weapons only (T12): no Advanced, no takeover."""
    game = solo(core)
    api.set_player(game, GREEN, at="r3c2")
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert game.mech_controller is None and game.players[GREEN].status == "power-armor"
    assert not kinds(events, "mech-taken")


def test_r5_power_up_in_the_mech_becomes_collect(core):
    """R5: Power Up in the Mighty Mech becomes Collect."""
    game = solo(core)
    api.set_player(game, GREEN, at="r3c2", owned=[*LOADOUTS["B"], "buzz-saw"])
    face(game, GREEN, "N")
    api.play_card(game, GREEN, "green-collect", "N")
    api.set_player(game, GREEN, health=4)
    face(game, GREEN, "S")
    events = api.play_card(game, GREEN, "green-power-up", "N")
    assert [e["why"] for e in kinds(events, "robot-collects")] == ["in-mighty-mech"]
    assert not kinds(events, "heal")


def test_r5_robot_that_kos_the_humans_mech_takes_control(core):
    """R5: a Robot that KOs you while you control the Mech takes control."""
    game = solo(core)
    api.set_player(game, RED, at="r3c2", owned=["energy-sword", "buzz-saw"], equipped=["buzz-saw"])
    api.set_mech(game, "r3c2", RED)
    api.set_player(game, RED, health=1)
    api.set_player(game, GREEN, at="r4c2", owned=[*LOADOUTS["B"], "missile-pod"])
    face(game, GREEN, "N")
    api.script(game, RED, [("zone", "r3c1")])
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert kinds(events, "ko")[0]["player"] == RED
    assert game.mech_controller == GREEN and game.players[GREEN].status == "mighty-mech"
    assert game.players[RED].status == "pilot"


# --- R6 KO ------------------------------------------------------------------------------------
def test_r6_kod_robot_respawns_on_its_base_in_full_power_armor_facing_north(core):
    """R6: KO'd in Combat, a Robot respawns on its Base at full health in Power Armor, facing north,
    never in Ad Hoc Mode."""
    game = solo(core)
    api.set_player(game, RED, at="r1c1", status="power-armor", owned=["energy-sword"])
    api.set_player(game, GREEN, at="r2c1", health=1)
    face(game, GREEN, "E")
    api.script(game, RED, [("attack", ("energy-sword", False))])
    events = api.play_card(game, RED, "red-collect", "S")
    green = game.players[GREEN]
    assert kinds(events, "ko")[0]["player"] == GREEN
    assert (at(game, GREEN), green.status, green.health, green.ad_hoc) == ("r2c0", "power-armor", 9, False)
    assert facing(game, green) == "N"
    assert not any(e["player"] == GREEN for e in kinds(events, "ad-hoc"))


def test_r6_robot_kod_by_your_mine_does_not_act(core):
    """R6 + T8: a Robot KO'd by your Mine does not take its card's action; it respawns on its Base."""
    game = solo(core)
    api.place_token(game, "r3c2", RED, "mine", 4)
    api.set_player(game, GREEN, at="r4c2", health=2, credits=5)
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert kinds(events, "mine") and not kinds(events, "collect")
    assert at(game, GREEN) == "r2c0" and game.players[GREEN].health == 9
    assert [e["source"] for e in kinds(events, "vp")] == ["mine-ko"]


def test_r6_robot_kod_by_your_turret_does_not_act(core):
    """R6 + T8: a Robot KO'd by your Turret does not act; the Turret stays."""
    game = solo(core)
    api.place_token(game, "r4c3", RED, "turret")
    api.set_player(game, GREEN, at="r4c2", health=3, credits=9)
    face(game, GREEN, "N")   # Deploy: highest seen is r4c3 (3)
    events = api.play_card(game, GREEN, "green-deploy-mine", "N")
    assert kinds(events, "turret") and not kinds(events, "deploy")
    assert at(game, GREEN) == "r2c0" and game.tokens[api.cell(game, "r4c3")].owner == RED


def test_r6_hostile_base_respawns_in_the_closest_non_hostile_zone(core):
    """R6 + T10: the Base holds your Turret (hostile): the Robot respawns in the closest other zone."""
    game = solo(core)
    api.place_token(game, "r3c2", RED, "mine", 4)
    api.place_token(game, "r2c0", RED, "turret")
    api.set_player(game, GREEN, at="r4c2", health=2)
    face(game, GREEN, "N")
    api.play_card(game, GREEN, "green-collect", "N")
    assert at(game, GREEN) == "r2c1" and game.players[GREEN].health == 9


def test_r6_robot_kod_in_the_mech_respawns_and_surrenders_it(core):
    """R6 + Getting KO'd: a Robot KO'd in the Mighty Mech surrenders it to whoever KO'd it and
    respawns in Power Armor on its Base."""
    game = solo(core)
    api.set_player(game, GREEN, at="r3c2", owned=[*LOADOUTS["B"], "buzz-saw"])
    face(game, GREEN, "N")
    api.play_card(game, GREEN, "green-collect", "N")   # Green takes the Mech at r2c2
    api.set_player(game, GREEN, health=1)
    api.set_player(game, RED, at="r1c2", status="power-armor", owned=["energy-sword", "missile-pod"],
                   equipped=["energy-sword"])
    api.script(game, RED, [("equip", ("energy-sword",)), ("attack", ("energy-sword", False)),
                           ("take-mech", "troy-3000")])
    events = api.play_card(game, RED, "red-collect", "S")
    assert kinds(events, "ko")[0]["player"] == GREEN
    assert game.mech_controller == RED
    green = game.players[GREEN]
    assert (green.status, green.health, at(game, GREEN)) == ("power-armor", 9, "r2c0")


# --- R7 Robots and each other -----------------------------------------------------------------
def test_r7_one_robots_mine_never_hurts_the_other(core):
    """R7: Blue's Mine does nothing to Green; it stays."""
    game = solo(core)
    api.place_token(game, "r3c2", BLUE, "mine", 4)
    api.set_player(game, GREEN, at="r4c2")
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert not kinds(events, "mine", "damage") and kinds(events, "robot-ally-token")
    assert game.tokens[api.cell(game, "r3c2")].owner == BLUE and game.players[GREEN].health == 9


def test_r7_one_robots_turret_never_hurts_the_other(core):
    """R7: Blue's Turret does nothing to Green; it stays; Green still acts."""
    game = solo(core)
    api.place_token(game, "r3c2", BLUE, "turret")
    api.set_player(game, GREEN, at="r4c2")
    face(game, GREEN, "N")
    events = api.play_card(game, GREEN, "green-collect", "N")
    assert not kinds(events, "turret", "damage") and kinds(events, "collect")
    assert game.tokens[api.cell(game, "r3c2")].owner == BLUE


def test_r7_a_robots_mine_hurts_you(core):
    """R7: a Robot's Mine hurts the human (zone value + number, T8)."""
    game = solo(core)
    api.place_token(game, "r2c1", GREEN, "mine", 2)
    api.set_player(game, RED, at="r1c1", status="power-armor", owned=["energy-sword"])
    events = api.play_card(game, RED, "red-collect", "S")
    assert [e["damage"] for e in kinds(events, "mine")] == [3]
    assert game.players[RED].health == 6


def test_r7_a_robots_turret_hurts_you(core):
    """R7: a Robot's Turret hurts the human (zone value, T8)."""
    game = solo(core)
    api.place_token(game, "r1c1", BLUE, "turret")
    api.set_player(game, RED, at="r0c1", status="power-armor", owned=["energy-sword"])
    events = api.play_card(game, RED, "red-collect", "S")
    assert [e["damage"] for e in kinds(events, "turret")] == [2]


def test_r7_robots_never_share_a_zone_in_whole_games(core):
    """R7: over whole solo games, the two Robots never stand in one zone."""
    for seed in range(8):
        game = solo_game(core, RandomAgent(seed), seed=seed, hooks=HOOKS)
        game.listeners.append(lambda e, g=game: _robots_apart(g))
        game.play()


def _robots_apart(game) -> None:
    if game.players[BLUE].pos >= 0 and game.players[GREEN].pos >= 0:
        assert game.players[BLUE].pos != game.players[GREEN].pos, game.events[-1]


# --- R8 winning -------------------------------------------------------------------------------
def test_r8_a_tie_with_a_robot_is_a_loss(core):
    """R8: equal VP with a Robot: the Robot ranks first, even if the human controls the Mech (T15)."""
    game = solo(core)
    api.set_player(game, RED, vp=20, owned=["energy-sword", "buzz-saw"], equipped=["buzz-saw"])
    api.set_mech(game, "r0c2", RED)
    api.set_player(game, BLUE, vp=20)
    api.set_player(game, GREEN, vp=5)
    standings = api.finish(game)
    assert [(s.seat, s.rank) for s in standings][:2] == [(BLUE, 1), (RED, 2)]
    human = of_seat(game.standings, RED)                # the solo game is the human's target: missed
    assert human.result == "loss" and human.share == 0 and human.target and human.reached is False
    assert [(s.seat, s.result, s.share) for s in game.standings if s.seat != RED] == \
        [(BLUE, "shared", 0.5), (GREEN, "shared", 0.5)]     # the Robots win together, ranked or not


def test_r8_more_vp_than_each_robot_wins(core):
    """R8: the human wins with more VP than each Robot."""
    game = solo(core)
    api.set_player(game, RED, vp=21)
    api.set_player(game, BLUE, vp=20)
    api.set_player(game, GREEN, vp=20)
    standings = api.finish(game)
    assert standings[0].seat == RED and standings[0].rank == 1
    assert [s.rank for s in standings[1:]] == [2, 2]
    assert [(s.result, s.share) for s in game.standings] == [("win", 1.0), ("loss", 0.0), ("loss", 0.0)]
    assert game.standings[0].reached is True


# --- whole games ------------------------------------------------------------------------------
def test_solo_game_is_deterministic_and_replays(core):
    """R1-R8: a whole solo game with a random human runs to the end; the same seed gives the same log;
    feeding the logged answers back (Robots still Robots) replays it byte for byte."""
    first = solo_game(core, RandomAgent("h"), seed=11, hooks=HOOKS)
    first.play()
    second = solo_game(core, RandomAgent("h"), seed=11, hooks=HOOKS)
    second.play()
    assert first.finished and first.round == 6
    assert [dumps(e) for e in first.events] == [dumps(e) for e in second.events]
    answers = [[(e["kind"], e["answer"]) for e in first.events if e["e"] == "decision" and e["player"] == s]
               for s in range(3)]
    replayed = Game(core, [RecordedAgent(answers[0]), RobotSeat(answers=answers[1]),
                           RobotSeat(answers=answers[2])], seed=11, hooks=HOOKS)
    replayed.play()
    assert [dumps(e) for e in replayed.events] == [dumps(e) for e in first.events]


@pytest.mark.parametrize("seed", range(12))
def test_solo_invariants(core, seed):
    """R1, R4, R6: in whole games Robots stay in Power Armor or the Mech, never enter Ad Hoc Mode, never
    retreat, stay within their health; the human's VP must beat each Robot's to rank first (R8); and every
    invariant of the core game holds after every event (tests/runtime/invariants.py)."""
    game = solo_game(core, RandomAgent(seed), seed=seed, hooks=HOOKS)
    InvariantChecker().attach(game)          # the core game's invariants hold in solo games too
    game.listeners.append(lambda e: _robot_invariants(game, e))
    standings = game.play()
    best = max(game.players[BLUE].vp, game.players[GREEN].vp)
    human_first = standings[0].seat == RED and standings[0].rank == 1
    assert human_first == (game.players[RED].vp > best) == (of_seat(standings, RED).result == "win")
    assert sum(s.share for s in standings) == 1            # one side wins: the human or the Robots


def _robot_invariants(game, event) -> None:
    for seat in (BLUE, GREEN):
        p = game.players[seat]
        if game.round == 0 and not game.row:
            continue
        assert p.status in ("power-armor", "mighty-mech"), event
        assert 0 <= p.health <= game.max_health(p), event
        assert not p.ad_hoc, event
        assert p.pilot is None
    if event["e"] in ("retreat", "ad-hoc"):
        assert event["player"] == RED, event


def test_robots_fill_seats_of_a_four_player_game(core):
    """Robots in any game: two Robots and two random agents play a 4-player game to the end."""
    agents = [RandomAgent(0), RobotSeat(1), RandomAgent(2), RobotSeat(3)]
    game = Game(core, agents, seed=5, hooks=HOOKS)
    InvariantChecker().attach(game)
    game.play()
    assert game.finished
    assert game.players[1].pilot is None and game.players[3].pilot is None
    assert robots(game).loadout == {1: "A", 3: "B"}


def test_every_robot_ruling_has_several_scenarios():
    """R1-R8: the Robot Pilot scenarios (tests/scenarios/robots) cover every ruling three times or more."""
    from pathlib import Path

    from rulecraft.compiler.scenario_files import load_all

    folder = Path(__file__).parents[1] / "scenarios" / "robots"
    scenarios, diagnostics = load_all([folder])
    assert not diagnostics
    counts = {f"R{i}": sum(f"R{i}" in s.covers for s in scenarios) for i in range(1, 9)}
    assert all(n >= 3 for n in counts.values()), counts


def test_a_logged_solo_game_replays_with_its_robots(core, tmp_path):
    """Logs: a seat logged as ``robot`` replays as a Robot seat (its rules apply), byte for byte."""
    from rulecraft.plugins.manager import make_hooks
    from rulecraft.plugins.tem.build import load_ruleset
    from rulecraft.runtime import logs

    game = solo_game(core, RandomAgent("log"), seed="log", hooks=HOOKS)
    game.play()
    head = logs.header(core, [], ["robot-pilots"], "log", [p.colour for p in game.players],
                       ["random", "robot", "robot"])
    path = tmp_path / "solo.jsonl"
    logs.write(path, head, game.events)
    result = logs.replay(path, load_ruleset, make_hooks, engine_for, agents_for, plugin_names)
    assert result.ok, result.message


def test_a_pack_naming_robot_pilots_loads_the_plugin():
    """The plugin by name: a pack's manifest lists `robot-pilots` and a solo game plays by R1-R8."""
    from pathlib import Path

    from rulecraft.plugins.manager import make_hooks
    from rulecraft.plugins.tem.build import load_ruleset

    pack = Path(__file__).parents[1] / "packs" / "solo-robot-pilots"
    ruleset = load_ruleset([pack])
    assert ruleset.source["plugins"] == ("robot-pilots",)
    hooks = make_hooks("tem", ruleset.source["plugins"], installed=False)
    assert "robot-pilots" in hooks.plugin_names
    game = solo_game(ruleset, RandomAgent(3), seed=3, hooks=hooks)
    game.play()
    assert game.players[RED].base == api.cell(game, "r0c2") and robots(game).solo


def test_a_solo_game_resumes_from_the_humans_answers_alone(core):
    """Resume (rulecraft play): the same seed rebuilds the Robots, which decide the same way again, so
    the human's logged answers alone replay the game exactly."""
    first = solo_game(core, RandomAgent("resume"), seed=21, hooks=HOOKS)
    first.play()
    human = [(e["kind"], e["answer"]) for e in first.events if e["e"] == "decision" and e["player"] == RED]
    again = solo_game(core, RecordedAgent(human), seed=21, hooks=HOOKS)
    again.play()
    assert [dumps(e) for e in again.events] == [dumps(e) for e in first.events]


def test_r8_a_solo_sim_records_the_humans_target():
    """R8 in `rulecraft sim`'s records: the human's seat played for a target, reached only with more VP than
    each Robot, and the Robots share the win when it is missed (never a win for a seat that lost)."""
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.balance.batch import Config, simulate

    run = simulate(Config(load_table, game="tem", agents=("heuristic", "robot", "robot"), players=3), 6,
                   seed="r8")
    for record in run.records:
        human = next(s for s in record["seats"] if s["agent"] == "heuristic")
        robots = [s for s in record["seats"] if s["agent"] == "robot"]
        beat = all(human["vp"] > s["vp"] for s in robots)
        assert human["target"] == SOLO_TARGET and human["reached"] is beat
        assert human["result"] == ("win" if beat else "loss") and human["win"] == float(beat)
        assert [s["win"] for s in robots] == ([0.0, 0.0] if beat else [0.5, 0.5])
