"""Run: decisions the engine asks agents, answer validation, and the built-in agents.

Every player choice is a :class:`Decision`: its ``kind`` (a game's own word: the core knows none), the
``player`` (seat) who decides, the legal ``options`` and a small ``context``. An agent answers with one of
the options; for a decision with ``pick > 1`` it answers with a tuple of ``pick`` options, pairwise
different in the decision's :class:`Distinct` key when it has one (Tiny Epic Mechs: a program uses each
card once). The engine validates every answer and raises :class:`IllegalAnswer` otherwise.

Writing an agent takes a few lines::

    class FirstOption:
        def decide(self, decision, view):
            return decision.options[0] if decision.pick == 1 else tuple(...)

``view`` is the game's view of the seat (``GameCore.view_class``): in every game ``view.ruleset`` (the
public definitions), ``view.player`` and ``view.state()``, the player's own view of the game, and no path
to the live game. An agent that never calls ``view.state()`` sets ``needs_state = False`` so it is not
built. An agent may also answer a single-pick decision by index, ``pick_index(n) -> i`` for ``n`` options,
drawing exactly as its ``decide`` would: the engine then asks it without building the decision or the view
(``GameCore.choose``); a subclass that overrides ``decide`` below ``pick_index`` is asked through ``decide``.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from mypy_extensions import mypyc_attr


def needs_state(agent: Any) -> bool:
    """Whether ``agent`` reads ``view.state()`` (default: yes; an agent says ``needs_state = False``)."""
    return bool(getattr(agent, "needs_state", True))


def index_picker(agent: Any) -> Callable[[int], int] | None:
    """``agent.pick_index`` when the agent answers single picks by index (its class defines it no higher
    than ``decide``, so a subclass that changes ``decide`` is never bypassed), else None; checked once per
    class."""
    kind = type(agent)
    found = _BY_INDEX.get(kind)
    if found is None:
        def owner(name: str) -> type | None:
            return next((c for c in kind.__mro__ if name in vars(c)), None)
        by_index, decide = owner("pick_index"), owner("decide")
        found = _BY_INDEX[kind] = by_index is not None and issubclass(by_index, decide or object)
    return agent.pick_index if found else None


_BY_INDEX: dict[type, bool] = {}


@dataclass(frozen=True, slots=True)
class Distinct:
    """The picks of a multi-pick answer must differ in ``key`` (a game's rule, e.g. a card used once);
    ``what`` names one such thing in the error (``"a card"``)."""

    key: Callable[[Any], Hashable]
    what: str


class IllegalAnswer(ValueError):
    """An agent answered a decision with something that is not a legal option."""


class UnscriptedDecision(LookupError):
    """A strict scripted agent was asked a decision its script does not answer (strict choose mode)."""


@dataclass(slots=True)
class Decision:
    kind: str
    player: int
    options: tuple[Any, ...]
    context: dict[str, Any] = field(default_factory=dict)
    pick: int = 1
    distinct: Distinct | None = None

    def check(self, answer: Any) -> Any:
        """Return the canonical answer, or raise IllegalAnswer saying what was expected."""
        if type(answer) is list:
            answer = canonical(answer)
        if self.pick == 1:
            if answer in self.options:
                return answer
            raise IllegalAnswer(f"player {self.player}: {answer!r} is not a legal answer to the {self.kind} "
                                f"decision; legal: {_preview(self.options)}")
        if not isinstance(answer, tuple) or len(answer) != self.pick:
            raise IllegalAnswer(f"player {self.player}: the {self.kind} decision needs {self.pick} picks, "
                                f"got {answer!r}")
        legal = _legal(self.options)
        for item in answer:
            try:
                found = item in legal
            except TypeError:   # an unhashable pick matches no option of a hashable set
                found = False
            if not found:
                raise IllegalAnswer(f"player {self.player}: {item!r} is not a legal pick for the {self.kind} "
                                    f"decision; legal: {_preview(self.options)}")
        distinct = self.distinct
        if distinct is not None and len({distinct.key(item) for item in answer}) != self.pick:
            raise IllegalAnswer(
                f"player {self.player}: the {self.kind} decision uses {distinct.what} twice: {answer!r}")
        return answer

    def random_answer(self, rng: random.Random) -> Any:
        """A uniformly random legal answer (uniform over whole answers, also for ``pick > 1``)."""
        options = self.options
        if self.pick == 1:
            return options[int(rng.random() * len(options))]
        if self.distinct is None:
            return tuple(rng.sample(options, self.pick))
        cache_key = (id(options), self.distinct)
        by_key = _BY_KEY.get(cache_key)
        if by_key is None:
            if len(_BY_KEY) >= 64:
                _BY_KEY.clear()
            grouped: dict[Any, list[Any]] = {}
            for option in options:
                grouped.setdefault(self.distinct.key(option), []).append(option)
            by_key = _BY_KEY[cache_key] = (options, list(grouped), grouped)
        keys, grouped = by_key[1], by_key[2]
        return tuple(rng.choice(grouped[key]) for key in rng.sample(keys, self.pick))


# What a multi-pick decision's options give, computed once per options tuple: a program's options are the
# same tuple every round (the engine keeps them). Keyed by the tuple's id, not its value (hashing 32
# options at every decision cost more than the lookup saves); each entry holds its tuple, so that id is
# not reused while the entry lives. Read-only; bounded. Here: the options grouped by their distinct key,
# for random multi-pick answers (and ``_LEGAL`` below: the options as a set, for checking answers).
_BY_KEY: dict[tuple[int, Distinct], tuple[tuple[Any, ...], list[Any], dict[Any, list[Any]]]] = {}


def _legal(options: tuple[Any, ...]) -> frozenset[Any] | tuple[Any, ...]:
    """The options as a set, for checking each pick of a multi-pick answer (searching the tuple compared
    up to 32 options for each of 4 picks); the tuple itself when an option is unhashable."""
    entry = _LEGAL.get(id(options))
    if entry is not None:
        return entry[1]
    try:
        legal: frozenset[Any] | tuple[Any, ...] = frozenset(options)
    except TypeError:
        legal = options
    if len(_LEGAL) >= 64:
        _LEGAL.clear()
    _LEGAL[id(options)] = (options, legal)
    return legal


_LEGAL: dict[int, tuple[tuple[Any, ...], frozenset[Any] | tuple[Any, ...]]] = {}


def canonical(value: Any) -> Any:
    """Lists (as JSON gives them back) become tuples, so logged answers compare equal to options."""
    if isinstance(value, list):
        return tuple(canonical(v) for v in value)
    return value


def _preview(options: Sequence[Any], limit: int = 8) -> str:
    shown = ", ".join(repr(o) for o in options[:limit])
    return f"[{shown}{', ...' if len(options) > limit else ''}] ({len(options)} options)"


class Agent(Protocol):
    """Anything with ``decide(decision, view) -> answer`` plays the game."""

    def decide(self, decision: Decision, view: Any) -> Any: ...


@mypyc_attr(allow_interpreted_subclasses=True)   # agents are meant to be subclassed
class RandomAgent:
    """Uniform over legal options, seeded: the same seed gives the same answers."""

    name: ClassVar[str] = "random"
    needs_state: ClassVar[bool] = False

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, view: Any) -> Any:
        return decision.random_answer(self.rng)

    def pick_index(self, n: int) -> int:
        """A uniformly random index of ``n`` options: the very draw ``random_answer`` makes for one pick."""
        return int(self.rng.random() * n)


@mypyc_attr(allow_interpreted_subclasses=True)   # agents are meant to be subclassed
class ScriptedAgent:
    """Answers from a script of ``(kind, answer)`` pairs, in order (XMage's strict choose mode).

    With ``strict=True`` a decision whose kind is not next in the script raises UnscriptedDecision, so a
    rule test never passes by accident. With ``fallback`` set, unscripted decisions go to that agent.
    A decision with a single legal option is answered automatically only if ``auto_single`` is set.
    """

    name: ClassVar[str] = "scripted"

    def __init__(self, script: Iterable[tuple[str, Any]] = (), strict: bool = True,
                 fallback: Agent | None = None, auto_single: bool = False) -> None:
        self.script: deque[tuple[str, Any]] = deque(script)
        self.strict = strict
        self.fallback = fallback
        self.auto_single = auto_single

    def add(self, kind: str, answer: Any) -> None:
        self.script.append((kind, answer))

    @property
    def needs_state(self) -> bool:
        return self.fallback is not None and not self.strict and needs_state(self.fallback)

    def decide(self, decision: Decision, view: Any) -> Any:
        if self.script and self.script[0][0] == decision.kind:
            return self.script.popleft()[1]
        if self.auto_single and decision.pick == 1 and len(decision.options) == 1:
            return decision.options[0]
        if self.fallback is not None and not self.strict:
            return self.fallback.decide(decision, view)
        expected = self.script[0][0] if self.script else "nothing (the script is used up)"
        raise UnscriptedDecision(
            f"player {decision.player} was asked an unscripted {decision.kind} decision "
            f"(context {decision.context}); the script expected {expected}; "
            f"legal options: {_preview(decision.options)}")


@mypyc_attr(allow_interpreted_subclasses=True)   # agents are meant to be subclassed
class RecordedAgent:
    """Feeds the answers of a log back, in order (replay)."""

    name: ClassVar[str] = "recorded"
    needs_state: ClassVar[bool] = False

    def __init__(self, answers: Iterable[tuple[str, Any]]) -> None:
        self.answers = deque(answers)

    def decide(self, decision: Decision, view: Any) -> Any:
        if not self.answers:
            raise UnscriptedDecision(f"the log has no answer left for player {decision.player}'s "
                                     f"{decision.kind} decision")
        kind, answer = self.answers.popleft()
        if kind != decision.kind:
            raise UnscriptedDecision(f"the log answers a {kind} decision where the game asks "
                                     f"{decision.kind} (player {decision.player})")
        return canonical(answer)
