"""Conformance: every registered game is a PettingZoo AEC environment (issue 25 item 3, ``runtime/aec.py``).

PettingZoo's own ``api_test`` passes for each game; a whole game played through the environment ends with
each agent terminated and rewarded its standing's share; a multi-pick decision is answered one pick a step;
and an observation is computed from the seat's view alone: the worlds the game's ``determinize`` resamples
(everything the seat cannot see) give the seat the very same observation.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from conformance_harness import definition, hooks, ruleset, session_head
from pettingzoo.test import api_test

from rulecraft.runtime.aec import GameEnv, TooManyOptions
from rulecraft.runtime.outcomes import of_seat


def seats(game: str) -> int:
    """Two seats where the game allows them (one game's agents facing each other), else its fewest."""
    low, high = definition(game).players
    return min(max(2, low), high)


def environment(game: str, seed: int = 0, **options) -> GameEnv:
    players = seats(game)
    return GameEnv(session_head(game, players, seed, range(players)), ruleset(game), hooks(game), **options)


def masked_random(observation: dict, rng: random.Random) -> int:
    return rng.choice(np.flatnonzero(observation["action_mask"]).tolist())


def test_pettingzoo_api_test_passes(game):
    env = environment(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # any complaint of the API test fails here, but for three:
        # what PettingZoo says of every environment with an action mask (its classic games are exempt by name)
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Environment has not defined a render")
        api_test(env, num_cycles=8)
    env.close()


def test_a_whole_game_ends_in_the_standings_shares(game):
    env = environment(game)
    env.reset(seed=3)
    rng = random.Random(3)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    picks_seen = 0
    for agent in env.agent_iter(20_000):
        observation, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = masked_random(observation, rng)
        if info["pick"] > 1:        # a multi-pick decision: one pick a step, the same seat until complete
            picks_seen += 1
            decision = env.session.pending.decision
            if decision.distinct is not None:
                used = {decision.distinct.key(option) for option in info["picked"]}
                legal = [decision.options[i] for i in np.flatnonzero(observation["action_mask"])]
                assert used.isdisjoint(decision.distinct.key(option) for option in legal)
        env.step(action)
        if info["pick"] > 1 and len(info["picked"]) + 1 < info["pick"]:
            assert env.agent_selection == agent
    session = env.session
    assert env.agents == [] and session.finished and not session.aborted
    for agent, total in returns.items():
        assert total == of_seat(session.standings, int(agent.split("_")[1])).share
    if game == "tem":
        assert picks_seen > 0          # Tiny Epic Mechs' program (pick 4) went through the pick steps
    env.close()


def test_a_decision_beyond_the_action_space_is_refused_by_name(game):
    env = environment(game, max_actions=1)
    rng = random.Random(1)
    with pytest.raises(TooManyOptions, match=r"decision offers \d+ options, more than max_actions=1"):
        env.reset(seed=1)
        for _ in env.agent_iter(20_000):
            env.step(masked_random(env.observe(env.agent_selection), rng))
    env.close()


def test_an_observation_is_the_seats_view_only(game):
    """Forks determinized for the seat asked (its hidden world resampled, dice to come reseeded) give it the
    same observation and mask, though the whole state (what it cannot see too) differs in some."""
    env = environment(game, seed=5)
    env.reset(seed=5)
    rng = random.Random(5)
    differed = 0
    for step, agent in enumerate(env.agent_iter(600)):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if step % 15 == 0:
            session, seat = env.session, env.session.pending.seat
            for draw in range(3):
                world = session.fork(determinize_for=seat, rng=random.Random(f"{step}/{draw}"))
                seen = env.observation(world, agent)
                assert np.array_equal(seen["observation"], observation["observation"])
                assert np.array_equal(seen["action_mask"], observation["action_mask"])
                differed += world._game.snapshot() != session._game.snapshot()   # the whole state
                world.close()
        env.step(masked_random(observation, rng))
    if definition(game).determinize is not None:
        assert differed > 0, "no fork resampled anything hidden: the test saw no other world"
    env.close()
