"""Run: the rule-scenario kit every game's scenarios run on: a scenario as plain data, its result, the one
partial comparison, the event matcher, strict seats by name, ``asked``/``offered`` checks and scripted chance.

A game writes only its :class:`Table`: the ``given`` builder (``__init__``: the game in the scenario's
starting state) and its steps (:meth:`Table.play`, one per kind in ``STEPS``), and says what its state
fields look like in scenario terms (:meth:`Table.observe`). Everything else is here, the same for every
game: a step's ``decisions`` scripted on strict seats named as the scenario names them (an unscripted
decision fails, and so does an answer the step left unused), its ``chance`` scripted on the game's chance
source (:mod:`rulecraft.runtime.chance`), and ``then`` compared by :func:`compare`. The compiler's scenario
loader builds :class:`Scenario` s from YAML; the runtime knows nothing of files.

**The comparison** (:func:`compare`) is deep and partial, one semantics for every game: a mapping compares
only the keys it lists (a listed ``null`` also matches a key that is absent), a list compares item by item
and must have the same length (a tuple is a list: values are compared after
:func:`~rulecraft.runtime.decisions.canonical`, as answers are), an integer where the state has a list is
that list's length (``hand: 3``), ``{exactly|includes|excludes: [...]}`` where the state has a list is a
set check, and scalars are equal only with the same type of truth: ``true`` is not ``1`` and ``0`` is not
``false``. Deep, because an event or a player is nested data and a scenario must be able to pin one field
deep inside without restating the rest; bool apart from int, because a flag and a count are different rules
(Python's ``True == 1`` would let ``attacked: 1`` pass).

**Chance** is scripted per step (``chance: [{what, result}, ...]``, the draws that step makes, in order).
A draw whose ``what`` the scenario names anywhere is strict everywhere: the script must have it next, and
a step that leaves one of its draws unused, or takes a later step's, fails naming it. Draws of a ``what``
the scenario never names come from the seeded source of ``given.seed`` as in a real game, so a scenario
scripts only the chance its rule is about (a random setup it does not look at stays seeded, and every
scenario written before chance was scripted plays as it did).

**Invariants**: ``then: {invariants: true}`` watches the game's own invariants (its definition's
``invariants``, :mod:`rulecraft.runtime.invariants`) after every event of the steps and fails naming the
first that breaks: what a scenario ``rulecraft fuzz`` writes from a failing game asserts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rulecraft.runtime.chance import Draw, ScriptedChance, UnscriptedChance
from rulecraft.runtime.decisions import IllegalAnswer, ScriptedAgent, UnscriptedDecision, canonical
from rulecraft.runtime.errors import GameError
from rulecraft.runtime.invariants import Checker

MISSING = "<missing>"
SET_CHECKS = ("exactly", "includes", "excludes")
KIT_THEN = frozenset({"events", "no_events", "asked", "offered", "error", "invariants"})   # the kit's own
STEP_KEYS = frozenset({"decisions", "chance"})                               # what any step may add


@dataclass(frozen=True, slots=True)
class Difference:
    """One expectation that did not hold: where (``players.red.vp``, ``events[2]``), what the scenario
    expected, what happened."""

    path: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.path}: expected {self.expected!r}, got {self.actual!r}"


@dataclass(frozen=True, slots=True)
class Scenario:
    """One rule test as plain data; ``file``/``line`` say where it was written (for reports)."""

    name: str
    covers: tuple[str, ...]
    game: str
    given: Mapping[str, Any]
    when: tuple[Mapping[str, Any], ...]
    then: Mapping[str, Any]
    file: str = ""
    line: int = 0
    notes: str = ""


@dataclass(slots=True)
class Result:
    """A scenario's outcome: the differences, an error that stopped it, and the events of its steps."""

    scenario: Scenario
    differences: list[Difference] = field(default_factory=list)
    error: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.differences and self.error is None

    def problems(self) -> list[str]:
        return ([self.error] if self.error else []) + [str(d) for d in self.differences]


class ScenarioError(Exception):
    """The scenario cannot be played as written (an unused answer or draw, an unknown seat, a bad step)."""


# --- the comparison -------------------------------------------------------------------------------
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_set_check(expected: Any) -> bool:
    return isinstance(expected, dict) and bool(expected) and all(k in SET_CHECKS for k in expected)


