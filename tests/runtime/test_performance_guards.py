"""Guards for the engine's speed work (issue 4, "Robustness and speed"): what is shared between games
must not change a game, and a finished game must not need the cyclic GC to be freed."""

from __future__ import annotations

import gc

from rulecraft.plugins.tem import engine
from rulecraft.plugins.tem.engine import Game
from rulecraft.runtime.decisions import RandomAgent


def _play(ruleset, seed: str, players: int = 4) -> Game:
    game = Game(ruleset, [RandomAgent(f"{seed}/{i}") for i in range(players)], seed=seed)
    game.play()
    return game


def test_a_game_is_the_same_with_cold_or_warm_shared_caches(core):
    """Loadouts, equip options and program options are cached per ruleset and shared by its games: a
    seed plays the same events whether the caches start empty or were filled by other games."""
    engine._SHARED.pop(id(core), None)
    cold = _play(core, "shared:0").events
    for k in range(1, 6):
        _play(core, f"shared:{k}", players=2 + k % 3)
    assert _play(core, "shared:0").events == cold


def test_rulesets_do_not_share_caches(core, tiny):
    assert engine._shared_caches(core)[0] is engine._shared_caches(core)[0]
    assert engine._shared_caches(core)[0] is not engine._shared_caches(tiny)[0]


def test_a_finished_game_is_freed_by_reference_counting(core):
    """No reference cycle through a game (a View kept on the game made one, and so did deferred effects
    holding bound methods; seed "freed" defers one): a long ``sim`` frees each game as soon as it is
    dropped instead of leaving it, events and all, to the cyclic collector (measured: ~15% of the time).
    With the collector off, whatever a played and dropped game leaves for it is found by ``gc.collect``
    (a weak reference would say the same, but the compiled build's classes take none)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        for seed in ["freed", *(f"freed:{k}" for k in range(20))]:
            _play(core, seed, players=2 + len(seed) % 3)
            assert gc.collect() == 0, seed
    finally:
        if enabled:
            gc.enable()
