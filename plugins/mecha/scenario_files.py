"""Load: Mecha Game's rule-scenario files for ``rulecraft test`` (the game's ``scenario_adapter``).

``load_all(paths)`` reads every ``*.yaml``/``*.yml`` named or under a named folder with the safe loader,
checks each file against ``schemas/mecha/scenario.schema.json`` (located diagnostics) and gives one
:class:`Scenario` per entry; ``prepare`` gives the ruleset it runs on (the game's core pack, through the
host); ``run`` is :func:`rulecraft.plugins.mecha.scenarios.run`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.loader import load_file, yaml_files
from rulecraft.compiler.validate import validate_data
from rulecraft.plugins.mecha import scenarios
from rulecraft.plugins.mecha.model import Ruleset
from rulecraft.plugins.mecha.pack import core_ruleset

SCHEMA = "rulecraft.schemas.mecha:scenario.schema.json"


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    covers: tuple[str, ...]
    file: str
    line: int
    data: dict[str, Any]


def load_all(paths: Sequence[Path]) -> tuple[list[Scenario], list[Diagnostic]]:
    """Every scenario under ``paths`` and every diagnostic of their files."""
    found: list[Scenario] = []
    problems: list[Diagnostic] = []
    for path in yaml_files(paths):
        document, errors = load_file(path, str(path))
        problems += errors
        if document is None:
            continue
        invalid = validate_data(document.data, SCHEMA, document.diagnostic)
        problems += invalid
        if invalid:
            continue
        for index, entry in enumerate(document.data["scenarios"]):
            line = document.span_of(("scenarios", index)).line
            found.append(Scenario(entry["name"], tuple(entry["covers"]), str(path), line, entry))
    return found, problems


def prepare(scenario: Scenario) -> tuple[Ruleset]:
    """The ruleset a scenario runs on: Mecha Game's core pack, checked and built by the host."""
    return (core_ruleset(),)


def run(scenario: Scenario, ruleset: Ruleset) -> scenarios.Result:
    return scenarios.run(scenario.data, ruleset)
