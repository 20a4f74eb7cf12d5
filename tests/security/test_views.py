"""Agents get their view and nothing else (issue 9, T16): no path leads from a View to the live game, its
players, its hooks or its RNG, however an agent looks: attributes, slots, closures, bound methods,
defaults, globals (the class of leak boardgame.io had in its issue 399)."""

from __future__ import annotations

import random
import types

import pytest

from rulecraft.plugins.manager import Hooks
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.state import Player
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.views import View

LINKS = ("__self__", "__func__", "__closure__", "__defaults__", "__kwdefaults__", "__wrapped__",
         "__globals__", "cell_contents", "__dict__", "fget", "fset")


def reachable(start, limit: int = 200_000):
    """Every object reachable from ``start`` through attributes, slots, function internals and container
    items; modules and classes are not entered (they hold code, not a game)."""
    seen, todo = {id(start)}, [start]
    while todo and len(seen) < limit:
        obj = todo.pop()
        yield obj
        if isinstance(obj, types.ModuleType | type):
            continue
        children = []
        if isinstance(obj, dict):
            children += [*obj.keys(), *obj.values()]
        elif isinstance(obj, list | tuple | set | frozenset):
            children += list(obj)
        elif not isinstance(obj, str | bytes | int | float | bool | type(None)):
            for name in {*dir(obj), *LINKS}:
                try:
                    children.append(getattr(obj, name))
                except Exception:        # a property that needs more than it has
                    continue
        for child in children:
            if id(child) not in seen:
                seen.add(id(child))
                todo.append(child)


@pytest.fixture(scope="module")
def game(core):
    game = Game(core, [RandomAgent(f"v/{i}") for i in range(3)], seed="views")
    game.setup()
    return game


def test_an_agent_cannot_reach_the_game_through_its_view(core):
    found: list = []

    class Peeker(RandomAgent):
        """Tries what a cheating agent would, at its 1st and 150th decision."""

        needs_state = True
        asked = 0

        def decide(self, decision, view):
            self.asked += 1
            if self.asked in (1, 150):
                assert not hasattr(view, "game")
                with pytest.raises(AttributeError):
                    view.game = "anything"          # no __dict__ to add a back door to
                found.extend(type(o).__name__ for o in reachable(view)
                             if isinstance(o, Game | Player | random.Random | Hooks))
            return super().decide(decision, view)

    game = Game(core, [Peeker(0), RandomAgent(1)], seed="peek")
    game.play()
    assert game.finished and found == []


def test_the_view_an_engine_hands_an_agent_holds_only_ruleset_seat_and_state(game):
    seen = []

    class Recorder(RandomAgent):
        needs_state = True

        def decide(self, decision, view):
            seen.append(view)
            return super().decide(decision, view)

    table = Game(game.ruleset, [Recorder(0), RandomAgent(1)], seed="views")
    table.play()
    assert seen and all(type(v) is View and not hasattr(v, "__dict__") for v in seen)
    assert all(v.ruleset is table.ruleset and v.player == 0 and v.state()["you"] == 0 for v in seen)


def test_an_agent_that_never_looks_gets_no_state(game):
    view = View(game, 1, state=False)
    with pytest.raises(LookupError, match="needs_state"):
        view.state()
