"""Run: Mecha Game's rule scenarios, its ``given`` builder and steps on the shared scenario kit
(:mod:`rulecraft.runtime.scenarios`)::

    name: an enemy unit blocks the line behind it
    covers: [M10]
    given:
      active: a                              # whose turn (default a); seats are a (row 1) and b (row 5)
      hands: {a: [emp-burst]}                # card ids
      decks: {a: [courier, lancer]}          # the top card is the last; or {card: copies}, or starter
      first: b                               # for an `opening` step: the first player (else the RNG)
      damage: {b: 4}                         # cards already in a damage zone
      units: {c1: {card: longbow, owner: a}, c2: {card: lancer, owner: b, durability: 1}}
    when:
      - do: [attack, c1, c2]                 # a main-phase action of the active player (it must be legal)
        decisions: {b: [{window: [command, emergency-plating]}]}
      - phase: end                           # start, draw, main, end, turn or opening
    then:
      units: {c2: null, c1: {attacked: true}}
      players: {b: {discard: [lancer], hand: 0, deck: 3, damage: 1, bandwidth: 0, population: 0}}
      actions: {includes: [[move, c1, c2]], excludes: [[attack, c1, c3]]}   # main-phase options now
      asked: [[window, b], [window, a]]      # the decisions asked, kind and seat, in order
      view: {a: {b: {hand: 3, deck: 2}}}     # what seat a's view shows of seat b (M18)
      events: [{e: damage, cell: c2, removed: 1}]   # in this order, among the step's events
      no_events: [{e: fizzle}]
      winner: a                              # a, b, draw or none (the game goes on)
      reason: damage

The format's schema is ``schemas/mecha/scenario.schema.json``; the kit runs the rest (strict seats,
chance, ``events``, ``asked``, the comparison). A step the game ends in (a player loses) ends the game:
a later step is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha.engine import GameOver, MechaGame
from rulecraft.plugins.mecha.model import Ruleset
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.plugins.mecha.views import view_for
from rulecraft.runtime.decisions import canonical
from rulecraft.runtime.scenarios import Scenario, ScenarioError
from rulecraft.runtime.scenarios import Table as KitTable

SCHEMA = "rulecraft.schemas.mecha:scenario.schema.json"
SEATS = {"a": 0, "b": 1}
NAMES = ("a", "b")


def prepare(scenario: Scenario) -> tuple[Ruleset]:
    """The ruleset a scenario runs on: Mecha Game's core pack, checked and built by the host."""
    return (core_ruleset(),)


def _seat(value: Any) -> int:
    if value not in SEATS:
        raise ValueError(f"a seat is 'a' or 'b', not {value!r}")
    return SEATS[value]


def _deck(ruleset: Ruleset, seat: int, value: Any) -> list[str]:
    """A deck as a list (top last), ``{card: copies}``, or ``starter`` (the seat's deck in the pack)."""
    if value == "starter":
        return list(ruleset.decks[ruleset.seat_decks[seat]].cards)
    if isinstance(value, Mapping):
        return [cid for cid, n in value.items() for _ in range(int(n))]
    return list(value)


def table(ruleset: Ruleset, given: Mapping[str, Any]) -> MechaGame:
    hands, decks = given.get("hands", {}), given.get("decks", {})
    game = api.table(ruleset, active=_seat(given.get("active", "a")), turn=int(given.get("turn", 2)),
                     hands=[hands.get(n, []) for n in NAMES],
                     decks=[_deck(ruleset, i, decks.get(n, [])) for i, n in enumerate(NAMES)])
    if "first" in given:
        game.first = game.active = _seat(given["first"])
        game.turn = 0
    for name, count in given.get("damage", {}).items():
        game.seats[_seat(name)].damage = ["radio-tower"] * int(count)
    for cell, unit in given.get("units", {}).items():
        extra = {k: unit[k] for k in ("durability", "armour", "time", "moved", "attacked") if k in unit}
        api.place(game, unit["card"], cell, _seat(unit["owner"]), **extra)
    return game




def _unit_fields(game: MechaGame, cell: str) -> dict[str, Any] | None:
    unit = api.unit_at(game, cell)
    if unit is None:
        return None
    return {"card": unit.card, "owner": NAMES[unit.owner], "durability": unit.durability,
            "armour": unit.armour, "time": unit.time, "moved": unit.moved, "attacked": unit.attacked,
            "power": game.power(unit)}


def _player_fields(game: MechaGame, seat: int) -> dict[str, Any]:
    s = game.seats[seat]
    bandwidth, population = game.supply(seat)
    return {"hand": list(s.hand), "deck": len(s.deck), "discard": list(s.discard), "damage": len(s.damage),
            "bandwidth": bandwidth, "population": population}




class Table(KitTable):
    """One scenario's table: the position of ``given``, seats ``a`` and ``b`` (M1)."""

    STEPS = ("do", "phase")
    SEAT_KEYS: ClassVar[frozenset[str]] = frozenset({"player", "winner"})

    def __init__(self, scenario: Scenario, ruleset: Ruleset) -> None:
        self.seats = NAMES
        self.game = table(ruleset, scenario.given)

    def play(self, kind: str, value: Any, step: Mapping[str, Any]) -> None:
        game = self.game
        if game.finished:
            raise ScenarioError(f"the game is over ({game.reason}): no step can follow")
        try:
            if kind == "do":
                action = canonical(value)
                legal = game.main_options(game.active)
                if action not in legal:
                    raise ScenarioError(f"{list(action)} is not a legal action now; legal: "
                                        f"{[list(o) for o in legal]}")
                game.act(game.active, action)
                game.resolve_pending()
            else:
                {"start": game.start_phase, "draw": game.draw_phase, "main": game.main_phase,
                 "end": game.end_phase, "turn": game.take_turn, "opening": game.opening}[value]()
        except GameOver:
            pass

    def observe(self, key: str, want: Any) -> Any:
        game = self.game
        if key == "units":
            return {cell: _unit_fields(game, cell) for cell in want}
        if key == "players":
            return {name: _player_fields(game, self.seat(name)) for name in want}
        if key == "view":
            views = {name: view_for(game, self.seat(name))["players"] for name in want}
            return {name: {other: views[name][self.seat(other)] for other in seen}
                    for name, seen in want.items()}
        if key == "actions":
            return list(game.main_options(game.active))
        if key == "winner":
            return "none" if not game.finished else "draw" if game.winner is None else NAMES[game.winner]
        if key == "reason":     # ``draw`` stands for any drawn end (``draw: deck-out and damage``)
            reason = game.reason or ""
            return "draw" if want == "draw" and reason.startswith("draw") else game.reason
        return super().observe(key, want)
