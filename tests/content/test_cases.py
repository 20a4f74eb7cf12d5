"""Every folder under tests/content/valid and tests/content/invalid is a case (see README.md here).

A case pins the exact diagnostics (code, file, line, column) that a ``rulecraft`` command prints on it
(``rulecraft check`` of its packs unless it names another ``command``), so a change in what rulecraft
reports, or where, fails here by name. The cases are also the examples of the diagnostics reference
(site: Developer > Diagnostics reference): every registered error code needs one, the core's here and
each of rulecraft's games' in its own ``error_cases`` folder (this one too).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecraft.cli.example_cases import run_case
from rulecraft.compiler.docgen import examples
from rulecraft.compiler.errorcodes import every_code, owners
from rulecraft.runtime import games

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CASES = examples.find_cases(HERE / "valid", HERE / "invalid")
SHIPPED = [entry.load() for entry in games.registered().values() if entry.distribution == "rulecraft"]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: examples.Case) -> None:
    done = run_case(case)
    assert done.diagnostics(case, ROOT) == case.expected, done.output
    invalid = case.folder.parent.name == "invalid"
    assert done.has_errors() == invalid, "a case under invalid/ must report an error, one under valid/ none"
    assert done.exit_code == case.spec.get("exit", 1 if invalid else 0), done.output


def test_every_registered_error_code_has_an_example_case() -> None:
    """The diagnostics reference shows one real example per code, from its owner's cases (the core's are
    here; a game's are in its ``error_cases``): a code with no case fails here."""
    missing = []
    for owner in owners(SHIPPED):
        folder = examples.game_cases(owner.game) if owner.game else HERE
        cases = examples.find_cases(folder / "valid", folder / "invalid") if folder else []
        covered = {code for case in cases for code in case.codes()}
        missing += [f"{owner}: {c.code}" for c in owner.codes if c.code not in covered]
    assert not missing, ("error codes with no case in their owner's cases (tests/content/valid or "
                         "invalid, see README.md there): " + ", ".join(missing))


def test_every_code_a_case_expects_is_registered() -> None:
    """By the core or one of rulecraft's games (a case runs with those only)."""
    known = set(every_code(SHIPPED))
    unknown = {case.name: sorted(case.codes() - known) for case in CASES}
    assert not {name: codes for name, codes in unknown.items() if codes}


def test_there_are_enough_cases() -> None:
    """The issue asks for at least 40 content cases across every error family."""
    assert len([c for c in CASES if c.folder.parent.name == "invalid"]) >= 30
