"""The Tiny Epic Quest agents on the shipped pack (issue 23 item 6): the heuristic's night odds are exact,
and it beats random play; the engine's hooks for a session (reveals, Q33)."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from rulecraft.plugins.teq.agents import HeuristicAgent, Realm, hits_to_roller
from rulecraft.plugins.teq.engine import Game
from rulecraft.plugins.teq.model import DAMAGE, MAGIC
from rulecraft.plugins.teq.pack import core_ruleset
from rulecraft.runtime.decisions import RandomAgent


def brute_risk(ruleset, state, me) -> float:
    """The chance one roll exhausts the roller, over all 6^5 outcomes of the dice."""
    magic = ruleset.magic
    effect = magic.effect(state["side"], state["magic"])
    adventuring = sum(1 for p in state["players"] if not p["resting"])
    last = len(magic.track) - 1
    faces = ruleset.dice[0].faces
    bad = 0
    for roll in product(faces, repeat=len(ruleset.dice)):
        counts = Counter(roll)
        overflow = max(0, counts[MAGIC] - (last - state["magic"]))
        hits = [effect.damage] * hits_to_roller(counts[DAMAGE], adventuring)
        hits += [magic.overflow_damage] * hits_to_roller(overflow, adventuring)
        power, health = me["power"], me["health"]
        for hit in sorted(hits, reverse=True):
            if power >= ruleset.rules.prevent_cost:
                power -= ruleset.rules.prevent_cost
            else:
                health -= hit
        bad += health <= 0
    return bad / len(faces) ** len(ruleset.dice)


@pytest.mark.parametrize(("players", "magic", "health", "power"), [(1, 0, 1, 0), (2, 2, 3, 2), (3, 3, 2, 5)])
def test_the_heuristic_rests_or_rolls_by_the_exact_odds(players, magic, health, power):
    """Q16, Q18: the multinomial over damage and magic faces is the enumeration of every roll."""
    ruleset = core_ruleset()
    game = Game(ruleset, [RandomAgent(i) for i in range(players)], seed=1)
    game.setup()
    game.magic = magic
    game.players[0].health, game.players[0].power = health, power
    state = game.view_state(0)
    me = state["players"][0]
    agent = HeuristicAgent(0)
    agent.realm = Realm(ruleset)
    assert agent.risk(state, me) == pytest.approx(brute_risk(ruleset, state, me))


def test_the_heuristic_beats_random_play_on_the_pack():
    ruleset = core_ruleset()
    share = 0.0
    for seed in range(16):
        seats = [HeuristicAgent(f"{seed}/0"), RandomAgent(f"{seed}/1")]
        if seed % 2:
            seats.reverse()
        game = Game(ruleset, seats, seed=seed)
        standings = game.play()
        share += next(s.share for s in standings if isinstance(seats[s.seat], HeuristicAgent))
    assert share / 16 > 0.6


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_games_end_at_every_player_count(players):
    game = Game(core_ruleset(), [HeuristicAgent(f"h/{i}") for i in range(players)], seed=players)
    standings = game.play()
    assert standings is not None and len(standings) == players and not game.aborted


def test_a_quest_drawn_into_the_row_reveals_a_card_of_the_deck():
    """Q33: the deck's order is the secret, so a card leaving it shows every seat something; the
    shuffle that made the order shows nothing."""
    game = Game(core_ruleset(), [RandomAgent(0), RandomAgent(1)], seed=2)
    game.setup()
    drawn = next(e for e in game.events if e["e"] == "quest-drawn")
    shuffle = next(e for e in game.events if e["e"] == "chance" and e["what"] == "quest deck")
    assert game.reveals(drawn, 0) and game.reveals(drawn, 1)
    assert not game.reveals(shuffle, 0)
