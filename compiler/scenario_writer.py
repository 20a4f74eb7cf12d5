"""Generate: a rule-scenario file from data, in the one scenario format every game's scenarios share, read
back through the same loader ``rulecraft test`` uses (:mod:`rulecraft.compiler.scenario_files`) so that
nothing is written that the game's schema or checks would refuse.

``rulecraft fuzz`` writes the game it shrank from a failure with it: the game's adapter gives the
``given`` and the steps (its ``transcript``), this module the file around them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from rulecraft.compiler.diagnostics import Diagnostic, has_errors
from rulecraft.compiler.scenario_files import load_scenarios
from rulecraft.runtime.scenarios import Scenario


def scenario_text(game: str, name: str, covers: Sequence[str], given: Mapping[str, Any],
                  when: Sequence[Mapping[str, Any]], then: Mapping[str, Any], notes: str = "",
                  header: Sequence[str] = ()) -> str:
    """One scenario as a scenario file of ``game`` (``header``: comment lines on top)."""
    entry: dict[str, Any] = {"name": name, "covers": list(covers)}
    if notes:
        entry["notes"] = notes
    entry.update(given=_plain(given), when=_plain(when), then=_plain(then))
    body = yaml.safe_dump({"game": game, "scenarios": [entry]}, sort_keys=False, allow_unicode=True,
                          default_flow_style=None, width=110)
    return "".join(f"# {line}\n" for line in header) + body


def _plain(value: Any) -> Any:
    """Tuples as lists: YAML's safe dumper writes only plain data."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def write_scenario(path: Path, text: str) -> tuple[list[Scenario], list[Diagnostic]]:
    """Write ``text`` to the new file ``path`` (never over an existing one) and read it back: its
    scenarios, or the diagnostics why the loader refuses it (the file is then removed again)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(path, flags, 0o644), "w", encoding="utf-8") as handle:
        handle.write(text)
    scenarios, diagnostics = load_scenarios(path, str(path))
    if has_errors(diagnostics) or not scenarios:
        path.unlink()
    return scenarios, diagnostics