def compare(expected: Any, actual: Any, path: str, out: list[Difference]) -> None:
    """Append to ``out`` every way ``actual`` differs from the partial ``expected`` (the module docstring
    says the semantics and why)."""
    if isinstance(actual, tuple):
        actual = list(actual)
    if _is_set_check(expected) and isinstance(actual, list):
        compare_options(expected, actual, path, out)
    elif isinstance(expected, dict):
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
        if not isinstance(actual, list) or len(actual) != len(expected):
            out.append(Difference(path, expected, _shown(actual)))
            return
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            compare(e, a, f"{path}[{i}]", out)
    elif _is_int(expected) and isinstance(actual, list):
        if len(actual) != expected:
            out.append(Difference(path, expected, f"{len(actual)}: {_shown(actual)!r}"))
    elif expected != actual or isinstance(expected, bool) != isinstance(actual, bool):
        out.append(Difference(path, expected, _shown(actual)))


def same(expected: Any, actual: Any) -> bool:
    """``actual`` has everything ``expected`` lists (:func:`compare` finds no difference)."""
    found: list[Difference] = []
    compare(expected, actual, "", found)
    return not found


def _shown(value: Any) -> Any:
    """Tuples shown as lists, as the scenario writes them."""
    if isinstance(value, (list, tuple)):
        return [_shown(v) for v in value]
    return value


def compare_options(want: Mapping[str, Any], options: Sequence[Any], path: str,
                    out: list[Difference]) -> None:
    """A set check of ``options`` (a decision's, or any list of the state): ``exactly`` these in any
    order, ``includes`` these (a subset), ``excludes`` none of these; each option compared by :func:`same`."""
    have = _shown(list(options))

    def among(value: Any) -> bool:
        return any(same(value, o) for o in have)

    if "exactly" in want:
        wanted = list(want["exactly"])
        if [w for w in wanted if not among(w)] or [o for o in have if not any(same(w, o) for w in wanted)]:
            out.append(Difference(f"{path}.exactly", wanted, have))
    if "includes" in want:
        missing = [w for w in want["includes"] if not among(w)]
        if missing:
            out.append(Difference(f"{path}.includes", missing, have))
    if "excludes" in want:
        present = [w for w in want["excludes"] if among(w)]
        if present:
            out.append(Difference(f"{path}.excludes", f"none of {present}", have))


def check_events(expected: Sequence[Any], absent: Sequence[Any], events: Sequence[Mapping[str, Any]],
                 out: list[Difference]) -> None:
    """``expected`` in order as a subsequence of ``events`` (others may come between); nothing matching
    ``absent`` anywhere."""
    at = 0
    for i, want in enumerate(expected):
        hit = next((k for k in range(at, len(events)) if same(want, events[k])), None)
        if hit is None:
            kind = want.get("e") if isinstance(want, Mapping) else None
            alike = [e for e in events[at:] if e.get("e") == kind]
            out.append(Difference(f"events[{i}]", want, alike or f"no {kind or 'such'} event after "
                                  f"event #{at}"))
        else:
            at = hit + 1
    for i, unwanted in enumerate(absent):
        for event in events:
            if same(unwanted, event):
                out.append(Difference(f"no_events[{i}]", "no such event", event))
                break


