"""Run: Mecha Game rule scenarios (given / when / then), the game's scenario vocabulary.

A scenario is plain data (the YAML loader is the caller's)::

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
      offered: [[move, c1, c2]]               # main-phase options of the active player now
      not_offered: [[attack, c1, c3]]
      asked: [[window, b], [window, a]]      # the decisions asked, kind and seat, in order
      view: {a: {b: {hand: 3, deck: 2}}}     # what seat a's view shows of seat b (M18)
      events: [{e: damage, cell: c2, removed: 1}]   # in this order, among the step's events
      no_events: [{e: fizzle}]
      winner: a                              # a, b, draw or none (the game goes on)
      reason: damage

The format's schema is ``schemas/mecha/scenario.schema.json``. Every seat is a strict scripted agent: a
decision the scenario does not answer fails it, and so does an answer it leaves unused. :func:`run`
returns a :class:`Result` listing every difference.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha.engine import GameOver, MechaGame
from rulecraft.plugins.mecha.model import Ruleset
from rulecraft.plugins.mecha.views import view_for
from rulecraft.runtime.decisions import Decision, IllegalAnswer, UnscriptedDecision, canonical
from rulecraft.runtime.scenarios import Difference

SEATS = {"a": 0, "b": 1}
NAMES = ("a", "b")
PHASES = ("start", "draw", "main", "end", "turn", "opening")
SEAT_KEYS = frozenset({"player", "winner"})


@dataclass(slots=True)
class Result:
    """A scenario's outcome, as ``rulecraft test`` reports it: differences, or an ``error`` that stopped
    it (an illegal action, an unscripted decision, a bad ``given``), and the events of its steps."""

    name: str
    covers: tuple[str, ...]
    differences: list[Difference] = field(default_factory=list)
    error: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.differences and self.error is None

    def problems(self) -> list[str]:
        return ([self.error] if self.error else []) + [str(d) for d in self.differences]


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


def _step(game: MechaGame, step: Mapping[str, Any]) -> str | None:
    """Run one step; why it could not run, if it could not."""
    if "do" in step:
        action = canonical(step["do"])
        legal = game.main_options(game.active)
        if action not in legal:
            return f"{list(action)} is not a legal action now; legal: {[list(o) for o in legal]}"
        game.act(game.active, action)
        game.resolve_pending()
        return None
    phase = step.get("phase")
    runs = {"start": game.start_phase, "draw": game.draw_phase, "main": game.main_phase,
            "end": game.end_phase, "turn": game.take_turn, "opening": game.opening}
    if phase not in runs:
        raise ValueError(f"a step is `do: [...]` or `phase:` one of {', '.join(PHASES)}, not {dict(step)}")
    runs[phase]()
    return None


def _expected(value: Any, key: str | None = None) -> Any:
    if key in SEAT_KEYS and value in SEATS:
        return SEATS[value]
    if isinstance(value, Mapping):
        return {k: _expected(v, k) for k, v in value.items()}
    return value


def _matches(want: Mapping[str, Any], event: Mapping[str, Any]) -> bool:
    return all(k in event and canonical(event[k]) == canonical(v) for k, v in want.items())


def _check_events(want: list[Mapping[str, Any]], absent: list[Mapping[str, Any]], events: list[dict],
                  out: list[Difference]) -> None:
    rest = iter(events)
    for expected in want:
        if not any(_matches(expected, e) for e in rest):
            out.append(Difference("events (in this order)", expected, "not found after the ones before"))
            return
    out.extend(Difference("no_events", bad, e) for bad in absent for e in events if _matches(bad, e))


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


def _compare(label: str, want: Mapping[str, Any], have: Mapping[str, Any], out: list[Difference]) -> None:
    for key, value in want.items():
        got = have.get(key)
        if key == "hand" and isinstance(value, int) and isinstance(got, list):
            got = len(got or ())
        if canonical(got) != canonical(value):
            out.append(Difference(f"{label}.{key}", value, got))


def _then(game: MechaGame, then: Mapping[str, Any], events: list[dict], asked: list[Decision],
          out: list[Difference]) -> None:
    for cell, want in then.get("units", {}).items():
        have = _unit_fields(game, cell)
        if want is None or have is None:
            if want != have:
                out.append(Difference(f"units.{cell}", want, have))
            continue
        _compare(f"units.{cell}", want, have, out)
    for name, want in then.get("players", {}).items():
        _compare(f"players.{name}", want, _player_fields(game, _seat(name)), out)
    legal = game.main_options(game.active) if ("offered" in then or "not_offered" in then) else ()
    out.extend(Difference("offered", o, "not offered") for o in then.get("offered", ())
               if canonical(o) not in legal)
    out.extend(Difference("not_offered", o, "offered") for o in then.get("not_offered", ())
               if canonical(o) in legal)
    if "asked" in then:
        have_asked = [[d.kind, NAMES[d.player]] for d in asked]
        if have_asked != [list(a) for a in then["asked"]]:
            out.append(Difference("asked", then["asked"], have_asked))
    for name, seen in then.get("view", {}).items():
        state = view_for(game, _seat(name))
        for other, want in seen.items():
            _compare(f"view.{name}.{other}", want, state["players"][_seat(other)], out)
    if "winner" in then:
        want = then["winner"]
        winner = "none" if not game.finished else "draw" if game.winner is None else NAMES[game.winner]
        if want != winner:
            out.append(Difference("winner", want, f"{winner} ({game.reason})"))
    if "reason" in then and (game.reason or "") != then["reason"] and not (
            then["reason"] == "draw" and (game.reason or "").startswith("draw")):
        out.append(Difference("reason", then["reason"], game.reason))
    _check_events([_expected(e) for e in then.get("events", ())],
                  [_expected(e) for e in then.get("no_events", ())], events, out)


def run(scenario: Mapping[str, Any], ruleset: Ruleset) -> Result:
    """Play one scenario on ``ruleset``; the result lists every difference from its ``then``."""
    result = Result(str(scenario.get("name", "?")), tuple(scenario.get("covers", ())))
    try:
        game = table(ruleset, scenario.get("given", {}))
    except (KeyError, ValueError) as exc:
        result.error = "given: " + (f"unknown card {exc}" if isinstance(exc, KeyError) else str(exc))
        return result
    game.asked = []
    start = len(game.events)
    try:
        for step in scenario.get("when", ()):
            for name, answers in step.get("decisions", {}).items():
                api.script(game, _seat(name), [(kind, canonical(answer)) for answer_map in answers
                                               for kind, answer in answer_map.items()])
            result.error = _step(game, step)
            if result.error:
                break
    except GameOver:
        pass
    except (IllegalAnswer, UnscriptedDecision) as exc:
        result.error = f"{type(exc).__name__}: {exc}"
    result.events = game.events[start:]
    if result.error:
        return result
    for seat, agent in enumerate(game.agents):
        left = list(getattr(agent, "script", ()))
        if left:
            result.differences.append(Difference(f"decisions.{NAMES[seat]}", "every answer used", left))
    _then(game, scenario.get("then", {}), result.events, game.asked, result.differences)
    return result
