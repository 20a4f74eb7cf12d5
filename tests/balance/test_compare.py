"""`--compare` flags what a variant changes: doubling the VP per damage (T2's rule parameter, in
tests/packs/variant-double-damage-vp) must show as a significant rise of "VP from damage", while the
paired random games stay the same game otherwise."""

from __future__ import annotations

from pathlib import Path

from rulecraft.plugins import manager
from rulecraft.runtime.balance.batch import Config, simulate
from rulecraft.runtime.balance.metrics import compare

VARIANT = str(Path(__file__).parents[1] / "packs" / "variant-double-damage-vp")


def rows_by_metric(games: int = 20):
    a = simulate(Config(), games, seed=5)
    b = simulate(Config(packs=(VARIANT,)), games, seed=5)
    return {row["metric"]: row for row in compare(a.records, b.records)}


def test_compare_flags_the_changed_rule_and_nothing_it_cannot_change():
    rows = rows_by_metric()
    damage = rows["VP from damage (per player)"]
    assert damage["significant"] and damage["high"] < 0          # A (core) - B (double) < 0
    assert damage["b"] > 1.8 * damage["a"]
    assert rows["final VP (mean per player)"]["significant"]
    # random agents ignore VP: the same seeds play the same moves, so the rest does not move
    for name in ("combats per game", "KOs per game", "VP from zone-pilot (per player)"):
        assert rows[name]["value"] == 0 and not rows[name]["significant"], name


def test_a_configuration_compared_with_itself_shows_no_difference():
    run = simulate(Config(agents=("heuristic", "random")), 4, seed=9)
    assert not any(row["significant"] for row in compare(run.records, run.records))


def test_compare_the_same_pack_with_and_without_a_plugin(monkeypatch):
    """--compare A B where B adds a variant plugin: the plugin's VP source shows, significant."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    monkeypatch.setitem(manager.FIRST_PARTY, "scoring-bonus", "scoring_bonus_plugin")   # registered by name
    a = simulate(Config(), 8, seed=3)
    b = simulate(Config(plugins=("scoring-bonus",)), 8, seed=3)
    rows = {row["metric"]: row for row in compare(a.records, b.records)}
    bonus = rows["VP from scoring-bonus (per player)"]
    assert bonus["a"] == 0 and bonus["b"] == 15 and bonus["significant"]   # 3 scoring rounds (T14) x 5
    assert rows["combats per game"]["value"] == 0


def test_unpaired_runs_fall_back_to_welch_and_newcombe():
    """Different seeds cannot be paired: means get Welch's interval, 0/1 metrics Newcombe's."""
    a = simulate(Config(), 30, seed="one")
    b = simulate(Config(packs=(VARIANT,)), 30, seed="two")
    rows = {row["metric"]: row for row in compare(a.records, b.records)}     # no seed in common
    damage = rows["VP from damage (per player)"]
    assert damage["method"] == "Welch t" and damage["significant"] and damage["high"] < 0
    assert rows["Mighty Mech controlled at the end"]["method"] == "Newcombe"
    same = simulate(Config(packs=(VARIANT,)), 30, seed="one")
    assert {row["method"] for row in compare(a.records, same.records)} == {"paired t"}
    unpaired = compare(a.records, same.records, paired=False)
    assert {row["method"] for row in unpaired} == {"Welch t", "Newcombe"}
