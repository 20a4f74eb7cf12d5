"""Mecha Game through its game definition only, as the host reaches it: every member resolves, the builder
makes the ruleset from the resolved stack, the engine plays it with the host's signature and its agents,
and the game reports its end and standings."""

from __future__ import annotations

from pathlib import Path

from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime import games
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import Ref

PACK = Path(__file__).resolve().parents[2] / "content" / "mecha-core"


def test_every_member_resolves():
    game = games.get("mecha")
    refs = [getattr(game, name) for name in ("ability_fields", "vocabulary", "builder", "engine",
                                             "scenario_adapter", "metrics", "card_templates")]
    refs += [*game.stack_checks, *game.agents.values()]
    assert all(isinstance(ref, Ref) and ref.load() is not None for ref in refs)
    assert all(callable(check) for ref in game.stack_checks for check in ref.load().CHECKS)
    assert set(game.ability_fields.load()) == {"towers", "mechas", "commands"}


def test_the_engine_plays_the_built_ruleset_with_the_host_signature():
    game = games.get("mecha")
    stack, diagnostics = check_mecha(PACK)
    assert diagnostics == []
    ruleset = game.builder.load()(stack)
    heuristic = game.agents["heuristic"].load()
    seen = []
    played = game.engine.load()(ruleset, [heuristic(1), RandomAgent(2)], seed="host", hooks=None,
                                listeners=[seen.append], colours=("red", "blue"))
    played.play()
    assert played.aborted is None and played.events == seen and seen[-1]["e"] == "game-end"
    ranks = {s.row()["colour"]: (s.rank, s.result) for s in played.standings}
    assert set(ranks) == {"red", "blue"}
    assert sorted(ranks.values()) in ([(1, "win"), (2, "loss")], [(1, "draw"), (1, "draw")])   # M20


def check_mecha(path):
    """`rulecraft check`'s pipeline: the stack and every diagnostic."""
    result = check_packs([path])
    return result.stack, result.diagnostics
