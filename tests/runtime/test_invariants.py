"""Randomized games (random agents, 2-4 players) keep every invariant after every event, and replay.

The CI run plays a few hundred games; the manual soak is ``rulecraft sim --games 100000`` (site: Performance).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import InvariantChecker

from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.wiring import plugin_names
from rulecraft.runtime import logs
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import agents_for, engine_for

GAMES = 240


def play_checked(ruleset, seed, players):
    game = Game(ruleset, [RandomAgent(f"{seed}/{i}") for i in range(players)], seed=seed)
    checker = InvariantChecker()
    checker.attach(game)
    game.play()
    assert game.finished and not game.aborted
    assert checker.count == len(game.events)
    return game


def replays(ruleset, game, folder) -> bool:
    path = folder / "game.jsonl"
    colours = [p.colour for p in game.players]
    head = logs.header(ruleset, [], [], game.seed, colours, ["random"] * len(colours))
    logs.write(path, head, game.events)
    result = logs.replay(path, lambda packs, plugins: ruleset, make_hooks, engine_for, agents_for,
                         plugin_names)
    return result.ok and result.events == len(game.events)


@pytest.mark.parametrize("chunk", range(8))
def test_random_games_keep_invariants(core, chunk, tmp_path):
    for index in range(chunk, GAMES, 8):
        game = play_checked(core, f"inv:{index}", 2 + index % 3)
        if index % 4 == 0:   # a quarter of them also go through the log and replay
            assert replays(core, game, tmp_path), f"game inv:{index} does not replay identically"


def test_small_ruleset_with_abilities_keeps_invariants(tiny):
    for index in range(60):
        play_checked(tiny, f"tiny:{index}", 2 + index % 3)


@pytest.mark.parametrize("seed", ["replay:0", "replay:1", "replay:2"])
def test_logged_games_replay_identically(core, tmp_path, seed):
    game = play_checked(core, seed, 4)
    path = tmp_path / "game.jsonl"
    logs.write(path, logs.header(core, [], [], seed, [p.colour for p in game.players], ["random"] * 4),
               game.events)
    result = logs.replay(path, lambda packs, plugins: core, make_hooks, engine_for, agents_for, plugin_names)
    assert result.ok, result.message
    assert result.events == len(game.events)


def test_same_seed_same_game_byte_for_byte(core):
    a = play_checked(core, "same", 3)
    b = play_checked(core, "same", 3)
    assert [logs.dumps(e) for e in a.events] == [logs.dumps(e) for e in b.events]
    # nothing in an event depends on where the game ran (a log replays from any folder)
    assert not [e for e in a.events if "content/" in logs.dumps(e) or str(Path.cwd()) in logs.dumps(e)]
    c = play_checked(core, "other", 3)
    assert [logs.dumps(e) for e in a.events] != [logs.dumps(e) for e in c.events]


def test_a_tampered_log_fails_replay(core, tmp_path):
    game = play_checked(core, "tamper", 2)
    lines = [logs.dumps(e) for e in game.events]
    i = next(i for i, e in enumerate(game.events) if e["e"] == "vp")
    lines[i] = lines[i].replace('"vp":', '"vp":1', 1)
    path = tmp_path / "game.jsonl"
    head = logs.header(core, [], [], "tamper", [p.colour for p in game.players], ["random"] * 2)
    path.write_text(logs.dumps(head) + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    result = logs.replay(path, lambda packs, plugins: core, make_hooks, engine_for, agents_for, plugin_names)
    assert not result.ok and "differs" in result.message


@settings(max_examples=30)
@given(seed=st.text(min_size=1, max_size=12), players=st.integers(2, 4))
def test_any_seed_keeps_the_invariants(core, seed, players):
    """Hypothesis picks the seeds (and shrinks a failing one to a short string to replay by hand)."""
    play_checked(core, seed, players)
