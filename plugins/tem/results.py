"""Run: what each hook's result may be, checked at the hook facade before the engine uses it.

A plugin is code from someone else: its answer is checked like a stranger's data. Each check takes the
result and the hook's arguments and returns ``None`` (fine) or what was expected; the manager turns that
into a :class:`~rulecraft.runtime.errors.PluginError` naming the plugin and the hook, so the game
aborts cleanly instead of crashing later on a value the rules never allow. ``None`` (no answer) is
always accepted; notification hooks have no check, their results are ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

VP_LIMIT = 1000   # one scoring item never moves a player this far on the VP track

Check = Callable[[Any, Mapping[str, Any]], str | None]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag(result: Any, args: Mapping[str, Any]) -> str | None:
    return None if isinstance(result, bool) else "True, False or None"


def _seat(result: Any, args: Mapping[str, Any]) -> str | None:
    seats = len(args["game"].players)
    return None if _is_int(result) and 0 <= result < seats else f"a seat number 0-{seats - 1} or None"


def _cell(result: Any, args: Mapping[str, Any]) -> str | None:
    zones = args["game"].board.zones
    if _is_int(result) and (result == -1 or (0 <= result < len(zones) and zones[result] is not None)):
        return None
    return "a cell of the arena holding a zone, -1 (blocked) or None"


def _pair(value: Any) -> bool:
    return isinstance(value, tuple | list) and len(value) == 2


def _options(result: Any, args: Mapping[str, Any]) -> str | None:
    if isinstance(result, list | tuple) and all(_pair(o) and all(isinstance(part, str) for part in o)
                                                for o in result):
        return None
    return "a list of (card id, orientation) pairs or None"


def _scores(result: Any, args: Mapping[str, Any]) -> str | None:
    if isinstance(result, list | tuple) and all(
            _pair(item) and isinstance(item[0], str)
            and _is_int(item[1]) and -VP_LIMIT <= item[1] <= VP_LIMIT for item in result):
        return None
    return f"a list of (source, vp) pairs with whole vp between -{VP_LIMIT} and {VP_LIMIT}, or None"


def _sort_key(result: Any, args: Mapping[str, Any]) -> str | None:
    if isinstance(result, list | tuple) and all(
            _is_int(part) or (isinstance(part, float) and part == part) for part in result):
        return None
    return "a tuple of numbers (a sort key) or None"


CHECKS: dict[str, Check] = {
    "rulecraft_setup_player": _flag, "rulecraft_place_bases": _flag, "rulecraft_perform_action": _flag,
    "rulecraft_out_of_weapons": _flag, "rulecraft_respawn": _flag, "rulecraft_token_hurts": _flag,
    "rulecraft_may_take_mech": _flag,
    "rulecraft_starting_player": _seat,
    "rulecraft_move_destination": _cell,
    "rulecraft_program_options": _options,
    "rulecraft_round_scores": _scores, "rulecraft_final_scores": _scores,
    "rulecraft_standing_key": _sort_key,
}


def problem(hook: str, result: Any, args: Mapping[str, Any]) -> str | None:
    """What ``result`` of ``hook`` should have been, or ``None`` when it is acceptable."""
    check = CHECKS.get(hook)
    if result is None or check is None:
        return None
    expected = check(result, args)
    return None if expected is None else f"returned {result!r:.80}; expected {expected}"
