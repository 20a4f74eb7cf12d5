"""M18 zones and secrecy: each player's view."""

from __future__ import annotations

import json

from rulecraft.plugins.mecha import api
from rulecraft.runtime.views import View


def test_m18_a_view_hides_the_opponents_hand_and_both_decks_order(rs):
    game = api.table(rs, hands=(["zap", "grunt"], ["heavy", "bomb", "shield"]),
                     decks=(["grunt", "heavy"], ["flyer", "dud", "runner"]))
    game.seats[1].damage = ["timer"]
    game.seats[0].discard = ["boost"]
    api.place(game, "grunt", "c3", 1)
    state = View(game, 0).state()
    me, them = state["players"]
    assert me["hand"] == ["zap", "grunt"] and them["hand"] == 3
    assert me["deck"] == 2 and them["deck"] == 3               # sizes only, to their owner too
    assert them["damage"] == ["timer"] and me["discard"] == ["boost"]
    assert state["units"]["c3"]["card"] == "grunt"
    text = json.dumps(state)
    for secret in ("heavy", "bomb", "shield", "flyer", "dud", "runner"):
        assert secret not in text


def test_m18_an_agent_without_state_gets_none(rs):
    game = api.table(rs)
    view = View(game, 1, state=False)
    assert view.player == 1 and view.ruleset is rs
    try:
        view.state()
    except LookupError:
        pass
    else:
        raise AssertionError("a stateless view gave state")
