"""Conformance: a game owns its error codes and its ruling letters (issue 21, item 6).

Every registered game's codes (its ``error_codes``) load as kebab-case ``ErrorCode`` s that no other owner
(the core, another registered game) registers; each has a real example, a case of the game's own
``error_cases`` folder that pins it, and that case, run as the diagnostics reference runs it, prints
exactly what it pins. Its ruling letters are single capitals no other game claims.
"""

from __future__ import annotations

from pathlib import Path

from conformance_harness import ROOT, definition

from rulecraft.cli.example_cases import run_case
from rulecraft.compiler.docgen import examples, rulings
from rulecraft.compiler.errorcodes import REGISTRY, game_codes, owners
from rulecraft.runtime import games


def _registered() -> list[games.GameDefinition]:
    return [entry.load() for entry in games.registered().values()]


def test_no_two_owners_register_a_code():
    """Codes are unique across the core and every registered game (``owners`` raises a clash)."""
    found = owners(_registered())
    codes = [c.code for owner in found for c in owner.codes]
    assert len(codes) == len(set(codes)) and found[0].codes == tuple(REGISTRY.values())


def test_every_code_of_the_game_has_its_example_case_which_prints_it(game):
    codes = game_codes(definition(game))
    if not codes:
        return
    folder = examples.game_cases(game)
    assert folder is not None, f"{game} registers codes but its error_cases folder is missing"
    cases = examples.find_cases(folder / "invalid", folder / "valid")
    for entry in codes:
        pinning = [case for case in cases if entry.code in case.codes()]
        assert pinning, f"{game}: error code {entry.code!r} has no case in {folder}"
        smallest = min(pinning, key=lambda c: len(c.expected))
        ran = run_case(smallest)
        assert ran.diagnostics(smallest, ROOT) == smallest.expected, ran.output
        assert f"{entry.severity}[{entry.code}]" in ran.shown()


def test_the_ruling_letters_are_the_games_own():
    owned = rulings.prefix_owners(_registered())
    assert all(len(letter) == 1 and letter.isupper() for letter in owned)


def test_the_test_only_game_registers_its_own_code():
    """Pig, a third party, adds `pig-bust-face` through its definition; the core's registry lacks it."""
    codes = {c.code for c in game_codes(definition("pig"))}
    assert codes == {"pig-bust-face"} and "pig-bust-face" not in REGISTRY
    assert examples.game_cases("pig") == ROOT / "tests" / "games" / "pig" / "cases"
    assert Path(str(examples.game_cases("pig"))).is_dir()
