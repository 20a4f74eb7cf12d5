"""Paired differences between a sweep's points (issue 20 item 6): game i has the same seed at every point,
so the sweep keeps each game's value of each metric and compares two points game by game, with the
statistics module's paired interval; each point against the one before it along the first --vary (the
others equal) and against the baseline."""

from __future__ import annotations

from dataclasses import replace

from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance import stats
from rulecraft.runtime.balance.batch import Config, simulate
from rulecraft.runtime.balance.sweep.backends import LocalBackend
from rulecraft.runtime.balance.sweep.grid import grid, parse_variation
from rulecraft.runtime.balance.sweep.metrics import GameValues, parse_metric
from rulecraft.runtime.balance.sweep.paired import difference, neighbours
from rulecraft.runtime.balance.sweep.run import Sweep, play_points, run_sweep
from rulecraft.runtime.games import get

COIL = "weapons:lightning-coil.cost.energy"
TEM = get("tem").metrics.load()


def test_game_values_land_by_index_whatever_order_batches_arrive_in():
    values = GameValues()
    values.put(3, [(1.0, 1), (0.5, 2)])
    values.put(0, [(0.0, 1), (1.0, 1), (0.0, 0)])
    assert values.games() == [(0.0, 1), (1.0, 1), (0.0, 0), (1.0, 1), (0.5, 2)]


def test_the_paired_difference_is_the_statistics_modules_on_each_games_own_values():
    """What the sweep keeps of each game is what its record says: the owners' wins and their number."""
    variations = [parse_variation(f"{COIL}=1,3")]
    metric = parse_metric("owner-win-rate:lightning-coil", TEM)
    base = Config(load_table, game="tem")
    sweep = Sweep(base, variations, grid(variations, 2), [metric], 24, "pair")
    with LocalBackend(2) as backend:
        run_sweep(sweep, backend)
    a, b = sweep.results

    def per_game(point):
        records = simulate(replace(base, point=point), 24, seed="pair").records
        return [(sum(s["win"] for s in r["seats"] if "lightning-coil" in s["owned"]),
                 sum(1 for s in r["seats"] if "lightning-coil" in s["owned"])) for r in records]

    want = stats.ratio_difference(per_game(b.point), per_game(a.point))
    got = difference(a, b, metric)
    assert got == want and got.n == 24
    assert got.value == b.estimate(metric).value - a.estimate(metric).value


def test_neighbours_run_along_the_first_vary_with_the_others_equal():
    variations = [parse_variation(f"{COIL}=3,1,2"), parse_variation("rules:rules.rounds=6,7")]
    sweep = Sweep(Config(load_table, game="tem"), variations, grid(variations, 6),
                  [parse_metric("rounds", TEM)], 2, "n", baseline=2)
    with LocalBackend(1) as backend:
        run_sweep(sweep, backend)

    def key(result):
        return None if result is None else tuple(a.value for a in result.point)

    pairs = {key(n.result): (key(n.previous), key(n.baseline)) for n in neighbours(sweep)}
    assert pairs == {(1, 6): (None, (2, 6)), (2, 6): ((1, 6), None), (3, 6): ((2, 6), (2, 6)),
                     (1, 7): (None, (2, 7)), (2, 7): ((1, 7), None), (3, 7): ((2, 7), (2, 7))}


def test_games_added_in_a_later_round_are_those_a_longer_sweep_plays():
    """--precision's rounds play games n, n + 1, ... at every point: the figures, and each game's values,
    are those of a sweep of that many games from the start."""
    variations = [parse_variation(f"{COIL}=1,3")]
    metrics = [parse_metric("owner-win-rate:lightning-coil", TEM), parse_metric("rounds", TEM)]
    sweep = Sweep(Config(load_table, game="tem"), variations, grid(variations, 2), metrics, 12, "r")
    with LocalBackend(1) as backend:
        once = play_points(sweep, sweep.points, backend, range(12))
        twice = play_points(sweep, sweep.points, backend, range(5))
        play_points(sweep, sweep.points, backend, range(5, 12), results=twice)
    for a, b in zip(once, twice, strict=True):
        assert (a.games, a.totals) == (b.games, b.totals)
        assert all(a.values[m.name].games() == b.values[m.name].games() for m in metrics)
