"""Run: play one rule scenario (given/when/then) through the scenario API and compare the outcome.

A :class:`Scenario` is plain data (the compiler's scenario loader builds it from YAML; the runtime knows
nothing of files): ``given`` a partial game state, ``when`` a list of steps with scripted answers,
``then`` a partial expected state and events. Every seat is a strict scripted agent, so a decision the
scenario does not script is a failure, and so is an answer its step left unused: a scenario never
passes by accident. Players are named by colour, cells as ``r<row>c<col>`` (or a placed zone's id).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulecraft.plugins.tem import api
from rulecraft.plugins.tem.combat import Combat
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.model import Ruleset
from rulecraft.plugins.tem.views import view_for
from rulecraft.runtime.decisions import IllegalAnswer, ScriptedAgent, UnscriptedDecision
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.scenarios import Difference

DEFAULT_SEATS = ("red", "blue")
SEAT_KEYS = frozenset({"player", "by", "owner", "attacker", "defender", "target", "opponent",
                       "starting_player", "controller"})
CELL_KEYS = frozenset({"at", "base", "cell", "frm", "to", "moved_from"})
CARD_DECISIONS = frozenset({"ad-hoc-card"})
CELL_OPTIONS = frozenset({"zone", "base", "move-token"})     # decisions whose options are cells
CARD_OPTIONS = frozenset({"program", "ad-hoc-card"})         # ... whose options are (card, orientation)
MISSING = "<missing>"


@dataclass(frozen=True, slots=True)
class Scenario:
    """One rule test as plain data; ``file``/``line`` say where it was written (for reports)."""

    name: str
    covers: tuple[str, ...]
    given: Mapping[str, Any]
    when: tuple[Mapping[str, Any], ...]
    then: Mapping[str, Any]
    file: str = ""
    line: int = 0
    notes: str = ""


@dataclass(slots=True)
class Result:
    """A scenario's outcome: the differences, an unexpected error, and the events of its steps."""

    scenario: Scenario
    differences: list[Difference] = field(default_factory=list)
    error: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.differences and self.error is None


class ScenarioError(Exception):
    """The scenario cannot be played as written (a bad step order, an unused answer, an unknown name)."""


def parse_card(text: str) -> tuple[str, str]:
    """``"red-collect E"`` -> ``("red-collect", "E")`` (T4: card and absolute orientation)."""
    card, _, facing = text.rpartition(" ")
    return card, facing


