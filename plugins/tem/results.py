"""Run: what Tiny Epic Mechs' hooks may return, checked before the engine uses a plugin's answer.

A plugin is code from someone else: its answer is checked like a stranger's data. Each check takes the
result and the hook's arguments and returns ``None`` (fine) or what was expected; each hookspec names its
check in its ``answers`` mark (``rulecraft.plugins.tem.hookspecs``) and the manager turns a problem into
a :class:`~rulecraft.runtime.errors.PluginError` naming the plugin and the hook, so the game aborts
cleanly instead of crashing later on a value the rules never allow. ``None`` (no answer) is always
accepted; notification hooks have no check, their results are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

VP_LIMIT = 1000   # one scoring item never moves a player this far on the VP track


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat(result: Any, args: Mapping[str, Any]) -> str | None:
    seats = len(args["game"].players)
    return None if _is_int(result) and 0 <= result < seats else f"a seat number 0-{seats - 1} or None"


def cell(result: Any, args: Mapping[str, Any]) -> str | None:
    zones = args["game"].board.zones
    if _is_int(result) and (result == -1 or (0 <= result < len(zones) and zones[result] is not None)):
        return None
    return "a cell of the arena holding a zone, -1 (blocked) or None"


def _pair(value: Any) -> bool:
    return isinstance(value, tuple | list) and len(value) == 2


def options(result: Any, args: Mapping[str, Any]) -> str | None:
    if isinstance(result, list | tuple) and all(_pair(o) and all(isinstance(part, str) for part in o)
                                                for o in result):
        return None
    return "a list of (card id, orientation) pairs or None"


# The two checks below run on the built-in scoring's every answer (~16 a game): plain loops, no generator
# or helper call per item.
def scores(result: Any, args: Mapping[str, Any]) -> str | None:
    if isinstance(result, (list, tuple)):
        for item in result:
            if not (isinstance(item, (tuple, list)) and len(item) == 2 and isinstance(item[0], str)):
                break
            vp = item[1]
            if not (isinstance(vp, int) and not isinstance(vp, bool) and -VP_LIMIT <= vp <= VP_LIMIT):
                break
        else:
            return None
    return f"a list of (source, vp) pairs with whole vp between -{VP_LIMIT} and {VP_LIMIT}, or None"


def sort_key(result: Any, args: Mapping[str, Any]) -> str | None:
    if isinstance(result, (list, tuple)):
        for part in result:
            if not ((isinstance(part, int) and not isinstance(part, bool))
                    or (isinstance(part, float) and part == part)):
                break
        else:
            return None
    return "a tuple of numbers (a sort key) or None"

