"""M18 over time: what an event reveals to a seat (``MechaGame.reveals``, undo's rule) and ``determinize``,
which resamples what a seat cannot see (issue 22). The conformance suite checks both on random games
(``tests/conformance/test_determinize.py``); these pin Mecha Game's rulings."""

from __future__ import annotations

import random
from collections import Counter

from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha.hidden import determinize
from rulecraft.plugins.mecha.views import view_for


def test_m18_a_card_drawn_shows_itself_to_its_drawer_only(rs):
    """M5, M18: the other seat sees a hand and a deck change by one, which the rules decided."""
    game = api.table(rs)
    draw = {"e": "draw", "player": 1, "card": "zap", "hand": 3, "deck": 9}
    assert game.reveals(draw, 1) and not game.reveals(draw, 0)


def test_m19_a_direct_attack_turns_a_deck_card_face_up(rs):
    game = api.table(rs)
    hit = {"e": "direct-attack", "player": 0, "card": "grunt", "damage": 1}
    assert game.reveals(hit, 0) and game.reveals(hit, 1)


def test_m4_the_first_player_shows_and_a_shuffle_does_not(rs):
    game = api.table(rs)
    assert game.reveals({"e": "chance", "kind": "pick", "what": "first player", "count": 2, "result": 1}, 0)
    assert not game.reveals({"e": "chance", "kind": "shuffle", "what": "deck of seat a", "count": 40}, 0)


def test_m6_the_opponents_answers_are_public_actions(rs):
    game = api.table(rs)
    move = {"e": "decision", "kind": "main", "player": 1, "answer": ("move", "c5", "c4")}
    assert game.reveals(move, 0) and not game.reveals(move, 1)


def test_m18_determinize_deals_the_opponents_unseen_cards_again_and_shuffles_your_deck(rs):
    """Your hand and everything face up stay; your deck keeps its cards; the opponent's hand and deck are
    one pool of unseen cards dealt again, as many to each as it holds."""
    game = api.table(rs, hands=(["zap", "grunt"], ["heavy", "bomb", "shield"]),
                     decks=(["grunt", "heavy", "dud", "flyer"], ["flyer", "dud", "runner", "timer"]))
    game.seats[1].damage = ["timer"]
    game.seats[0].discard = ["boost"]
    view = view_for(game, 0)
    mine, theirs = game.seats
    pool = Counter(theirs.hand + theirs.deck)
    deck = Counter(mine.deck)
    hands, orders = set(), set()
    for seed in range(12):
        determinize(game, 0, random.Random(seed))
        assert view_for(game, 0) == view and mine.hand == ["zap", "grunt"] and Counter(mine.deck) == deck
        assert Counter(theirs.hand + theirs.deck) == pool and len(theirs.hand) == 3
        assert theirs.damage == ["timer"] and mine.discard == ["boost"]
        hands.add(tuple(sorted(theirs.hand)))
        orders.add(tuple(mine.deck))
    assert len(hands) > 1 and len(orders) > 1
