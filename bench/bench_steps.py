"""Benchmark choices in steps (``rulecraft.runtime.steps``, issue 21 item 3): CPU microseconds per decision of
Big Pig (the test-only game Pig's ``pig-big`` pack, whose dice are set aside one step at a time), with random
seats answered by index (``GameCore.choose``'s fast path: no Decision, view or step context built) and with
the same random draws asked through ``decide`` (a Decision and its context every step), interleaved, best of
``REPEAT``. Both play the same games (the decision counts agree). Pig is registered for this process
(``bench.test_games``), as for a test session.

Set RULECRAFT_BENCH_GAMES to change the games per run (default 1000).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from bench.test_games import register
from rulecraft.compiler.packs import PackFinder
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.decisions import Decision, RandomAgent
from rulecraft.runtime.games import engine_for, registered

GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "1000"))
REPEAT = 3
PLAYERS = 2


class Through(RandomAgent):
    """The random agent's own draws, asked through ``decide`` (it overrides it, so no by-index path)."""

    def decide(self, decision: Decision, view: Any) -> Any:
        return decision.random_answer(self.rng)


def play(engine: Any, ruleset: Any, agent: type[RandomAgent]) -> tuple[float, int]:
    """(CPU seconds, decisions) of GAMES seeded games with ``agent`` on every seat."""
    start, decisions = time.process_time(), 0
    for seed in range(GAMES):
        game = engine(ruleset, [agent(f"steps:{seed}/{s}") for s in range(PLAYERS)], seed=f"steps:{seed}")
        game.play()
        decisions += sum(1 for event in game.events if event["e"] == "decision")
    return time.process_time() - start, decisions


def run() -> list[str]:
    register()
    found = PackFinder().find("pig-big") if "pig" in registered() else None
    if found is None:
        return ["choices in steps: Pig's pig-big pack is not found in tests/games/pig"]
    engine, ruleset = engine_for("pig"), load_ruleset([Path(str(found[0]))], (), "pig")
    best = {RandomAgent: float("inf"), Through: float("inf")}
    made = dict.fromkeys(best, 0)
    for _ in range(REPEAT):
        for agent in best:
            cpu, made[agent] = play(engine, ruleset, agent)
            best[agent] = min(best[agent], cpu)
    fast, slow = (1e6 * best[a] / made[a] for a in (RandomAgent, Through))
    return [f"Big Pig, {PLAYERS} random seats, {GAMES} seeded games per run, CPU time, best of {REPEAT}, "
            f"interleaved ({made[RandomAgent] / GAMES:.0f} decisions a game, the same both ways: "
            f"{made[RandomAgent] == made[Through]})",
            f"   by index (the fast path)   {fast:6.2f} µs per decision",
            f"   through decide             {slow:6.2f} µs per decision  ({slow / fast:.2f}x)"]
