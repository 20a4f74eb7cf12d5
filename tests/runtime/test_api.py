"""The scenario-facing API (runtime.api): building partial states, clear errors, finishing a round."""

from __future__ import annotations

import pytest
from engine_helpers import two_players

from rulecraft.plugins.tem import api


def test_table_places_given_zones_and_bases_and_skips_the_random_setup(tiny):
    game = api.table(tiny, colours=("red", "blue", "green"), zones={"r1c1": "zone-5"},
                     bases={"green": "r0c2"}, starting_player=2)
    assert game.board.zones[api.cell(game, "r1c1")].id == "zone-5"
    assert game.players[2].base == game.players[2].pos == api.cell(game, "r0c2")
    assert api.cell(game, "zone-5") == api.cell(game, (1, 1))
    assert game.start_seat == 2 and game.round == 0
    assert [(e["e"], e.get("what")) for e in game.events] == [   # the spare zones and the deck, by chance
        ("chance", "resource zones"), ("chance", "advanced weapon deck"), ("setup", None)]
    assert len(game.row) == tiny.rules.advanced_row


def test_partial_state_errors_are_clear(tiny):
    game = two_players(tiny)
    with pytest.raises(AttributeError, match="no field 'helth'"):
        api.set_player(game, 0, helth=3)
    api.place_token(game, "r1c1", owner=0, kind="mine", number=2)
    with pytest.raises(ValueError, match="already holds a token"):
        api.place_token(game, "r1c1", owner=1, kind="turret")
    with pytest.raises(ValueError, match="no Mine 2 in supply"):
        api.place_token(game, "r1c3", owner=0, kind="mine", number=2)
    with pytest.raises(KeyError, match="no cell or placed zone named 'nowhere'"):
        api.cell(game, "nowhere")


def test_finish_round_plays_the_remaining_turns_in_order_then_ends_the_round(tiny):
    game = two_players(tiny, round=2)
    game.round = 2
    for seat, colour in ((0, "red"), (1, "blue")):
        api.set_player(game, seat, program=[(f"{colour}-collect", "N"), (f"{colour}-collect-2", "N"),
                                            (f"{colour}-purchase", "N"), (f"{colour}-power-up", "N")],
                       revealed=2, credits=0, energy=0)
    for seat in (0, 1):   # nothing affordable: declining is still a decision (strict mode)
        api.script(game, seat, [("purchase", None), ("power-up", None)])
    start = len(game.events)
    api.finish_round(game, from_turn=3)
    reveals = [(e["player"], e["card"]) for e in game.events[start:] if e["e"] == "reveal"]
    assert reveals == [(0, "red-purchase"), (1, "blue-purchase"), (0, "red-power-up"), (1, "blue-power-up")]
    assert [e["round"] for e in game.events[start:] if e["e"] == "scoring"] == [2]
    assert game.start_seat == 1                                          # the Starting Token passed (T5)
