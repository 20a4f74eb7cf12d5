"""Benchmark `sim --compare`: how honest its flags are and how much it sees, and what it costs.

- False flags: two independent runs of the core game (different seeds) are compared as if paired (game i
  with game i), so nothing differs but luck. Over many such comparisons, the share of rows starred (the
  95% interval excludes 0) should be near 5%, and the share of comparisons with any Holm-flagged row
  (the family-wise error Holm controls) at most about 5%.
- Power: how often the one changed pilot of tests/packs/variant-one-pilot (Diamond, 2 VP per Collect) is
  flagged after Holm, at several game counts, on different seeds.
- Cost: seconds to compare 1,000 paired games (82 rows).

Run with ``python -m bench compare``.
"""

from __future__ import annotations

import time
from pathlib import Path

from rulecraft.plugins.tem.balance.comparison import compare
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, simulate

ONE_PILOT = str(Path(__file__).resolve().parents[1] / "tests" / "packs" / "variant-one-pilot")
NULL_REPEATS = 40          # null comparisons of NULL_GAMES games a side
NULL_GAMES = 100
POWER_GAMES = (30, 60, 120)
POWER_REPEATS = 10
COST_GAMES = 1000


def _null_rates() -> tuple[float, float, int]:
    """(share of tested rows starred, share of comparisons with any ** row, rows tested per comparison)."""
    starred = tested = any_holm = 0
    for repeat in range(NULL_REPEATS):
        a = simulate(Config(load_table, game="tem"), NULL_GAMES, seed=f"null-a{repeat}").records
        b = simulate(Config(load_table, game="tem"), NULL_GAMES, seed=f"null-b{repeat}").records
        b = [{**r, "seed": x["seed"]} for r, x in zip(b, a, strict=True)]     # pair game i with game i
        rows = [r for r in compare(a, b)["rows"] if r["p"] is not None]
        starred += sum(r["significant"] for r in rows)
        tested += len(rows)
        any_holm += any(r["holm"] for r in rows)
    return starred / tested, any_holm / NULL_REPEATS, tested // NULL_REPEATS


def _power(games: int) -> float:
    found = 0
    for repeat in range(POWER_REPEATS):
        a = simulate(Config(load_table, game="tem"), games, seed=f"power{repeat}")
        b = simulate(Config(load_table, game="tem", packs=(ONE_PILOT,)), games, seed=f"power{repeat}")
        rows = {r["metric"]: r for r in compare(a.records, b.records)["rows"]}
        found += rows["pilot diamond: win rate when kept"]["holm"]
    return found / POWER_REPEATS


def run() -> list[str]:
    starred, any_holm, rows = _null_rates()
    lines = [f"null comparisons ({NULL_REPEATS} x {NULL_GAMES} games a side, {rows} rows tested each): "
             f"{100 * starred:.1f}% of rows starred (expected ~5%), {100 * any_holm:.0f}% of comparisons "
             f"with any Holm flag (Holm: at most 5%)"]
    for games in POWER_GAMES:
        lines.append(f"one changed pilot, {games} paired games: Diamond flagged after Holm in "
                     f"{100 * _power(games):.0f}% of {POWER_REPEATS} seeds")
    a = simulate(Config(load_table, game="tem"), COST_GAMES, seed="cost").records
    b = simulate(Config(load_table, game="tem", packs=(ONE_PILOT,)), COST_GAMES, seed="cost").records
    start = time.perf_counter()
    compare(a, b)
    lines.append(f"compare {COST_GAMES} paired games: {time.perf_counter() - start:.2f} s")
    return lines
