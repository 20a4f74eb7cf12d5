"""Benchmark the PettingZoo environment (``rulecraft.runtime.aec``, issue 25 item 3) on every registered game
(the test-only Pig registered for this process, ``bench.test_games``), 2 seats, both the environment's.

Per game, CPU time per decision, interleaved seed by seed over ``GAMES`` seeded games with uniformly random
legal answers:

- **environment**: ``last()`` (the observation: the view's feature hashing and the mask) and ``step`` for
  every agent turn, a multi-pick decision one step per pick;
- **session**: the same games through the bare :class:`Session` (``pending``, then ``answer`` with the same
  draws of the option), the yardstick: what the environment adds is the observation and its bookkeeping.
  (A multi-pick answer is drawn otherwise, so Tiny Epic Mechs' two runs part after its first program.)

Set RULECRAFT_BENCH_GAMES to change the games per game (default 20).
"""

from __future__ import annotations

import os
import random
import time

import numpy as np

from bench.test_games import register
from rulecraft.plugins.environment import make_env
from rulecraft.runtime.games import registered
from rulecraft.runtime.session import Session

GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "20"))


def environment(env, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    start = time.process_time()
    env.reset(seed=seed)
    decisions = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        decisions += not info["picked"]
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return time.process_time() - start, decisions


def session(env, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    start = time.process_time()
    held = Session({**env.head, "seed": seed}, env.ruleset, env.hooks)
    decisions = 0
    while (pending := held.pending) is not None:
        decision = pending.decision
        answer = decision.options[rng.randrange(len(decision.options))] if decision.pick == 1 else \
            decision.random_answer(rng)
        held.answer(pending.seat, answer)
        decisions += 1
    return time.process_time() - start, decisions


def run() -> list[str]:
    register()
    lines = [f"the PettingZoo environment, 2 seats both its agents, random legal answers, {GAMES} seeded "
             f"games per game, CPU µs per decision (mean), the bare session interleaved"]
    for game in registered():
        env = make_env(game, players=2)
        totals = {"environment": [0.0, 0], "session": [0.0, 0]}
        for seed in range(GAMES):
            for name, measure in (("environment", environment), ("session", session)):
                cpu, count = measure(env, seed)
                totals[name][0] += cpu
                totals[name][1] += count
        env.close()
        per = {name: cpu / count * 1e6 for name, (cpu, count) in totals.items()}
        env_cpu, bare = per["environment"], per["session"]
        lines.append(f"  {game:6s} environment {env_cpu:7.0f} µs, session {bare:7.0f} µs, ratio "
                     f"{env_cpu / bare:.2f} ({totals['environment'][1]} decisions)")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