# --- the table a game writes ----------------------------------------------------------------------
class Table:
    """A scenario's table: the game in its ``given`` state, its seats by name, and its steps.

    A game subclasses it: ``__init__`` is its ``given`` builder (it sets :attr:`game`, a
    :class:`~rulecraft.runtime.game.GameCore` whose seats are strict :class:`ScriptedAgent` s, and
    :attr:`seats`, the seats' names in seat order), ``STEPS`` the step kinds it plays, :meth:`play` one
    step, :meth:`observe` a ``then`` field of its state. The rest have defaults that fit most games."""

    STEPS: ClassVar[tuple[str, ...]] = ()
    SEAT_KEYS: ClassVar[frozenset[str]] = frozenset({"player"})   # event fields holding a seat

    game: Any
    seats: tuple[str, ...]

    def seat(self, name: Any) -> int:
        """The seat index of a seat name, or ScenarioError naming the seats."""
        if name not in self.seats:
            raise ScenarioError(f"no player {name!r}; the seats are {', '.join(map(str, self.seats))}")
        return self.seats.index(name)

    def name(self, seat: Any) -> Any:
        """A seat index as the seat's name (anything else unchanged)."""
        if _is_int(seat) and 0 <= seat < len(self.seats):
            return self.seats[seat]
        return seat

    def answer(self, kind: str, value: Any) -> Any:
        """A scripted answer as the engine takes it (default: lists as tuples)."""
        return canonical(value)

    def script(self, seat: int, kind: str, answer: Any) -> None:
        agent = self.game.agents[seat]
        if not isinstance(agent, ScriptedAgent):
            raise ScenarioError(f"{self.seats[seat]} is not played by scripted answers")
        agent.add(kind, answer)

    def play(self, kind: str, value: Any, step: Mapping[str, Any]) -> None:
        """Play one step of kind ``kind`` (``value`` is ``step[kind]``)."""
        raise NotImplementedError

    def show(self, value: Any, key: str | None = None) -> Any:
        """Engine data (events) in scenario terms: seats by name under ``SEAT_KEYS``."""
        if isinstance(value, dict):
            return {k: self.show(v, k) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.show(v, key) for v in value]
        return self.name(value) if key in self.SEAT_KEYS else value

    def expected(self, key: str | None, value: Any) -> Any:
        """Expected data as the comparison takes it (a game may name things two ways: a cell by a zone)."""
        return value

    def option(self, kind: str, value: Any) -> Any:
        """A decision's option in scenario terms, as its scripted answer is written."""
        return _shown(value)

    def expected_option(self, kind: str, value: Any) -> Any:
        return value

    def observe(self, key: str, want: Any) -> Any:
        """The state's field ``key`` of ``then`` in scenario terms (``want`` is what is expected of it)."""
        raise ScenarioError(f"then.{key}: this game's scenarios have no such field")


# --- running one scenario -------------------------------------------------------------------------
def draws(step: Mapping[str, Any]) -> list[Draw]:
    """The chance a step scripts, as draws (results as the engines give them: lists as tuples)."""
    return [Draw(d["what"], canonical(d["result"])) for d in step.get("chance") or ()]


def _text(exc: BaseException) -> str:
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


def _draw_text(draws: Iterable[Draw]) -> str:
    return ", ".join(f"{d.what} {_shown(d.result)!r}" for d in draws)


class _Chance:
    """The scenario's chance script on the game: one strict source, checked after each step."""

    def __init__(self, game: Any, steps: Sequence[Mapping[str, Any]]) -> None:
        self.per_step = [draws(step) for step in steps]
        self.source: ScriptedChance | None = None
        if any(self.per_step):
            self.source = ScriptedChance([d for s in self.per_step for d in s], fallback=game.chance)
            game.chance = self.source

    def after(self, index: int) -> None:
        """Step ``index`` used exactly its own draws: none left, none of a later step's taken."""
        if self.source is None:
            return
        later = [d for s in self.per_step[index + 1:] for d in s]
        left = self.source.unused()
        if len(left) > len(later):
            raise ScenarioError(f"scripted chance left unused by step {index + 1}: "
                                f"{_draw_text(left[: len(left) - len(later)])}")
        if len(left) < len(later):
            taken = later[: len(later) - len(left)]
            raise ScenarioError(f"step {index + 1} drew more than its chance scripts: it took "
                                f"{_draw_text(taken)}, scripted for a later step")


def _step(table: Table, index: int, step: Mapping[str, Any], chance: _Chance) -> None:
    kinds = [k for k in table.STEPS if k in step]
    if len(kinds) != 1:
        raise ScenarioError(f"a step must do exactly one of {', '.join(table.STEPS)} "
                            f"(this one: {', '.join(kinds) or 'none'})")
    for name, answers in (step.get("decisions") or {}).items():
        seat = table.seat(name)
        for answer in answers:
            ((kind, value),) = answer.items()
            table.script(seat, kind, table.answer(kind, value))
    table.play(kinds[0], step[kinds[0]], step)
    left = {table.seats[i]: list(a.script) for i, a in enumerate(table.game.agents)
            if isinstance(a, ScriptedAgent) and a.script}
    if left:
        raise ScenarioError("scripted answers left unused by the step: " +
                            "; ".join(f"{s}: {', '.join(f'{k} {_shown(v)!r}' for k, v in a)}"
                                      for s, a in left.items()))
    chance.after(index)


