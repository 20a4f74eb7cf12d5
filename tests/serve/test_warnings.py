"""Issue 24: refused or pointless choices say why, in words, from the seat's view alone.

A legal option that achieves nothing or is likely not meant carries a warning (``option_warning``) that the
decision panel shows and the page confirms before sending; a board element clicked that answers nothing is
refused with the reason (``refusal``), else plainly. Each warning names the ruling that makes the option
pointless: Tiny Epic Mechs' weapon the buyer cannot equip (T12, the terminal's confirm-buy words) and a
plain attack weaker than the Power Attack open now (T13, T2); Mecha Game's power no mecha can use this
turn (M5, M6, M9, M12, M19), a draw that loses the game (M20) and an attack of power 0 (M12).
"""

from __future__ import annotations

import copy
import json

import pytest

from rulecraft.cli.web.messages import Refused, click_refusal, parse, seat_message
from rulecraft.cli.web.words import Words
from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.plugins.mecha.views import view_for as mecha_view
from rulecraft.plugins.mecha.web import Board as MechaBoard
from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.model import POWER_ARMOR
from rulecraft.plugins.tem.views import view_for as tem_view
from rulecraft.plugins.tem.web import Board as TemBoard
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.decisions import Decision, RandomAgent


# --- Tiny Epic Mechs ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def tem():
    ruleset = load_ruleset((), (), "tem")
    colours = list(ruleset.colours[:2])
    game = Game(ruleset, [RandomAgent(f"w/{seat}") for seat in range(2)], seed="w")
    game.play()
    board = TemBoard(ruleset, colours)
    return ruleset, board, Words("tem", ruleset, colours, ["human", "heuristic"], board), tem_view(game, 0)


def pilot(state, **values):
    """``state`` with seat 0 a Pilot (T12: 2 Basic slots, no Advanced one) holding ``values``."""
    state = copy.deepcopy(state)
    state["players"][0].update({"status": "pilot", "pilot": "maverick", **values})
    return state


def test_a_weapon_the_buyer_cannot_equip_warns_in_the_terminals_words(tem):
    """T12: a Pilot has no Advanced slot, so buying Warhammer is legal but it could not be equipped; the
    browser's warning is the terminal's confirm-buy text (one function, ``Reasons.option_warning``)."""
    _, board, words, state = tem
    state = pilot(state)
    purchase = Decision(D.PURCHASE, 0, (None, "warhammer", "pulse-pistol"))
    warned = words.warnings(purchase, state)
    terminal = board.picture.reasons.equip_warning("warhammer", "pilot")
    assert warned[0] is None and warned[2] is None       # buying nothing, a Basic weapon: fair choices
    assert warned[1] == terminal[0].upper() + terminal[1:]     # as the terminal says it, capitalised
    assert "no slot for Advanced weapons" in terminal and "Power Armor" in terminal
    assert words.warnings(purchase, pilot(state, status=POWER_ARMOR)) == [None, None, None]


def test_a_loadout_leaving_a_slot_empty_warns(tem):
    """T12, T13: each attack exhausts one equipped weapon and a player with none left retreats, so a
    loadout with fewer weapons than another one offered is likely not meant."""
    _, _, words, state = tem
    equip = Decision(D.EQUIP, 0, (("pulse-pistol", "energy-sword"), ("pulse-pistol",), ("energy-sword",)))
    fair, *short = words.warnings(equip, state)
    assert fair is None and all(w is not None and "1 weapon where 2 fit" in w and "(T13)" in w for w in short)


def test_a_plain_attack_weaker_than_the_open_power_attack_warns(tem):
    """T13: after being attacked by the type it counters, a weapon's Power Attack is open; with the same
    weapon a plain attack deals less, unless the target has no more health to lose (T2)."""
    ruleset, _, words, state = tem
    hammer = ruleset.weapons["warhammer"]
    assert hammer.power_damage > hammer.damage
    attack = Decision(D.ATTACK, 0, (("warhammer", False), ("warhammer", True)), {"opponent": 1})
    state = copy.deepcopy(state)
    state["players"][1]["health"] = hammer.damage + 1
    plain, power = words.warnings(attack, state)
    assert power is None and f"deals {hammer.damage} damage" in plain and "(T13)" in plain
    state["players"][1]["health"] = hammer.damage          # a plain attack KOs already: no warning
    assert words.warnings(attack, state) == [None, None]
    alone = Decision(D.ATTACK, 0, (("warhammer", False),), {"opponent": 1})
    state["players"][1]["health"] = 9
    assert words.warnings(alone, state) == [None]          # no Power Attack open: nothing better to pick


