"""Load/Validate: read any game's rule-scenario files into plain :class:`Scenario` s (the runtime kit's).

A scenario file is YAML read by the safe loader (every value located), says its game (``game: tem``), and
is checked against that game's scenario schema (the shared skeleton of ``rulecraft.schemas``'
``scenario.schema.json`` plus the game's ``given`` and step vocabulary) with the same located diagnostics
as content files; then for what a schema cannot say: unique names, one step kind per step, and the game's
own checks (its adapter's ``check``: seats, cells). A file's ``defaults`` are a partial ``given`` merged
under each scenario's own. The game's scenario adapter (``GameDefinition.scenario_adapter``) is a module
with ``SCHEMA`` (its schema resource), ``Table`` (its given builder and steps, on the runtime kit),
``prepare(scenario)`` (what its table is built on) and optionally ``check`` and ``resolve`` (the given as
the runner takes it: paths made absolute, so the runner never sees a file name).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic, has_errors
from rulecraft.compiler.loader import Document, load_file, yaml_files
from rulecraft.compiler.validate import validate_data
from rulecraft.runtime.scenarios import Scenario

SHARED_SCENARIO = "scenario"       # the core schema every game's scenario schema refers to (its skeleton)
SHARED_SCENARIO_FILE = "../scenario.schema.json"   # ... as a game's schema names it
GAME_HINT = "start the file with `game: <id>` (the game its scenarios play: `rulecraft games` lists them)"


def merge(base: Any, over: Any) -> Any:
    """``over`` on top of ``base``: mappings merge key by key, anything else is replaced."""
    if isinstance(base, Mapping) and isinstance(over, Mapping):
        out = dict(base)
        for key, value in over.items():
            out[key] = merge(base[key], value) if key in base else value
        return out
    return over


def adapter(game: str) -> Any:
    """The scenario adapter of the game registered as ``game`` (LookupError saying why there is none)."""
    from rulecraft.runtime.games import GameLoadError, get

    try:
        definition = get(game)
    except GameLoadError as exc:
        raise LookupError(str(exc)) from exc
    if definition.scenario_adapter is None:
        raise LookupError(f"game {game!r} has no rule scenarios")
    return definition.scenario_adapter.load()


def load_scenarios(path: Path, display: str | None = None) -> tuple[list[Scenario], list[Diagnostic]]:
    """The scenarios of one file, or none and the located diagnostics that explain why."""
    doc, diagnostics = load_file(path, display)
    if doc is None or has_errors(diagnostics):
        return [], diagnostics
    if not isinstance(doc.data, dict):
        return [], [doc.diagnostic(codes.SCHEMA_TYPE, "a scenario file must be a mapping with `game` and "
                                   "`scenarios`", hint=GAME_HINT)]
    game = doc.data.get("game")
    if not isinstance(game, str):
        where: tuple = ("game",) if "game" in doc.data else ()
        return [], [doc.diagnostic(codes.SCENARIO_GAME, "a scenario file must say its game", where,
                                   hint=GAME_HINT)]
    try:
        kit = adapter(game)
    except LookupError as exc:
        return [], [doc.diagnostic(codes.SCENARIO_GAME, str(exc), ("game",), hint=GAME_HINT)]
    diagnostics += validate_data(doc.data, kit.SCHEMA, doc.diagnostic)
    if has_errors(diagnostics):
        return [], diagnostics
    scenarios: list[Scenario] = []
    names: dict[str, int] = {}
    for index, raw in enumerate(doc.data["scenarios"]):
        at = ("scenarios", index)
        given = merge(doc.data.get("defaults") or {}, raw.get("given") or {})
        problems = list(_steps(doc, at, raw, kit.Table.STEPS))
        if raw["name"] in names:
            first = names[raw["name"]] + 1
            problems.append(doc.diagnostic(codes.SCENARIO_NAME, f"a second scenario named {raw['name']!r}",
                                           (*at, "name"), hint=f"the first is scenario #{first}"))
        names.setdefault(raw["name"], index)
        if hasattr(kit, "check"):
            seen = {(d.line, d.column, d.message) for d in diagnostics}   # shared defaults: once
            problems += [d for d in kit.check(doc, at, raw, given, path.parent)
                         if (d.line, d.column, d.message) not in seen]
        diagnostics += problems
        if problems:
            continue
        if hasattr(kit, "resolve"):
            given = kit.resolve(given, path.parent)
        scenarios.append(Scenario(name=raw["name"], covers=tuple(raw["covers"]), game=game, given=given,
                                  when=tuple(raw.get("when") or ()), then=raw.get("then") or {},
                                  file=doc.path, line=doc.span_of((*at, "name")).line,
                                  notes=raw.get("notes", "")))
    diagnostics.sort(key=Diagnostic.sort_key)
    return scenarios, diagnostics


def _steps(doc: Document, at: tuple, raw: Mapping[str, Any], kinds: Sequence[str]) -> list[Diagnostic]:
    """Each step does exactly one of the game's step kinds."""
    out = []
    for i, step in enumerate(raw.get("when") or ()):
        found = [k for k in kinds if k in step]
        if len(found) != 1:
            out.append(doc.diagnostic(codes.SCENARIO_STEP, f"a step must do exactly one of {', '.join(kinds)}"
                                      f" (this one: {', '.join(found) or 'none'})", (*at, "when", i)))
    return out


def load_all(paths: Sequence[Path]) -> tuple[list[Scenario], list[Diagnostic]]:
    """Every scenario under ``paths`` (files, or folders searched for ``*.yaml``) and every diagnostic."""
    scenarios: list[Scenario] = []
    diagnostics: list[Diagnostic] = []
    for path in yaml_files(paths):
        found, problems = load_scenarios(path, str(path))
        scenarios += found
        diagnostics += problems
    return scenarios, diagnostics
