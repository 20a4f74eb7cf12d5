"""Conformance: a short ``rulecraft fuzz`` run over every registered game: steered random and mixed-agent
games at every seat count keep the protocol's invariants and the game's own, never abort or raise, and
run code that cites the game's rulings (its ``rulings`` letters). A few seconds a game."""

from __future__ import annotations

from conformance_harness import definition

from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.agents import agent_names, agent_plugins
from rulecraft.runtime.balance.batch import Config, table_for
from rulecraft.runtime.fuzz.games import Rig
from rulecraft.runtime.fuzz.run import Fuzzer
from rulecraft.runtime.games import agents_for

GAMES, SECONDS = 12, 3.0


def test_a_short_fuzz_finds_no_failure_and_covers_rulings(game):
    own = agents_for(game)
    agents = [name for name in agent_names(own) if not agent_plugins([name], own)]   # as `fuzz` seats them
    table = table_for(Config(load_table, agents=tuple(agents), game=game))
    rig = Rig.of(table)
    run = Fuzzer(rig, table.report.seat_range(table.ruleset, table.seats), agents, "conformance").fuzz(
        GAMES, SECONDS, shrink_budget=200)
    assert run.found is None, f"{game}: game {run.found.game + 1} failed: {run.found.played.failure}"
    assert run.games >= 1
    if definition(game).rulings:
        assert run.coverage.first["rulings"], f"{game}: no code citing its rulings ran"
        assert set(run.coverage.first["rulings"]) <= rig.rulings.traced