def test_a_weapon_clicked_that_cannot_be_bought_says_why(tem):
    ruleset, _, words, state = tem
    basic = ruleset.basic_weapons[0]
    state = pilot(state, owned=[basic.id], credits=0, energy=0)
    state["piles"] = {basic.id: 2}
    purchase = Decision(D.PURCHASE, 0, (None,))
    owned = words.refusal_of(purchase, f"pile-{basic.id}", basic.name, state)
    assert owned.startswith(f"You own {basic.name} already") and "(T12)" in owned
    costly = words.refusal_of(purchase, "row-warhammer", "Warhammer", state)
    assert costly == "Warhammer costs 5$ before abilities; you have 0$ (T12)."
    card, other = (c.id for c in ruleset.program_cards[state["players"][0]["colour"]][:2])
    program = Decision(D.PROGRAM, 0, ((other, "N"),), pick=1)
    state["players"][0].update(program=[[card, "N"]], used=[])
    assert "already in your program" in words.refusal_of(program, f"prog-{card}", card, state)


# --- Mecha Game --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def mecha():
    ruleset = core_ruleset()
    game = MechaGame(ruleset, [RandomAgent(f"w/{seat}") for seat in range(2)], seed="w")
    game.play()
    board = MechaBoard(ruleset, ["a", "b"])
    state = mecha_view(game, 0)
    state.update(units={}, active=0, phase="main")
    for player in state["players"]:
        player.update(deck=10, bandwidth=6, population=0)
    return ruleset, Words("mecha", ruleset, ["a", "b"], ["human", "heuristic"], board), state


def unit(card: str, owner: int, cell: str, **values):
    return {"card": card, "owner": owner, "cell": cell, "durability": 2, "armour": 0, "time": 0,
            "moved": False, "attacked": False, "modifiers": {}, **values}


def board_of(state, *units):
    state = copy.deepcopy(state)
    state["units"] = {u["cell"]: u for u in units}
    return state


def test_power_no_mecha_can_use_this_turn_warns(mecha):
    """Overdrive adds power until end of turn (M5): wasted when every mecha of yours has attacked (M6),
    when you defend (M9, M12: the defender never strikes back), and on a direct attack (M19); not when a
    mecha may still attack, nor in the attack window of your own attack on a unit."""
    _, words, state = mecha
    overdrive = ("command", "overdrive")
    main = Decision(K.MAIN, 0, (overdrive, K.PASS))
    spent = board_of(state, unit("lancer", 0, "c2", attacked=True), unit("rook-walker", 1, "c3"))
    warned = words.warnings(main, spent)[0]
    assert warned.startswith("Overdrive: every mecha of yours has attacked") and "(M6)" in warned
    assert "(M5)" in warned
    ready = board_of(state, unit("lancer", 0, "c2", attacked=True), unit("courier", 0, "d1"))
    assert words.warnings(main, ready) == [None, None]
    attacking = Decision(K.WINDOW, 0, (overdrive, K.PASS), {"window": "attack", "attacker": "c2",
                                                          "target": "c3"})
    assert words.warnings(attacking, spent)[0] is None     # the declared attack resolves with it (M12)
    direct = Decision(K.WINDOW, 0, (overdrive, K.PASS), {"window": "attack", "attacker": "c2",
                                                       "target": K.OPPONENT})
    assert "(M19)" in words.warnings(direct, spent)[0]
    defending = Decision(K.WINDOW, 0, (overdrive, K.PASS), {"window": "attack", "attacker": "c3",
                                                          "target": "c2"})
    assert "(M9, M12)" in words.warnings(defending, {**ready, "active": 1})[0]


def test_a_draw_from_a_deck_too_short_warns_that_it_loses(mecha):
    """M20: drawing from an empty deck loses at once; both at once, a draw."""
    _, words, state = mecha
    flood = Decision(K.WINDOW, 0, (("command", "signal-flood"), K.PASS), {"window": "end"})
    assert words.warnings(flood, state) == [None, None]
    empty = copy.deepcopy(state)
    empty["players"][0]["deck"] = 0
    assert "loses you the game (M20)" in words.warnings(flood, empty)[0]
    empty["players"][1]["deck"] = 0
    assert "the game is a draw (M20)" in words.warnings(flood, empty)[0]


