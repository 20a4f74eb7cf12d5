"""T16 hidden information: a player's view never changes when another player's secrets change."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.views import view_for
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.views import View


class Stop(BaseException):   # not an Exception: rule and ability errors are wrapped, this is not
    pass


def game_at(ruleset, seed, players, step):
    game = Game(ruleset, [RandomAgent(f"{seed}/{i}") for i in range(players)], seed=seed)

    def stop(event):
        if len(game.events) >= step and game.round:
            raise Stop

    game.listeners.append(stop)
    with contextlib.suppress(Stop):
        game.play()
    return game


def scramble_secrets(game, seat, rng):
    """Change everything T16 keeps secret from ``seat``: others' unrevealed program cards, others' Mine
    numbers (deployed and in supply), the Advanced deck's order, the pilots others were dealt."""
    for p in game.players:
        if p.seat == seat:
            continue
        hidden = p.program[p.revealed:]
        rng.shuffle(hidden)
        p.program[p.revealed:] = hidden
        mines = [c for c, t in game.tokens.items() if t.owner == p.seat and t.kind == "mine"]
        numbers = [game.tokens[c].number for c in mines] + p.mine_supply
        rng.shuffle(numbers)
        for c, number in zip(mines, numbers, strict=False):
            game.tokens[c].number = number
        p.mine_supply = numbers[len(mines):]
        p.dealt_pilots = (p.pilot, rng.choice(sorted(game.ruleset.pilots)))
    rng.shuffle(game.deck)


def exposed(view) -> dict:
    """Everything a view offers an agent: each public attribute, and the result of each method."""
    out = {}
    for name in dir(view):
        if name.startswith("__"):
            continue
        value = getattr(view, name)
        try:
            out[name] = value() if callable(value) and not isinstance(value, type) else value
        except LookupError as refused:      # forks(): only a searching agent's view has them (issue 25)
            out[name] = f"refused: {refused}"
    return out


@settings(max_examples=60)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), step=st.integers(30, 700),
       shuffle=st.integers(0, 2**32))
def test_a_players_view_hides_every_other_players_secrets(core, seed, players, step, shuffle):
    """T16 over every attribute a View exposes (issue 9), not only state(): a new attribute is covered."""
    game = game_at(core, seed, players, step)
    seat = seed % players
    before = exposed(View(game, seat))
    assert set(before) == {"_forks", "_state", "forks", "player", "ruleset", "state"}
    scramble_secrets(game, seat, random.Random(shuffle))
    after = exposed(View(game, seat))
    assert after["ruleset"] is before["ruleset"] is game.ruleset     # immutable public definitions
    assert after == before and after["state"] == view_for(game, seat)


def test_the_view_shows_your_own_secrets(core):
    game = game_at(core, 3, 3, 200)
    me = game.players[0]
    view = view_for(game, 0)
    assert view["players"][0]["program"] == [list(c) for c in me.program]
    assert view["players"][0]["mine_supply"] == me.mine_supply
    assert isinstance(view["deck"], int)
    for cell, token in game.tokens.items():
        shown = view["tokens"][game.board.name(cell)]["number"]
        assert shown == (token.number if token.owner == 0 else None)
