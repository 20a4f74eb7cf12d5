"""Run: the rule-test API for Mecha Game: build a game in any state, drive its phases, read what happened.

Rule tests and scenarios use only this module::

    game = api.table(ruleset, active=0, hands=(["lancer"], []), decks=(["courier"] * 5, ["courier"] * 5))
    api.place(game, "radio-tower", "a1", owner=0)
    api.script(game, 0, [("main", ("play", "lancer", "b1")), ("main", ("pass",))])
    events = api.run(game, game.main_phase)

``table`` skips the opening: hands and decks are as given (a deck's top card is its last), the active
player is fixed, and every seat's agent is a strict :class:`ScriptedAgent`, so an unscripted decision
raises (XMage's strict choose mode). ``place`` puts a unit in play without its `when this enters`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.plugins.mecha.engine import GameOver, MechaGame
from rulecraft.plugins.mecha.model import Ruleset
from rulecraft.plugins.mecha.state import Unit
from rulecraft.runtime.decisions import Agent, ScriptedAgent


def table(ruleset: Ruleset, *, active: int = 0, turn: int = 2,
          hands: Sequence[Sequence[str]] = ((), ()), decks: Sequence[Sequence[str]] = ((), ()),
          agents: Sequence[Agent] | None = None) -> MechaGame:
    """A game mid-way: no opening, ``active`` to play turn ``turn``."""
    agents = list(agents) if agents is not None else [ScriptedAgent(), ScriptedAgent()]
    game = MechaGame(ruleset, agents, decks=[list(d) for d in decks], first=active)
    for seat, hand in zip(game.seats, hands, strict=True):
        seat.hand = list(hand)
    game.active, game.turn = active, turn
    return game


def place(game: MechaGame, card: str, cell: str, owner: int, *, durability: int | None = None,
          armour: int | None = None, time: int | None = None, moved: bool = False,
          attacked: bool = False) -> Unit:
    """A unit in play on ``cell`` with its entering counters, or those given."""
    where = game.grid.cell(cell)
    if where in game.at:
        raise ValueError(f"{cell} already holds {game.at[where].card}")
    c = game.cards[card]
    unit = Unit(game.next_uid, card, owner, where, c.durability if durability is None else durability,
                c.keywords.armour if armour is None else armour, c.time if time is None else time)
    unit.moved, unit.attacked = moved, attacked
    game.next_uid += 1
    game.put(unit)
    return unit


def script(game: MechaGame, seat: int, answers: Iterable[tuple[str, Any]]) -> None:
    agent = game.agents[seat]
    if not isinstance(agent, ScriptedAgent):
        raise TypeError(f"seat {seat} is not scripted")
    for kind, answer in answers:
        agent.add(kind, answer)


def run(game: MechaGame, step: Callable[[], Any]) -> list[dict[str, Any]]:
    """Run one step of the game (a phase, a turn, an action); the events it made. A loss ends it."""
    start = len(game.events)
    with contextlib.suppress(GameOver):
        step()
    return game.events[start:]


def unit_at(game: MechaGame, cell: str) -> Unit | None:
    return game.at.get(game.grid.cell(cell))