def test_an_attack_of_power_0_that_removes_nothing_warns(mecha):
    """M12: power 0 removes no durability; against armour without Pierce it still removes a counter."""
    ruleset, words, state = mecha
    assert ruleset.cards["courier"].power == 0
    attack = Decision(K.MAIN, 0, (("attack", "c2", "c3"), K.PASS))
    bare = board_of(state, unit("courier", 0, "c2"), unit("lancer", 1, "c3"))
    warned = words.warnings(attack, bare)[0]
    assert "Courier has power 0" in warned and "(M12)" in warned
    armoured = board_of(state, unit("courier", 0, "c2"), unit("rook-walker", 1, "c3", armour=1))
    assert words.warnings(attack, armoured) == [None, None]
    boosted = board_of(state, unit("courier", 0, "c2", modifiers={"power": 2}), unit("lancer", 1, "c3"))
    assert words.warnings(attack, boosted) == [None, None]


def test_a_clicked_cell_or_card_that_answers_nothing_says_why(mecha):
    _, words, state = mecha
    main = Decision(K.MAIN, 0, (("play", "radio-tower", "a1"), K.PASS))
    here = board_of(state, unit("radio-tower", 0, "b1"), unit("skyhawk", 1, "d4"))
    here["players"][0].update(hand=["radio-tower", "bastion"], bandwidth=2, population=0)
    tower = "Radio Tower is a tower: towers never move or attack (M6)."
    assert words.refusal_of(main, "b1", "b1", here) == tower
    assert "Bastion costs 4 bandwidth; you have 2 free (M11)" in words.refusal_of(main, "hand-bastion", "",
                                                                                   here)
    assert "(M13)" in words.refusal_of(main, "d4", "", here)
    assert "units enter only there (M2)" in words.refusal_of(main, "c3", "", here)
    assert words.refusal_of(None, "b1", "b1", here).startswith("It is not your turn")
    assert words.refusal_of(main, "a1", "a1", here) == "a1 answers this decision now: click it again."
    plainly = "The sky is not one of this decision's options."
    assert words.refusal_of(main, "nowhere", "The sky", here) == plainly


# --- the panel, the message and the request ------------------------------------------------------------
def test_the_panel_shows_each_warning_and_the_message_carries_them(mecha):
    _, words, state = mecha
    main = Decision(K.MAIN, 0, (("command", "overdrive"), K.PASS))
    spent = board_of(state, unit("lancer", 0, "c2", attacked=True))
    message = seat_message(words, words.web, 0, "a", spent, main, [], None, None, None)
    assert message["warnings"][0].startswith("Overdrive: ") and message["warnings"][1] is None
    assert message["panel"].count('class="option warned"') == 1 and "⚠ Overdrive: " in message["panel"]
    assert json.loads(json.dumps(message))["warnings"] == message["warnings"]


def test_a_why_request_names_what_was_clicked(mecha):
    _, words, state = mecha
    request = parse('{"type": "why", "target": "b1", "label": "b1"}')
    assert (request.type, request.target, request.label) == ("why", "b1", "b1")
    refused = click_refusal(words, Decision(K.MAIN, 0, (K.PASS,)), state, request)
    assert isinstance(refused, Refused) and "b1" in str(refused)
    for text, why in [('{"type": "why"}', "names the board element"),
                      ('{"type": "why", "target": 3}', "texts of at most"),
                      ('{"type": "why", "target": "' + "x" * 200 + '"}', "texts of at most")]:
        with pytest.raises(Refused, match=why):
            parse(text)


def test_pigs_die_clicked_while_dice_are_set_aside_says_why():
    """Big Pig (P6): roll and hold (the die, the turn total) come once scoring dice are set aside."""
    from types import SimpleNamespace

    from rulecraft_pig.engine import HOLD, ROLL, ROLL_OR_HOLD, SET_ASIDE, STOP
    from rulecraft_pig.web import Board as PigBoard

    board = PigBoard(SimpleNamespace(goal=20), ["pink", "blue"])
    aside = Decision(SET_ASIDE, 0, (3, 5, STOP))
    assert "(P6)" in board.refusal(aside, "die", {}) and "(P6)" in board.refusal(aside, "turn-total", {})
    assert board.refusal(Decision(ROLL_OR_HOLD, 0, (ROLL, HOLD)), "die", {}) is None