class _Run:
    """One scenario being played: the game, its colour <-> seat maps and where the round stands
    (``phase``: fresh, setup, played, ended between two rounds, over after final scoring)."""

    def __init__(self, scenario: Scenario, ruleset: Ruleset, hooks: Any) -> None:
        self.scenario = scenario
        given = scenario.given
        self.colours = tuple(given.get("seats", DEFAULT_SEATS))
        self.seat = {c: i for i, c in enumerate(self.colours)}
        agents = self._agents(given)
        steps = scenario.when
        if steps and "setup" in steps[0]:
            self.game = api.new_game(ruleset, self.colours, given.get("seed", 0), hooks, agents)
            self.phase = "setup"
        else:
            self.game = self._table(ruleset, hooks, agents)
            self.phase = "fresh"       # in the given round and turn, no turn played yet
        self.turn = int(given.get("turn", 1))
        self.combat = self._combat(given.get("combat"))
        self.start = len(self.game.events)
        self.game.asked = []             # the decisions of the steps, for then.offered

    def seat_of(self, colour: str) -> int:
        if colour not in self.seat:
            raise ScenarioError(f"no player {colour!r}; the seats are {', '.join(self.colours)}")
        return self.seat[colour]

    def _agents(self, given: Mapping[str, Any]) -> list[Any]:
        """Strict scripted seats, except those ``given.agents`` names by agent kind (``robot``: the Robot
        Pilot procedure, which still takes scripted answers first)."""
        from rulecraft.runtime.agents import make_agent
        from rulecraft.runtime.games import agents_for

        kinds, tem_agents = given.get("agents") or {}, agents_for("tem")
        seed = given.get("seed", 0)
        return [make_agent(kinds[c], f"{seed}/{i}", tem_agents) if c in kinds else ScriptedAgent()
                for i, c in enumerate(self.colours)]

    def _table(self, ruleset: Ruleset, hooks: Any, agents: list[Any]) -> Game:
        given = self.scenario.given
        self._known(ruleset)
        starting = given.get("starting_player")
        game = api.table(ruleset, colours=self.colours, agents=agents, seed=given.get("seed", 0), hooks=hooks,
                         zones=given.get("zones"), bases=given.get("bases"),
                         starting_player=self.seat_of(starting) if starting else 0)
        api.set_clock(game, int(given.get("round", 1)), int(given.get("turn", 1)))
        for where, token in (given.get("tokens") or {}).items():
            api.place_token(game, where, self.seat_of(token["owner"]), token["kind"], token.get("number"))
        for colour, fields in (given.get("players") or {}).items():
            fields = dict(fields)
            if "program" in fields:
                fields["program"] = [parse_card(c) for c in fields["program"]]
            api.set_player(game, self.seat_of(colour), **fields)
        mech = given.get("mech")
        if mech:
            controller = mech.get("controller")
            api.set_mech(game, mech.get("at"), self.seat_of(controller) if controller else None,
                         mech.get("side"))
            again = {k: v for k, v in (given.get("players") or {}).get(controller, {}).items()
                     if k in ("health", "equipped")}
            if controller and again:     # taking the Mech sets full health and its loadout: given wins
                api.set_player(game, self.seat_of(controller), **again)
        if any(k in given for k in ("row", "deck", "piles")):
            api.set_market(game, given.get("row"), given.get("deck"), given.get("piles"))
        cells = (*(p.pos for p in game.players), *game.tokens, game.mech_pos)
        holes = sorted({game.board.name(c) for c in cells if c >= 0 and game.board.zones[c] is None})
        if holes:
            raise ScenarioError(f"no zone at {', '.join(holes)}: players, tokens and the Mighty Mech "
                                f"stand on zones")
        return game

    def _combat(self, given: Mapping[str, Any] | None) -> tuple[Combat, int] | None:
        """The Combat a scenario starts inside (``given.combat``) and who attacks next in it; its
        ``combat`` step goes on with it."""
        if not given:
            return None
        exhausted = {self.seat_of(c): w for c, w in (given.get("exhausted") or {}).items()}
        nxt = self.seat_of(given.get("next") or given["attacker"])
        combat = api.combat_under_way(self.game, self.seat_of(given["attacker"]),
                                      self.seat_of(given["defender"]), exhausted, given.get("last_type"), nxt)
        return combat, nxt

    def _known(self, ruleset: Ruleset) -> None:
        """Every id the given names exists in the ruleset, so a typo fails with its name, not later."""
        given = self.scenario.given
        wanted: list[tuple[str, Any, Container[str]]] = [
            ("zone", z, ruleset.zones) for z in (given.get("zones") or {}).values()]
        wanted += [("weapon", w, ruleset.weapons)
                   for ws in ((given.get("combat") or {}).get("exhausted") or {}).values() for w in ws]
        for fields in (given.get("players") or {}).values():
            wanted += [("weapon", w, ruleset.weapons) for key in ("owned", "equipped", "purchased")
                       for w in fields.get(key, ())]
            if fields.get("pilot"):
                wanted.append(("pilot", fields["pilot"], ruleset.pilots))
        unknown = [f"{kind} {name!r}" for kind, name, known in wanted if name not in known]
        if unknown:
            raise ScenarioError(f"the ruleset has no {', '.join(unknown)}")

    # --- when ----------------------------------------------------------------------------------
    def script(self, step: Mapping[str, Any], first: Sequence[tuple[str, tuple[str, Any]]] = ()) -> None:
        for colour, kind_answer in first:
            api.script(self.game, self.seat_of(colour), [kind_answer])
        for colour, answers in (step.get("decisions") or {}).items():
            seat = self.seat_of(colour)
            for answer in answers:
                ((kind, value),) = answer.items()
                if kind in CARD_DECISIONS and isinstance(value, str):
                    value = parse_card(value)
                elif kind == "program":
                    value = tuple(parse_card(c) if isinstance(c, str) else c for c in value)
                api.script(self.game, seat, [(kind, value)])

    def unused(self) -> None:
        left = {self.colours[i]: list(a.script) for i, a in enumerate(self.game.agents)
                if isinstance(a, ScriptedAgent) and a.script}
        if left:
            for agent in self.game.agents:
                if isinstance(agent, ScriptedAgent):     # a seat given an agent kind has no script
                    agent.script.clear()
            raise ScenarioError("scripted answers left unused by the step: " +
                                "; ".join(f"{c}: {', '.join(f'{k} {v!r}' for k, v in a)}"
                                          for c, a in left.items()))

    def in_round(self) -> None:
        """Turns are played inside a round: after ``end_round`` the next round begins (no program phase)."""
        if self.phase == "setup":
            self.game.round = max(self.game.round, 0)
            api.begin_round(self.game)
            self.game.turn = self.turn = 1
        elif self.phase == "ended":
            api.begin_round(self.game)
            self.game.turn = self.turn = 1
        self.phase = "played"

    def step(self, step: Mapping[str, Any]) -> None:
        game = self.game
        if "setup" in step:
            self.script(step)
            api.setup(game)
        elif "play" in step:
            card, facing = parse_card(step["play"])
            if card not in game.cards:
                raise ScenarioError(f"no program card {card!r} at this table")
            self.script(step)
            self.in_round()
            api.play_card(game, self.seat_of(game.cards[card].colour), card, facing)
        elif "turn" in step:
            self.script(step)
            self.in_round()
            game.turn = self.turn
            for p in game.order():
                if p.colour in step["turn"]:
                    card, facing = parse_card(step["turn"][p.colour])
                    api.play_card(game, p.seat, card, facing)
            self.turn += 1
        elif "round" in step:
            if self.phase == "played":
                raise ScenarioError("a `round` step must start a round: `end_round` the one being played")
            programs = [(c, ("program", tuple(parse_card(x) for x in cards)))
                        for c, cards in step["round"].items()]
            self.script(step, programs)
            if self.phase == "fresh":
                game.round -= 1          # the given round is the one this step plays
            api.play_round(game)
            self.phase = "ended"
        elif "end_round" in step:
            if self.phase == "ended":
                raise ScenarioError("`end_round` twice: no round is being played")
            self.script(step)
            api.end_round(game)
            self.phase = "ended"
        elif "combat" in step:
            if self.combat is None:
                raise ScenarioError("a `combat` step goes on with `given.combat`, and there is none")
            self.script(step)
            self.in_round()
            (combat, nxt), self.combat = self.combat, None
            api.continue_combat(game, combat, nxt)
        elif "end_game" in step:
            self.script(step)
            api.finish(game)
            self.phase = "over"
        self.unused()

    # --- then ----------------------------------------------------------------------------------
    def cell_name(self, where: Any) -> Any:
        if isinstance(where, str):
            try:
                return self.game.board.name(api.cell(self.game, where))
            except (KeyError, IndexError, ValueError):
                return where
        if isinstance(where, int) and not isinstance(where, bool):
            return self.game.board.name(where) if where >= 0 else None
        return where

    def colour(self, seat: Any) -> Any:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.colours):
            return self.colours[seat]
        return seat

    def show(self, value: Any, key: str | None = None) -> Any:
        """Engine data (events, standings) with seats as colours."""
        if isinstance(value, dict):
            return {k: self.show(v, k) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            if key == "players":
                return [self.colour(v) for v in value]
            return [self.show(v) for v in value]
        if key in SEAT_KEYS:
            return self.colour(value)
        return value

    def picture(self, snap: dict[str, Any]) -> dict[str, Any]:
        """A snapshot or view in scenario terms: players by colour, cells by name, cards as ``card DIR``."""
        players = {}
        for p in snap["players"]:
            p = dict(p)
            p["at"] = self.cell_name(p.pop("pos"))
            p["base"] = self.cell_name(p["base"])
            p["program"] = [f"{c} {o}" for c, o in p["program"]]
            players[p["colour"]] = p
        mech = snap["mech"]
        controller = mech["controller"]
        out = dict(snap)
        out["players"] = players
        out["tokens"] = {cell: {**t, "owner": self.colour(t["owner"])} for cell, t in snap["tokens"].items()}
        out["mech"] = {"at": mech["cell"], "controller": self.colour(controller),
                       "side": self.game.players[controller].mech_side if controller is not None else None}
        out["starting_player"] = self.colour(snap["starting_player"])
        if self.phase == "ended" and self.game.round < self.game.rules.rounds:
            out["round"], out["turn"] = self.game.round + 1, 1   # between rounds: the next one is up
        return out

    def option(self, kind: str, value: Any) -> Any:
        """A decision's option in scenario terms, as its scripted answer is written: cells by name,
        program cards as ``card DIR``, tuples as lists."""
        if kind in CELL_OPTIONS and isinstance(value, int) and not isinstance(value, bool):
            return self.cell_name(value)
        if kind in CARD_OPTIONS and isinstance(value, tuple) and len(value) == 2:
            return f"{value[0]} {value[1]}"
        if isinstance(value, (tuple, list)):
            return [self.option(kind, v) for v in value]
        return value

    def offered(self, want: Mapping[str, Any], path: str, out: list[Difference]) -> None:
        """Compare the options of the ``nth`` decision of kind ``want["decision"]`` (of ``player``) asked
        during the steps: ``exactly`` (in any order), ``includes`` (a subset), ``excludes`` (none)."""
        kind, who = want["decision"], want.get("player")
        asked = [d for d in self.game.asked or () if d.kind == kind
                 and (who is None or d.player == self.seat_of(who))]
        nth = int(want.get("nth", 1))
        label = f"{kind} decision #{nth}" + (f" of {who}" if who else "")
        if len(asked) < nth:
            kinds = sorted({d.kind for d in self.game.asked or ()})
            out.append(Difference(path, label, f"{len(asked)} such decision(s) asked; the steps asked "
                                  f"{', '.join(kinds) or 'no decision'}"))
            return
        options = [self.option(kind, o) for o in asked[nth - 1].options]

        def named(values: Sequence[Any]) -> list[Any]:
            return [self.expected_option(kind, v) for v in values]

        if "exactly" in want:
            wanted = named(want["exactly"])
            if [w for w in wanted if w not in options] or [o for o in options if o not in wanted]:
                out.append(Difference(f"{path}.exactly", wanted, options))
        if "includes" in want:
            missing = [w for w in named(want["includes"]) if w not in options]
            if missing:
                out.append(Difference(f"{path}.includes", missing, options))
        if "excludes" in want:
            present = [w for w in named(want["excludes"]) if w in options]
            if present:
                out.append(Difference(f"{path}.excludes", f"none of {present}", options))

    def expected_option(self, kind: str, value: Any) -> Any:
        """An expected option as written (a cell may be a placed zone's id)."""
        if kind in CELL_OPTIONS and isinstance(value, str):
            return self.cell_name(value)
        return value

    def expected(self, value: Any, key: str | None = None) -> Any:
        """Expected data with zone ids named as cells, so ``at: red-base`` compares with ``r0c2``."""
        if isinstance(value, dict):
            return {k: self.expected(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [self.expected(v) for v in value]
        if key in CELL_KEYS:
            return self.cell_name(value)
        return value


def compare(expected: Any, actual: Any, path: str, out: list[Difference]) -> None:
    """Partial comparison: a mapping compares only its listed keys; lists compare item by item."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            out.append(Difference(path, expected, actual))
            return
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                if value is not None:
                    out.append(Difference(sub, value, MISSING))
                continue
            compare(value, actual[key], sub, out)
    elif isinstance(expected, list):
        if not isinstance(actual, (list, tuple)) or len(actual) != len(expected):
            out.append(Difference(path, expected, actual))
            return
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            compare(e, a, f"{path}[{i}]", out)
    elif expected != actual or isinstance(expected, bool) != isinstance(actual, bool):
        out.append(Difference(path, expected, actual))


def matches(expected: dict[str, Any], event: dict[str, Any]) -> bool:
    found: list[Difference] = []
    compare(expected, event, "", found)
    return not found


def check_events(expected: Sequence[dict], absent: Sequence[dict], events: list[dict],
                 out: list[Difference]) -> None:
    """``expected`` in order as a subsequence of ``events``; nothing in ``absent`` anywhere."""
    at = 0
    for i, want in enumerate(expected):
        hit = next((k for k in range(at, len(events)) if matches(want, events[k])), None)
        if hit is None:
            same = [e for e in events[at:] if e.get("e") == want.get("e")]
            out.append(Difference(f"events[{i}]", want, same or f"no {want.get('e', 'such')} event "
                                  f"after event #{at}"))
        else:
            at = hit + 1
    for i, unwanted in enumerate(absent):
        for event in events:
            if matches(unwanted, event):
                out.append(Difference(f"no_events[{i}]", "no such event", event))
                break


def run(scenario: Scenario, ruleset: Ruleset, hooks: Any = None) -> Result:
    """Play ``scenario`` on ``ruleset`` (with ``hooks``: the variant plugins) and compare its ``then``."""
    result = Result(scenario)
    try:
        state = _Run(scenario, ruleset, hooks)
    except Exception as exc:     # a given the API refuses (or cannot place) fails this scenario only
        result.error = f"the given state cannot be set up: {type(exc).__name__}: {_text(exc)}"
        return result
    then = scenario.then
    wanted_error = then.get("error")
    raised: str | None = None
    try:
        for step in scenario.when:
            state.step(step)
    except (UnscriptedDecision, ScenarioError) as exc:
        result.error = _text(exc)
    except (IllegalAnswer, GameError, ValueError, KeyError) as exc:
        raised = _text(exc)
    except Exception as exc:    # an engine bug: report it as the scenario's failure, with its type
        result.error = f"{type(exc).__name__}: {_text(exc)}"
    game = state.game
    result.events = [state.show(e) for e in game.events[state.start:]]
    if result.error is not None:
        return result
    if raised is not None:
        if wanted_error is None:
            result.error = raised
            return result
        if wanted_error not in raised:
            result.differences.append(Difference("error", wanted_error, raised))
    elif wanted_error is not None:
        result.differences.append(Difference("error", wanted_error, "no error"))
    try:
        _compare_then(state, then, result)
    except Exception as exc:     # an expectation the state cannot answer fails this scenario only
        result.error = f"cannot compare the expected state: {type(exc).__name__}: {_text(exc)}"
    return result


def _compare_then(state: _Run, then: Mapping[str, Any], result: Result) -> None:
    game = state.game
    actual = state.picture(api.state(game))
    out = result.differences
    for key in ("players", "mech", "round", "turn", "starting_player", "row", "deck", "piles"):
        if key in then:
            compare(state.expected(then[key], key), actual[key], key, out)
    if "tokens" in then:
        tokens = {state.cell_name(cell): t for cell, t in then["tokens"].items()}
        for cell, want in tokens.items():
            have = actual["tokens"].get(cell)
            if want is None or have is None:
                if want != have:
                    out.append(Difference(f"tokens.{cell}", want, have))
            else:
                compare(want, have, f"tokens.{cell}", out)
    if "events" in then or "no_events" in then:
        check_events([state.expected(e) for e in then.get("events", ())],
                     [state.expected(e) for e in then.get("no_events", ())], result.events, out)
    if "standings" in then:
        compare(then["standings"], state.show([s.row() for s in game.standings]) if game.standings else None,
                "standings", out)
    for i, want in enumerate(then.get("offered") or ()):
        state.offered(want, f"offered[{i}]", out)
    for colour, want in (then.get("view") or {}).items():
        seen = state.picture(view_for(game, state.seat_of(colour)))
        compare(state.expected(want), seen, f"view.{colour}", out)


def _text(exc: BaseException) -> str:
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
