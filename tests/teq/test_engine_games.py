"""The engine's invariants over seeded random games (Q4, Q24, Q25, Q28), on a ruleset built in code (the
fixture), so they hold whatever values the pack designs (Q35)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.plugins.teq.agents import HeuristicAgent
from rulecraft.plugins.teq.engine import Game
from rulecraft.plugins.teq.geometry import Geometry
from rulecraft.plugins.teq.hidden import determinize
from rulecraft.plugins.teq.model import CASTLE
from rulecraft.runtime.decisions import RandomAgent

from .engine_fixture import LAYOUT, ruleset

RULESET = ruleset()


class Checking:
    """A listener that checks the table after every event: maxima (Q24), hands (Q25), capacity (Q4)."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def __call__(self, event: dict[str, Any]) -> None:
        game = self.game
        if game is None or not game.regions:
            return
        for player in game.players:
            assert 0 <= player.health <= game.max_health(player) <= 10, event
            assert 0 <= player.power <= game.max_power(player) <= 10, event
            for hero in player.heroes:
                assert len(hero.items) <= 2
        for region, definition in game.regions.items():
            if definition.feature == CASTLE:
                continue
            here = [h.owner for p in game.players for h in p.heroes if h.region == region]
            assert len(here) == len(set(here)), f"a player has two heroes in {region}"
            assert definition.capacity is None or len(here) <= definition.capacity, region


@settings(max_examples=12)
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_random_games_keep_the_invariants_and_end_ranked(players: int, seed: int) -> None:
    check = Checking()
    game = Game(RULESET, [RandomAgent(f"{seed}/{i}") for i in range(players)], seed=seed, listeners=[check])
    check.game = game
    standings = game.play()
    assert standings is not None and len(standings) == players
    assert game.round == 5 and game.finished
    if players == 1:
        assert standings[0].target == "18 VP"      # Q31: solo plays for the target


def test_the_same_seed_gives_the_same_game() -> None:
    def events(seed: int) -> list[dict[str, Any]]:
        game = Game(RULESET, [RandomAgent(f"{seed}/{i}") for i in range(3)], seed=seed)
        game.play()
        return game.events
    assert events(7) == events(7) != events(8)


def test_the_heuristic_outscores_random() -> None:
    """Item 6: the heuristic plays for position by day and by the odds at night."""
    mine = theirs = 0
    for seed in range(12):
        game = Game(RULESET, [HeuristicAgent(f"{seed}/0"), RandomAgent(f"{seed}/1")], seed=seed)
        game.play()
        mine += sum(game.vp(game.players[0]).values())
        theirs += sum(game.vp(game.players[1]).values())
    assert mine > theirs


def test_ship_goes_either_way_round_the_coast_and_inland_cards_have_no_ship() -> None:
    """Q5, Q6: the ring's cards between start and end are passed through, one way or the other."""
    cards = {pos: f"c{i}" for i, pos in enumerate(LAYOUT.slots)}
    geometry = Geometry(cards, set(cards), set(cards), LAYOUT.coast)
    reach = geometry.reach((0, -1), "ship")
    assert ((1, -1), (), "clockwise") in reach
    assert ((0, 0), (), "anticlockwise") in reach
    assert ((2, 0), ((1, -1),), "clockwise") in reach
    assert geometry.reach((1, 1), "ship") == []


def test_horse_needs_an_unbroken_road() -> None:
    """Q5: a card without a road ends the run."""
    cards = {pos: f"c{i}" for i, pos in enumerate(LAYOUT.slots)}
    roads = set(cards) - {(1, 1)}
    geometry = Geometry(cards, roads, set(cards), LAYOUT.coast)
    ends = [end for end, _path, _ in geometry.reach((0, 1), "horse")]
    assert ends == [(-1, 1)]


def test_determinize_reshuffles_only_the_deck() -> None:
    """Q33: the deck's order is the only secret; the row and everything else stay."""
    import random

    game = Game(RULESET, [RandomAgent(0), RandomAgent(1)], seed=3)
    game.setup()
    before = game.snapshot()
    determinize(game, 0, random.Random(1))
    after = game.snapshot()
    assert sorted(after["deck"]) == sorted(before["deck"]) and after["deck"] != before["deck"]
    assert {k: v for k, v in after.items() if k != "deck"} == {k: v for k, v in before.items() if k != "deck"}
    assert "deck" not in game.view_state(0) or isinstance(game.view_state(0)["deck"], int)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_view_shows_the_deck_only_by_its_size(players: int) -> None:
    game = Game(RULESET, [RandomAgent(i) for i in range(players)], seed=1)
    game.setup()
    assert game.view_state(0)["deck"] == len(game.deck)
