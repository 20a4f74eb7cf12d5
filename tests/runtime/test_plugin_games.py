"""Plugins are scoped per game (issue 12 item 4): a plugin declares the game it extends by its entry-point
group (``rulecraft.plugins.<game>``) and is never imported into another game; a manager refuses a hook its
game does not define; every rule step is written once, as its hookspec, and the facade is derived from it."""

from __future__ import annotations

import sys

import pytest

from rulecraft.cli.main import main
from rulecraft.plugins.hookspecs import hookimpl
from rulecraft.plugins.manager import PluginLoadError, WrongGame, make_hooks, make_manager
from rulecraft.plugins.wiring import check_packs, load_ruleset, plugin_names
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import engine_for
from rulecraft.runtime.logs import check_header
from rulecraft.runtime.plugin_registry import games_of, known_names

MODULE = "rulecraft_test_mecha_words"
SOURCE = ("from rulecraft.plugins.hookspecs import hookimpl\n\n\n"
          "@hookimpl\ndef rulecraft_register_vocabulary(vocabulary):\n    pass\n")


@pytest.fixture
def mecha_plugin(tmp_path, install_plugin, monkeypatch):
    """``mecha-words``: a plugin installed for Mecha Game only (``sys.modules`` tells if it was imported)."""
    (tmp_path / f"{MODULE}.py").write_text(SOURCE, encoding="utf-8")
    install_plugin("mecha-words", MODULE, tmp_path, game="mecha")
    monkeypatch.delitem(sys.modules, MODULE, raising=False)
    yield "mecha-words"
    sys.modules.pop(MODULE, None)


def test_a_plugin_installed_for_one_game_is_loaded_into_that_game_only(mecha_plugin):
    assert mecha_plugin not in make_manager("tem").names
    assert MODULE not in sys.modules, "the plugin of another game was imported"
    assert mecha_plugin in make_manager("mecha").names
    assert games_of(mecha_plugin) == ["mecha"]
    assert mecha_plugin in known_names("mecha") and mecha_plugin not in known_names("tem")


def test_naming_another_games_plugin_is_a_wrong_game_error_and_imports_nothing(mecha_plugin, tmp_path):
    with pytest.raises(WrongGame, match="plugin 'mecha-words' extends game 'mecha', not 'tem'"):
        make_manager("tem", [mecha_plugin])
    pack = tmp_path / "pk"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: pk\nname: Pk\nversion: 1.0.0\ndepends:\n  - {id: tem-core}\n"
                                    "plugins: [mecha-words]\nfiles: []\n", encoding="utf-8")
    [problem] = check_packs([pack]).diagnostics
    assert (problem.code.code, problem.line, problem.column) == ("plugin-wrong-game", 6, 11)
    assert MODULE not in sys.modules


def test_a_first_party_variant_is_its_games_only():
    """Robot Pilots (R1-R8) is a Tiny Epic Mechs variant: Mecha Game neither loads nor lists it."""
    assert "robot-pilots" in make_manager("tem", ["robot-pilots"], installed=False).names
    with pytest.raises(WrongGame) as refused:
        make_manager("mecha", ["robot-pilots"], installed=False)
    assert refused.value.extends == ["tem"]
    assert "robot-pilots" not in known_names("mecha")


def test_a_log_naming_another_games_plugin_is_refused_before_anything_loads():
    head = {"game": "mecha", "seed": 1, "colours": ["a", "b"], "plugins": ["robot-pilots"]}
    with pytest.raises(ValueError, match="not registered for game 'mecha'"):
        check_header(head, "game.jsonl:1", plugin_names)


class TemScoring:
    """A Tiny Epic Mechs rule step (T14) offered to Mecha Game, which has no such step."""

    @hookimpl
    def rulecraft_round_scores(self, game, player):
        return []


class Typo:
    @hookimpl
    def rulecraft_round_strat(self, game):
        pass


