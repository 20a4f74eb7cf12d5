"""Validate: what Tiny Epic Mechs' scenario schema cannot say, its scenario adapter's load-time ``check``.

Players named among the seats, ``setup`` first and alone with what it decides, a ``given.combat`` between
two seated players that the first step goes on with, pack folders that exist, and cells the table's arena
has: each a located diagnostic where it is written. ``resolve`` makes pack paths absolute, relative to
the scenario file, so the runner never sees a file name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence, Set
from pathlib import Path
from typing import Any

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.loader import Document
from rulecraft.plugins.tem.errorcodes import SCENARIO_ARENA
from rulecraft.plugins.tem.model import BASE_ZONE
from rulecraft.plugins.tem.scenarios import CORE, DEFAULT_SEATS, ruleset_for

SETUP_GIVEN = frozenset({"packs", "plugins", "seats", "seed", "agents"})


def resolve(given: Mapping[str, Any], folder: Path) -> dict[str, Any]:
    """``given`` with its packs as absolute folders (``tem-core`` stays the shipped core pack)."""
    return {**given, "packs": [p if p == CORE else str((folder / p).resolve())
                               for p in given.get("packs", [CORE])]}


def check(doc: Document, at: tuple, raw: dict, given: dict, folder: Path) -> Iterator[Diagnostic]:
    """Every problem of one scenario the schema cannot find; its arena once the rest is right."""
    problems = list(_check(doc, at, raw, given, folder))
    yield from problems
    if not problems:
        yield from _arena_problems(doc, at, raw, resolve(given, folder))


def _check(doc: Document, at: tuple, raw: dict, given: dict, folder: Path) -> Iterator[Diagnostic]:
    """What the schema cannot say: one thing per step, setup first, seats, packs that exist."""
    seats = given.get("seats", list(DEFAULT_SEATS))
    has_given = "given" in raw

    def seat(colour: Any, path: tuple, key: bool = False) -> Iterator[Diagnostic]:
        if colour is not None and colour not in seats:
            yield doc.diagnostic(codes.SCENARIO_SEAT, f"{colour!r} is not one of the seats "
                                 f"({', '.join(seats)})", path, key=key,
                                 hint="list the player's colour in `given.seats`")

    gpath = (*at, "given") if has_given else ("defaults",)
    for colour in given.get("players") or {}:
        yield from seat(colour, (*gpath, "players", colour), key=True)
    for colour in given.get("bases") or {}:
        yield from seat(colour, (*gpath, "bases", colour), key=True)
    for colour in given.get("agents") or {}:
        yield from seat(colour, (*gpath, "agents", colour), key=True)
    yield from seat(given.get("starting_player"), (*gpath, "starting_player"))
    for cell, token in (given.get("tokens") or {}).items():
        yield from seat(token.get("owner") if token else None, (*gpath, "tokens", cell, "owner"))
    yield from seat((given.get("mech") or {}).get("controller"), (*gpath, "mech", "controller"))
    combat = given.get("combat") or {}
    yield from _combat_problems(doc, raw, combat, (*gpath, "combat"), seats, seat)
    for i, pack in enumerate(given.get("packs", [])):
        if pack != CORE and not (folder / pack).is_dir():
            yield doc.diagnostic(codes.SCENARIO_PACK, f"no pack folder {pack!r} next to this file",
                                 (*gpath, "packs", i), hint=f"a folder relative to {folder}, or `{CORE}`")
    for i, step in enumerate(raw.get("when") or ()):
        spath = (*at, "when", i)
        if "combat" in step and (i or not combat):
            yield doc.diagnostic(codes.SCENARIO_STEP, "a `combat` step goes on with `given.combat`: it must "
                                 "be the first step of a scenario that gives one", (*spath, "combat"),
                                 key=True)
        if "setup" in step:
            extra = sorted(set(given) - SETUP_GIVEN)
            if i:
                yield doc.diagnostic(codes.SCENARIO_STEP, "`setup` must be the first step", (*spath, "setup"),
                                     key=True)
            elif extra:
                yield doc.diagnostic(codes.SCENARIO_STEP, f"a scenario playing the setup cannot be given "
                                     f"{', '.join(extra)}", gpath, key=True,
                                     hint="the setup decides them; give only packs, plugins, seats, seed")
        for key in ("turn", "round", "decisions"):
            for colour in step.get(key) or {}:
                yield from seat(colour, (*spath, key, colour), key=True)
    then = raw["then"]
    for key in ("players", "view"):
        for colour in then.get(key) or {}:
            yield from seat(colour, (*at, "then", key, colour), key=True)
    for cell, token in (then.get("tokens") or {}).items():
        yield from seat(token.get("owner") if token else None, (*at, "then", "tokens", cell, "owner"))
    yield from seat((then.get("mech") or {}).get("controller"), (*at, "then", "mech", "controller"))
    yield from seat(then.get("starting_player"), (*at, "then", "starting_player"))
    for i, want in enumerate(then.get("offered") or ()):
        yield from seat(want.get("player"), (*at, "then", "offered", i, "player"))


def _combat_problems(doc: Document, raw: dict, combat: dict, cpath: tuple, seats: Sequence[str],
                     seat: Any) -> Iterator[Diagnostic]:
    """``given.combat``: its fighters are seated, two, and the next attack is one of theirs; the
    scenario goes on with it in its first step."""
    for key in ("attacker", "defender", "next"):
        yield from seat(combat.get(key), (*cpath, key))
    for colour in combat.get("exhausted") or {}:
        yield from seat(colour, (*cpath, "exhausted", colour), key=True)
    fighters = (combat.get("attacker"), combat.get("defender"))
    if combat and fighters[0] == fighters[1]:
        yield doc.diagnostic(codes.SCENARIO_STEP, "a Combat is between two players: the attacker cannot "
                             "be the defender", (*cpath, "defender"))
    if combat.get("next") in seats and combat["next"] not in fighters:
        yield doc.diagnostic(codes.SCENARIO_STEP, f"{combat['next']!r} is not in this Combat: the next "
                             f"attack is the attacker's or the defender's", (*cpath, "next"))
    steps = raw.get("when") or ()
    if combat and not (steps and "combat" in steps[0]):
        yield doc.diagnostic(codes.SCENARIO_STEP, "a scenario starting inside a Combat (`given.combat`) "
                             "goes on with it first", cpath, key=True,
                             hint="make the first step `combat: true`, with the decisions of its attacks")


def _arena_problems(doc: Document, at: tuple, raw: dict, given: dict) -> Iterator[Diagnostic]:
    """Cells the table's arena does not have: zones, Bases and pilots on cells outside it or on its walls
    (T6), and zones on the Base slots its players need. The usual cause is a file's ``defaults`` written
    for another table (another seat count), so a problem is located where the cell is written."""
    from rulecraft.compiler.diagnostics import DiagnosticError

    seats = given.get("seats", list(DEFAULT_SEATS))
    try:
        arena = ruleset_for(tuple(given["packs"])).arena_for(len(seats))
    except (DiagnosticError, ValueError):     # a broken stack or no arena: the runner reports it
        return
    own = raw.get("given") or {}

    def where(*path: Any) -> tuple:
        """``path`` in the scenario's own ``given`` if it writes it there, else in the file's defaults."""
        node: Any = own
        for key in path:
            if not isinstance(node, Mapping) or key not in node:
                return ("defaults", *path)
            node = node[key]
        return (*at, "given", *path)

    def misfit(name: Any, path: tuple, what: str, key: bool = False, base: bool = False,
               zoned: Set[str] = frozenset()) -> Iterator[Diagnostic]:
        problem = _off_arena(arena, name, zoned, base)
        if problem:
            yield doc.diagnostic(SCENARIO_ARENA, f"{what} {name}: {problem}", path, key=key,
                                 hint=_arena_hint(arena, len(seats), path, raw["name"]))

    zones = given.get("zones") or {}
    bases = given.get("bases") or {}
    for name in zones:
        yield from misfit(name, where("zones", name), "a zone on", key=True)
    for colour, name in bases.items():
        yield from misfit(name, where("bases", colour), f"{colour}'s Base on", base=True)
    for colour, fields in (given.get("players") or {}).items():
        if isinstance(fields, Mapping) and "at" in fields:
            yield from misfit(fields["at"], where("players", colour, "at"), f"{colour} at",
                              zoned={*zones, *map(str, bases.values())})
    slots = [f"r{r}c{c}" for r in range(arena.rows) for c in range(arena.cols)
             if arena.slots[r * arena.cols + c] == BASE_ZONE]
    free = [c for c in slots if c not in zones and c not in bases.values()]
    homeless = [c for c in seats if c not in bases]
    if len(free) < len(homeless):
        taken = [c for c in slots if c in zones]
        path = where("zones", taken[0]) if taken else (*at, "name")
        left = ", ".join(homeless[len(free):])
        why = f"zones cover {', '.join(taken)}" if taken else "the given `bases` take them"
        yield doc.diagnostic(SCENARIO_ARENA, f"no Base slot of {arena.id} is left for {left}: {why}",
                             path, key=bool(taken),
                             hint=_arena_hint(arena, len(seats), path, raw["name"]))


def _off_arena(arena: Any, name: Any, zoned: Set[str], base: bool = False) -> str | None:
    """Why the cell ``name`` (``r<row>c<col>``; a zone id is not checked here) is not on ``arena`` (for a
    ``base``: not one of its Base slots, T5)."""
    found = re.fullmatch(r"r(\d+)c(\d+)", str(name))
    if not found:
        return None
    row, col = int(found[1]), int(found[2])
    if row >= arena.rows or col >= arena.cols:
        return f"outside {arena.id}, which is {arena.rows} rows by {arena.cols} columns"
    if arena.slots[row * arena.cols + col] is None and name not in zoned:
        return f"a wall of {arena.id} (T6): the arena has no zone there"
    if base and arena.slots[row * arena.cols + col] != BASE_ZONE:
        return f"not a Base slot of {arena.id} (T5)"
    return None


def _arena_hint(arena: Any, players: int, path: tuple, scenario: str) -> str:
    if path[0] == "defaults":
        return (f"the file's `defaults` apply to every scenario; {scenario!r} plays on {arena.id} "
                f"({players} seats): give it its own `zones`/`bases`, or move it to a file of its own")
    return f"{arena.id} is the arena for {players} players"