def run(scenario: Scenario, build: Any, *prepared: Any) -> Result:
    """Play ``scenario`` on the table ``build(scenario, *prepared)`` (a game's :class:`Table` class) and
    compare its ``then``. An error of the rules (an illegal answer, a refused action) is what ``then.error``
    may expect; an unscripted decision or draw, an unused answer or draw, or an engine bug fails it."""
    result = Result(scenario)
    try:
        table: Table = build(scenario, *prepared)
        chance = _Chance(table.game, scenario.when)
    except Exception as exc:     # a given the game refuses (or cannot place) fails this scenario only
        result.error = f"the given state cannot be set up: {type(exc).__name__}: {_text(exc)}"
        return result
    game = table.game
    game.asked = []
    checker = _invariants(scenario, game) if scenario.then.get("invariants") else None
    start = len(game.events)
    raised: str | None = None
    try:
        for index, step in enumerate(scenario.when):
            _step(table, index, step, chance)
    except (UnscriptedDecision, UnscriptedChance, ScenarioError) as exc:
        result.error = _text(exc)
    except (IllegalAnswer, GameError, ValueError, KeyError) as exc:
        raised = _text(exc)
    except Exception as exc:    # an engine bug: the scenario's failure, with its type
        result.error = f"{type(exc).__name__}: {_text(exc)}"
    result.events = [table.show(e) for e in game.events[start:]]
    if result.error is not None:
        return result
    then = scenario.then
    wanted = then.get("error")
    if raised is not None:
        if wanted is None:
            result.error = raised
            return result
        if wanted not in raised:
            result.differences.append(Difference("error", wanted, raised))
    elif wanted is not None:
        result.differences.append(Difference("error", wanted, "no error"))
    if checker is not None and checker.broken is not None:
        result.differences.append(Difference("invariants", "every invariant holds", str(checker.broken)))
    try:
        _then(table, then, result)
    except Exception as exc:     # an expectation the state cannot answer fails this scenario only
        result.error = f"cannot compare the expected state: {type(exc).__name__}: {_text(exc)}"
    return result


def _invariants(scenario: Scenario, game: Any) -> Checker:
    """``then.invariants``: the game's own invariants (its definition's) watched after every event of the
    steps (:mod:`rulecraft.runtime.invariants`; the protocol's need a finished game and are not asked)."""
    from rulecraft.runtime.games import get

    factory = get(scenario.game).invariants
    checker = Checker(game, factory.load() if factory is not None else None)
    game.listeners.append(checker.listen)
    return checker


def _then(table: Table, then: Mapping[str, Any], result: Result) -> None:
    out = result.differences
    for key, want in then.items():
        if key not in KIT_THEN:
            compare(table.expected(key, want), table.observe(key, want), key, out)
    if "events" in then or "no_events" in then:
        check_events([table.expected(None, e) for e in then.get("events", ())],
                     [table.expected(None, e) for e in then.get("no_events", ())], result.events, out)
    if "asked" in then:
        compare(list(then["asked"]), [[d.kind, table.name(d.player)] for d in table.game.asked], "asked", out)
    for i, want in enumerate(then.get("offered") or ()):
        _offered(table, want, f"offered[{i}]", out)


def _offered(table: Table, want: Mapping[str, Any], path: str, out: list[Difference]) -> None:
    """The options of the ``nth`` decision of kind ``want["decision"]`` (of ``player``) asked during the
    steps, set-checked as :func:`compare_options` does."""
    kind, who = want["decision"], want.get("player")
    asked = [d for d in table.game.asked if d.kind == kind and (who is None or d.player == table.seat(who))]
    nth = int(want.get("nth", 1))
    if len(asked) < nth:
        kinds = sorted({d.kind for d in table.game.asked})
        label = f"{kind} decision #{nth}" + (f" of {who}" if who else "")
        out.append(Difference(path, label, f"{len(asked)} such decision(s) asked; the steps asked "
                              f"{', '.join(kinds) or 'no decision'}"))
        return
    options = [table.option(kind, o) for o in asked[nth - 1].options]
    checks = {k: [table.expected_option(kind, v) for v in want[k]] for k in SET_CHECKS if k in want}
    compare_options(checks, options, path, out)
