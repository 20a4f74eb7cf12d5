"""Plugins: load order, check_pending, blocklist, variants replacing a rule step, failing plugins."""

from __future__ import annotations

import pytest

from rulecraft.plugins.hookspecs import hookimpl
from rulecraft.plugins.manager import PluginLoadError, make_hooks
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.vocabulary import VOCABULARY
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.errors import PluginError


def play(ruleset, hooks, seed="plugins", players=2):
    game = Game(ruleset, [RandomAgent(f"{seed}/{i}") for i in range(players)], seed=seed, hooks=hooks)
    game.play()
    return game


class DoubleScoring:
    """A variant: every scoring round also gives 5 VP to everyone."""

    @hookimpl
    def rulecraft_round_scores(self, game, player):
        return [("variant-bonus", 5)]


class Boom:
    @hookimpl
    def rulecraft_combat_start(self, game, attacker, defender):
        raise RuntimeError("kaboom")


class Typo:
    @hookimpl
    def rulecraft_round_strat(self, game):
        pass


def test_builtins_load_first_then_named_plugins(tiny):
    hooks = make_hooks("tem", extra=[("double", DoubleScoring())], installed=False)
    assert hooks.plugin_names[0] == "rulecraft.plugins.tem.core" and hooks.plugin_names[-1] == "double"


def test_a_variant_adds_to_a_rule_step_without_forking_the_engine(tiny):
    plain = play(tiny, make_hooks("tem", installed=False))
    varied = play(tiny, make_hooks("tem", extra=[("double", DoubleScoring())], installed=False))
    bonus = [e for e in varied.events if e["e"] == "vp" and e["source"] == "variant-bonus"]
    assert len(bonus) == 3 * 2                                          # 3 scoring rounds, 2 players
    assert not [e for e in plain.events if e.get("source") == "variant-bonus"]


def test_a_variant_can_replace_movement(tiny):
    class Frozen:
        @hookimpl
        def rulecraft_move_destination(self, game, player, card, orientation):
            return -1                                                   # every move is blocked

    game = play(tiny, make_hooks("tem", extra=[("frozen", Frozen())], installed=False))
    moves = [e for e in game.events if e["e"] == "move"]
    assert moves and all(e["wall"] for e in moves)


def test_a_misspelled_hook_is_an_error():
    with pytest.raises(PluginLoadError, match="rulecraft_round_strat"):
        make_hooks("tem", extra=[("typo", Typo())], installed=False)


def test_the_blocklist_keeps_a_plugin_out(tiny):
    hooks = make_hooks("tem", extra=[("double", DoubleScoring())], blocklist=["double"], installed=False)
    assert "double" not in hooks.plugin_names
    game = play(tiny, hooks)
    assert not [e for e in game.events if e.get("source") == "variant-bonus"]


def test_an_unknown_plugin_name_is_a_clear_error():
    with pytest.raises(PluginLoadError, match="no plugin is registered as 'no-such-variant'"):
        make_hooks("tem", ["no-such-variant"], installed=False)


def test_a_failing_plugin_is_named_with_its_hook_and_the_game_stops(tiny):
    game = Game(tiny, [RandomAgent(i) for i in range(4)], seed=2,
                hooks=make_hooks("tem", extra=[("boom", Boom())], installed=False))
    message = "plugin 'boom' failed in hook rulecraft_combat_start: RuntimeError: kaboom"
    with pytest.raises(PluginError, match=message):
        game.play()
    assert game.aborted and not game.finished and game.standings is None
    assert game.events[-1]["e"] == "abort"


class Overclock:
    """A variant adding a DSL verb, ``overclock N`` (gain N Energy), that the runtime routes back to it."""

    @hookimpl
    def rulecraft_register_vocabulary(self, vocabulary):
        from rulecraft.compiler.effects.vocabulary import NUMBER, Arg, Call, Const, Slot, Verb

        vocabulary.register_verb(Verb(
            "overclock", "overclock {amount}", (Slot("amount", NUMBER),),
            Call("extension", (Const("overclock"), Arg("amount"))), "overclock {amount}",
            "Gain Energy by overclocking.", "after attack: overclock 2"))

    @hookimpl
    def rulecraft_effect_extension(self, game, ctx, name, args):
        if name == "overclock":
            ctx.gain("energy", args[0])
            return True
        return None


def test_a_plugin_adds_a_dsl_word_that_compiles_and_runs(tiny):
    import dataclasses

    from engine_helpers import two_players

    from rulecraft.compiler.effects.build import compile_effect, load_handlers
    from rulecraft.plugins.tem import api
    from rulecraft.plugins.tem.model import frozen_map

    hooks = make_hooks("tem", extra=[("overclock", Overclock())], installed=False)
    compiled = compile_effect("after attack: overclock 2", "weapon", hooks.manager.vocabulary())
    assert compiled.ok, compiled.problems
    abilities = load_handlers(compiled.triggers, compiled.python, compiled.texts, "test (weapons sword)",
                              VOCABULARY.methods)
    sword = dataclasses.replace(tiny.weapons["energy-sword"],
                                abilities=frozen_map({"after_attack": abilities}))
    ruleset = dataclasses.replace(tiny, weapons=frozen_map({**tiny.weapons, "energy-sword": sword}))
    game = two_players(ruleset, hooks=hooks)
    api.set_player(game, 0, at="r1c1")
    api.set_player(game, 1, at="r1c2", status="power-armor")
    api.script(game, 0, [("attack", ("energy-sword", False)), ("zone", "r1c1")])
    api.script(game, 1, [("attack", ("energy-sword", False))])
    api.play_card(game, 0, "red-collect", "E")
    assert game.players[0].energy == 3 + 2 and game.players[1].energy == 3 + 2
