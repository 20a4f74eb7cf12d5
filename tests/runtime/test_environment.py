"""The PettingZoo environment's own rules (``runtime/aec.py``, ``plugins/environment.py``): the feature
hashing, seeds, seats the game plays itself, an aborted game, and ``make_env``'s refusals. Every game's API
test is in ``tests/conformance/test_environment.py``."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rulecraft.plugins.environment import make_env
from rulecraft.runtime.aec import CLIP, GameEnv, featurize
from rulecraft.runtime.decisions import RandomAgent


def test_featurize_hashes_leaf_paths_with_their_values():
    one = featurize({"hand": ["a", "b"], "vp": 3, "ready": True, "none": None}, 64)
    assert one.dtype == np.float32 and one.shape == (64,)
    assert np.array_equal(one, featurize({"none": None, "ready": True, "vp": 3, "hand": ["a", "b"]}, 64))
    assert np.count_nonzero(one) > 0
    assert not np.array_equal(one, featurize({"hand": ["a", "c"], "vp": 3, "ready": True}, 64))
    assert np.abs(featurize({"vp": 3}, 64)).sum() == 3.0         # a number adds its value, signed
    assert np.abs(featurize({"vp": 10**9}, 64)).max() == CLIP    # clipped to the observation space
    # a scalar in a list counts by value alone too: the same cards in another order share those buckets
    bag = featurize(["a", "b"], 4096) - featurize(["b", "a"], 4096)
    assert np.count_nonzero(bag) == 4        # the four indexed leaves differ, the two by-value ones cancel


def _played(env: GameEnv, seed: int | None) -> list[bytes]:
    env.reset(seed=seed)
    rng = random.Random(0)
    seen = []
    for _ in env.agent_iter(40):
        observation, _, terminated, truncated, _ = env.last()
        seen.append(observation["observation"].tobytes())
        env.step(None if terminated or truncated else
                 rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return seen


def test_a_seed_deals_the_same_game_and_so_do_the_seeds_after_it():
    env = make_env("mecha")
    first = _played(env, 7)
    after = _played(env, None)
    assert _played(env, 7) == first and _played(env, None) == after
    assert first != after and _played(env, 8) != first
    env.close()


def test_a_seat_the_game_plays_itself_is_no_agent_of_the_environment():
    env = make_env("mecha", agents=["random", "outside"])
    assert env.possible_agents == ["player_1"]
    env.reset(seed=2)
    rng = random.Random(2)
    for agent in env.agent_iter(5000):
        assert agent == "player_1"
        observation, reward, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else
                 rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert env.session.finished and reward == info["standing"].share


class Illegal(RandomAgent):
    """Answers every decision with something no game offers: the game aborts at its first question."""

    def decide(self, decision, view):
        return ("no such option",)


def test_an_aborted_game_truncates_every_agent_without_reward():
    base = make_env("mecha")
    env = GameEnv({**base.head, "agents": ["outside", "illegal"]}, base.ruleset, base.hooks,
                  game_agents={"illegal": Illegal})
    env.reset(seed=1)
    rng = random.Random(1)
    for _ in env.agent_iter(5000):
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            assert "IllegalAnswer" in info["aborted"]
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert env.agents == [] and env.session.aborted


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = make_env("mecha")
    env.reset(seed=3)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="is not legal for the"):
        env.step(illegal)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], observation["observation"])


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 9}, "seats 2-2 players, not 9"),
    ({"agents": ["outside"]}, "1 agents named for 2 seats"),
    ({"agents": ["outside", "nobody"]}, "unknown agent 'nobody'"),
    ({"agents": ["random", "random"]}, "needs at least one outside seat"),
])
def test_make_env_refuses_what_cannot_be_seated(options, message):
    with pytest.raises(ValueError, match=message):
        make_env("mecha", **options)
