"""Run: the facade a game's engine calls at each rule step, derived from the hookspecs of its manager.

A rule step is written once, as its hookspec. The facade has one attribute per spec, named without the
``rulecraft_`` prefix and taking the spec's arguments in order (``hooks.setup_player(game, player)`` calls
``rulecraft_setup_player(game=…, player=…)``). The spec's :func:`answers` mark says what the step returns
from pluggy's result (an :class:`Answer`), what each implementation may return (its ``check``, applied by
the manager) and the fast path: when no plugin implements the hook, the attribute *is* that answer's
``fast`` function, so a rule step nobody changes costs one plain call and no pluggy dispatch. A spec with
no mark is a notification (plain spec: returns ``None``) or gives the first answer (``firstresult``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

PREFIX = "rulecraft_"
MARK = "rulecraft_answer"   # the attribute an answers() mark sets on a hookspec function

Check = Callable[[Any, Mapping[str, Any]], str | None]
"""``(one implementation's result, the call's arguments)`` -> ``None`` when acceptable, else what was
expected. ``None`` results (no answer) are never checked."""

F = TypeVar("F", bound=Callable[..., Any])


def _noop(*args: Any) -> None:
    return None


def _none(result: Any, arguments: Mapping[str, Any]) -> None:
    return None


def _result(result: Any, arguments: Mapping[str, Any]) -> Any:
    return result


def _flag(result: Any, arguments: Mapping[str, Any]) -> bool:
    return bool(result)


def _items(results: Any, arguments: Mapping[str, Any]) -> list[Any]:
    return [item for result in results for item in result or ()]


def _key(result: Any, arguments: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(result)


def _empty(*args: Any) -> list[Any]:
    return []


def is_flag(result: Any, arguments: Mapping[str, Any]) -> str | None:
    return None if isinstance(result, bool) else "True, False or None"


class Answer(NamedTuple):
    """How a rule step's facade turns pluggy's result into the engine's: ``shape(result, arguments)``;
    ``fast`` is the step when no plugin implements it (``None``: always dispatch, the hook must answer);
    ``check`` is what each implementation may return (see :data:`Check`)."""

    shape: Callable[[Any, Mapping[str, Any]], Any]
    fast: Callable[[Sequence[str]], Callable[..., Any]] | None   # (the spec's argnames) -> the fast step
    check: Check | None = None


def _always(function: Callable[..., Any]) -> Callable[[Sequence[str]], Callable[..., Any]]:
    return lambda argnames: function


NOTIFY = Answer(_none, _always(_noop))
"""A notification: every implementation runs, results are ignored (the default of a plain spec)."""
FIRST = Answer(_result, _always(_noop))
"""The first implementation's answer, or ``None`` (the default of a ``firstresult`` spec)."""
FLAG = Answer(_flag, _always(_noop), is_flag)
"""``firstresult``: whether a plugin handled the step (True/False; ``None`` when no plugin implements it)."""
ITEMS = Answer(_items, _always(_empty))
"""Every implementation returns a list; the step returns them concatenated, in call order."""
KEY = Answer(_key, None)
"""``firstresult``, required: the answer as a tuple (a game's built-in plugin always gives one)."""


def or_argument(argument: str) -> Answer:
    """``firstresult``: the answer replaces the call's ``argument`` (as a tuple); no answer leaves it."""
    def shape(result: Any, arguments: Mapping[str, Any]) -> Any:
        return arguments[argument] if result is None else tuple(result)

    def fast(argnames: Sequence[str]) -> Callable[..., Any]:
        index = list(argnames).index(argument)
        return lambda *args: args[index]

    return Answer(shape, fast)


def answers(answer: Answer, check: Check | None = None) -> Callable[[F], F]:
    """Mark a hookspec with its facade :class:`Answer` (and, when given, the ``check`` of what each
    implementation may return, instead of the answer's own)."""
    chosen = answer if check is None else answer._replace(check=check)

    def mark(spec: F) -> F:
        setattr(spec, MARK, chosen)
        return spec
    return mark


def registration(spec: F) -> F:
    """Mark a hookspec the manager itself calls while building a stack (no facade step)."""
    setattr(spec, MARK, None)
    return spec


def answer_of(spec: Any) -> Answer | None:
    """The facade answer of a pluggy ``HookSpec``: its function's mark, else the default of its kind
    (``None`` for a registration hook, or for no spec: a hook the manager does not define)."""
    if spec is None:
        return None
    return getattr(spec.function, MARK, FIRST if spec.opts.get("firstresult") else NOTIFY)


def _dispatch(caller: Any, argnames: tuple[str, ...], answer: Answer) -> Callable[..., Any]:
    shape = answer.shape
    impls = caller.get_hookimpls()
    if len(impls) == 1 and _plain(impls[0]):
        return _direct(impls[0], caller.spec.opts.get("firstresult", False), argnames, shape)

    def step(*args: Any) -> Any:
        arguments = dict(zip(argnames, args, strict=False))
        return shape(caller(**arguments), arguments)
    return step


def _plain(impl: Any) -> bool:
    """An implementation pluggy would just call: no (old or new style) wrapper."""
    return not impl.hookwrapper and not getattr(impl, "wrapper", False)


def _direct(impl: Any, firstresult: bool, argnames: tuple[str, ...],
            shape: Callable[[Any, Mapping[str, Any]], Any]) -> Callable[..., Any]:
    """The step of a hook with one plain implementation: that function called with its own arguments in
    its order, and its result as pluggy would give it (``firstresult``: the result; else the list of the
    non-``None`` results), without pluggy's per-call machinery (the hook's ~20 calls a game cost ~3%)."""
    function = impl.function
    picks = tuple(argnames.index(name) for name in impl.argnames)

    def step(*args: Any) -> Any:
        result = function(*[args[i] for i in picks])
        if not firstresult:
            result = [] if result is None else [result]
        return shape(result, dict(zip(argnames, args, strict=False)))
    return step


class Hooks:
    """The facade over one manager's ``pm.hook`` (tox 4 style): one attribute per rule step of the
    hookspecs the manager holds (the shared ones and its game's), built at construction."""

    def __init__(self, manager: Any) -> None:
        self.manager = manager
        for hook, caller in vars(manager.pm.hook).items():
            answer = answer_of(caller.spec)
            if answer is None or not hook.startswith(PREFIX):
                continue
            argnames = tuple(caller.spec.argnames)
            if answer.fast is not None and not caller.get_hookimpls():
                step = answer.fast(argnames)
            else:
                step = _dispatch(caller, argnames, answer)
            setattr(self, hook.removeprefix(PREFIX), step)

    @property
    def plugin_names(self) -> list[str]:
        return list(self.manager.names)

    if TYPE_CHECKING:   # the steps are the game's: each is set at construction
        def __getattr__(self, name: str) -> Any: ...
