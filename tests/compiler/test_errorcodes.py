"""The error codes' owners: the core's registry names no game; a game registers its own codes through its
definition (``error_codes``), and a code two owners register is a load error naming both (issue 21,
item 6)."""

from __future__ import annotations

import sys
import types

import pytest

from rulecraft.compiler import errorcodes
from rulecraft.compiler.errorcodes import CodeClash, ErrorCode, Severity, every_code, game_codes, owners
from rulecraft.runtime.games import GameDefinition, GameLoadError, Ref


@pytest.fixture
def game_module(monkeypatch):
    """A module ``codes_of_test_games`` whose attributes tests fill with the codes their games register."""
    module = types.ModuleType("codes_of_test_games")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return module


def a_game(game_id: str, attribute: str | None) -> GameDefinition:
    codes = Ref(f"codes_of_test_games:{attribute}") if attribute else None
    return GameDefinition(game_id, game_id.title(), (2, 2), f"{game_id}-core", error_codes=codes)


def test_the_core_registry_holds_no_games_code():
    for game_code in ("arena-shape", "weak-power-attack", "scenario-arena", "pig-bust-face"):
        assert game_code not in errorcodes.REGISTRY


def test_a_game_registers_codes_beside_the_cores(game_module):
    game_module.CODES = (ErrorCode("quest-map-gap", "A map tile ..."), ErrorCode("quest-loot", "Loot ...",
                                                                                  Severity.WARNING))
    found = owners([a_game("quest", "CODES"), a_game("plain", None)])
    assert [str(o) for o in found] == ["the core", "game 'quest'", "game 'plain'"]
    assert [c.code for c in found[1].codes] == ["quest-map-gap", "quest-loot"] and found[2].codes == ()
    assert every_code([a_game("quest", "CODES")])["quest-loot"].severity == Severity.WARNING


def test_a_code_of_the_core_registered_by_a_game_names_both(game_module):
    game_module.CODES = (ErrorCode("usage", "mine"),)
    with pytest.raises(CodeClash, match="'usage' is registered by the core and by game 'quest'"):
        owners([a_game("quest", "CODES")])


def test_a_code_two_games_register_names_both(game_module):
    game_module.CODES = (ErrorCode("map-gap", "mine"),)
    with pytest.raises(CodeClash, match="'map-gap' is registered by game 'quest' and by game 'quest-2'"):
        owners([a_game("quest", "CODES"), a_game("quest-2", "CODES")])


def test_a_game_registering_a_code_twice_says_so(game_module):
    game_module.CODES = (ErrorCode("map-gap", "one"), ErrorCode("map-gap", "two"))
    with pytest.raises(CodeClash, match="game 'quest' registers error code 'map-gap' twice"):
        owners([a_game("quest", "CODES")])


@pytest.mark.parametrize("codes", [("map-gap",), [ErrorCode("Map_Gap", "not kebab-case")], "map-gap"])
def test_what_is_not_a_tuple_of_kebab_case_codes_is_refused(game_module, codes):
    game_module.CODES = codes
    with pytest.raises(CodeClash, match="game 'quest'"):
        game_codes(a_game("quest", "CODES"))


def test_a_clash_is_a_game_load_error():
    """The tools report a broken game as a GameLoadError (``rulecraft games`` lists it BROKEN)."""
    assert issubclass(CodeClash, GameLoadError)