def test_a_hook_the_game_does_not_define_is_refused_naming_plugin_and_hook():
    make_manager("tem", extra=[("scoring", TemScoring())], installed=False)     # TEM defines it
    with pytest.raises(PluginLoadError, match="plugin 'scoring' implements rulecraft_round_scores, which "
                                              "game 'mecha' does not define"):
        make_manager("mecha", extra=[("scoring", TemScoring())], installed=False)


def test_a_misspelled_hook_gets_a_did_you_mean():
    with pytest.raises(PluginLoadError, match="did you mean 'rulecraft_round_start'"):
        make_manager("tem", extra=[("typo", Typo())], installed=False)


class OptionalStep:
    @hookimpl(optionalhook=True)
    def rulecraft_some_other_games_step(self, game):
        pass


def test_an_optional_hook_of_no_spec_is_allowed_as_in_pluggy():
    assert "optional" in make_manager("mecha", extra=[("optional", OptionalStep())], installed=False).names


class Options:
    @hookimpl
    def rulecraft_program_options(self, game, player, options):
        return [options[0]]


def test_a_rule_step_nobody_implements_is_its_answers_fast_path():
    """No dispatch when no plugin implements a step: the facade's attribute is the mark's fast answer,
    which never touches the game (``None`` stands in for it here)."""
    hooks = make_hooks("tem", installed=False)
    assert hooks.round_start(None) is None
    assert hooks.setup_player(None, None) is None
    assert hooks.program_options(None, None, (("a", "north"),)) == (("a", "north"),)


def test_a_rule_step_a_plugin_implements_dispatches_and_shapes_its_answer():
    hooks = make_hooks("tem", extra=[("options", Options())], installed=False)
    answer = hooks.program_options(None, None, [("a", "north"), ("b", "east")])
    assert answer == (("a", "north"),)                 # or_argument: the answer replaces the options, a tuple


def test_the_command_line_refuses_another_games_plugin_as_a_usage_error(capsys):
    assert main(["sim", "--game", "mecha", "--games", "1", "--quiet", "--plugin", "robot-pilots"]) == 2
    assert "plugin 'robot-pilots' extends game 'tem', not 'mecha'" in capsys.readouterr().err


PIG_MODULE = "rulecraft_test_pig_tally"
PIG_SOURCE = ("from rulecraft.plugins.hookspecs import hookimpl\n\nENDS = []\n\n\n"
              "@hookimpl\ndef rulecraft_turn_end(game, seat, banked):\n    ENDS.append((seat, banked))\n")


def test_a_third_party_games_own_hookspecs_take_plugins_installed_for_it(tmp_path, install_plugin,
                                                                          monkeypatch):
    """Pig (a separate distribution) adds ``rulecraft_turn_end``: a plugin installed under
    ``rulecraft.plugins.pig`` sees every turn of a Pig game, and Tiny Epic Mechs neither imports it nor
    defines the hook."""
    (tmp_path / f"{PIG_MODULE}.py").write_text(PIG_SOURCE, encoding="utf-8")
    install_plugin("tally", PIG_MODULE, tmp_path, game="pig")
    monkeypatch.delitem(sys.modules, PIG_MODULE, raising=False)
    assert "tally" not in make_manager("tem").names and PIG_MODULE not in sys.modules
    seats = [RandomAgent(f"pig/{seat}") for seat in range(2)]
    game = engine_for("pig")(load_ruleset((), (), "pig"), seats, seed=5, hooks=make_hooks("pig"))
    game.play()
    ends = sys.modules.pop(PIG_MODULE).ENDS
    turns = [e for e in game.events if e["e"] in ("hold", "bust")]
    assert ends == [(e["player"], e.get("banked", 0)) for e in turns] and ends
    with pytest.raises(PluginLoadError, match="implements rulecraft_turn_end, which game 'tem' does not"):
        make_manager("tem", extra=[("tally", PigTally())], installed=False)


class PigTally:
    @hookimpl
    def rulecraft_turn_end(self, game, seat, banked):
        pass
