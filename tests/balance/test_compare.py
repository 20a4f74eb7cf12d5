"""`--compare` reports variant minus base (B - A) and flags what the variant changes: doubling the VP per
damage (T2's rule parameter, tests/packs/variant-double-damage-vp) must show as a significant rise of
"VP from damage"; changing one pilot (tests/packs/variant-one-pilot) must show as that pilot's win rate
rising, and as no other card's Holm-adjusted change; every card of the stacks has a row, taken or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecraft.plugins.tem.balance.compare_text import choice_lines
from rulecraft.plugins.tem.balance.comparison import MIN_SAMPLE, cards_of, compare
from rulecraft.plugins.tem.build import load_ruleset
from rulecraft.plugins.tem.game import VARIANTS
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, simulate
from rulecraft.runtime.games import Ref

PACKS = Path(__file__).parents[1] / "packs"
VARIANT = str(PACKS / "variant-double-damage-vp")
ONE_PILOT = str(PACKS / "variant-one-pilot")
HEAVY = str(PACKS / "variant-heavy-metal")


def by_metric(comparison):
    return {row["metric"]: row for row in comparison["rows"]}


def test_compare_flags_the_changed_rule_and_nothing_it_cannot_change():
    a = simulate(Config(load_table, game="tem"), 20, seed=5)
    b = simulate(Config(load_table, game="tem", packs=(VARIANT,)), 20, seed=5)
    rows = by_metric(compare(a.records, b.records))
    damage = rows["VP from damage (per player)"]
    assert damage["significant"] and damage["holm"] and damage["low"] > 0      # B (double) - A (core) > 0
    assert damage["b"] > 1.8 * damage["a"]
    assert rows["final VP (mean per player)"]["significant"]
    # random agents ignore VP: the same seeds play the same moves, so the rest does not move
    for name in ("combats per game", "KOs per game", "VP from zone-pilot (per player)"):
        assert rows[name]["value"] == 0 and not rows[name]["significant"], name


def test_one_changed_pilot_shows_as_its_own_win_rate_change():
    """Diamond scores 2 VP per Collect in the variant: her win rate when kept rises, with a paired
    interval above 0 that survives Holm's adjustment; random agents keep the same pilots on the same
    seeds, so no pilot's kept-when-dealt rate moves, and no other card is flagged after adjustment."""
    a = simulate(Config(load_table, game="tem"), 120, seed=1)
    b = simulate(Config(load_table, game="tem", packs=(ONE_PILOT,)), 120, seed=1)
    comparison = compare(a.records, b.records)
    assert comparison["paired"] and comparison["games"] == 120
    rows = by_metric(comparison)
    diamond = rows["pilot diamond: win rate when kept"]
    assert diamond["method"] == "paired t, ratio (delta method)"
    assert diamond["value"] > 0.2 and diamond["low"] > 0.1 and diamond["holm"] and diamond["p_holm"] < 0.05
    assert diamond["a_n"] == diamond["b_n"] > 30
    assert diamond["b"] - diamond["a"] == pytest.approx(diamond["value"])
    cards = [r for r in comparison["rows"] if r["group"] in ("pilot", "weapon")]
    assert [r["metric"] for r in cards if r["holm"]] == ["pilot diamond: win rate when kept"]
    for r in cards:
        if r["measure"] == "kept when dealt":
            assert r["value"] == 0, r["metric"]
    assert rows["VP from ability (per player)"]["holm"]


def test_every_card_of_both_stacks_has_a_row_and_says_who_chose():
    """Heuristic seats keep the pilot with the most health, so Blitz (5) is never kept: its row is there,
    marked, and the choices line shows 0 of its deals. Heavy Metal removes the Flamethrower and adds
    the Wrecking Ball: each side's missing card says so instead of showing a difference."""
    config_a = Config(load_table, game="tem", agents=("heuristic",))
    config_b = Config(load_table, game="tem", packs=(HEAVY,), agents=("heuristic",))
    a, b = simulate(config_a, 4, seed=2), simulate(config_b, 4, seed=2)
    cards = (cards_of(load_ruleset()), cards_of(load_ruleset([HEAVY])))
    comparison = compare(a.records, b.records, cards)
    rows = by_metric(comparison)
    pilots = {r["subject"] for r in comparison["rows"] if r["group"] == "pilot"}
    assert pilots == set(cards[0].pilots)
    weapons = {r["subject"] for r in comparison["rows"] if r["group"] == "weapon"}
    assert weapons == set(cards[0].weapons) | set(cards[1].weapons)
    blitz = rows["pilot blitz: win rate when kept"]
    assert blitz["status"] == "never kept" and blitz["value"] is None and blitz["a_n"] == blitz["b_n"] == 0
    assert rows["weapon flamethrower: purchase rate"]["status"] == "removed in B"
    assert rows["weapon flamethrower: purchase rate"]["value"] is None
    assert rows["weapon wrecking-ball: win rate when owned"]["status"] == "new in B"
    dealt = comparison["choices"]["a"]["pilots"]["blitz"]["heuristic"]["dealt"]
    assert dealt > 0 and any(f"blitz 0/{dealt}" in line for line in choice_lines(comparison))


def test_a_configuration_compared_with_itself_shows_no_difference():
    run = simulate(Config(load_table, game="tem", agents=("heuristic", "random")), 4, seed=9)
    comparison = compare(run.records, run.records)
    assert not any(row["significant"] or row["holm"] for row in comparison["rows"])


def test_compare_the_same_pack_with_and_without_a_plugin(monkeypatch):
    """--compare A B where B adds a variant plugin: the plugin's VP source shows, significant."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    monkeypatch.setitem(VARIANTS, "scoring-bonus", Ref("scoring_bonus_plugin"))   # registered by name
    a = simulate(Config(load_table, game="tem"), 8, seed=3)
    b = simulate(Config(load_table, game="tem", plugins=("scoring-bonus",)), 8, seed=3)
    rows = by_metric(compare(a.records, b.records))
    bonus = rows["VP from scoring-bonus (per player)"]
    assert bonus["a"] == 0 and bonus["b"] == 15 and bonus["significant"]   # 3 scoring rounds (T14) x 5
    assert rows["combats per game"]["value"] == 0


def test_unpaired_runs_fall_back_to_welch_and_newcombe():
    """Different seeds cannot be paired: means and ratios get Welch's interval, 0/1 metrics Newcombe's."""
    a = simulate(Config(load_table, game="tem"), 30, seed="one")
    b = simulate(Config(load_table, game="tem", packs=(VARIANT,)), 30, seed="two")
    comparison = compare(a.records, b.records)        # no seed in common
    assert not comparison["paired"] and comparison["games"] == [30, 30]
    rows = by_metric(comparison)
    damage = rows["VP from damage (per player)"]
    assert damage["method"] == "Welch t" and damage["significant"] and damage["low"] > 0
    assert rows["Mighty Mech controlled at the end"]["method"] == "Newcombe"
    assert rows["pilot vega: win rate when kept"]["method"] == "Welch t, ratio (delta method)"
    same = simulate(Config(load_table, game="tem", packs=(VARIANT,)), 30, seed="one")
    paired = compare(a.records, same.records)["rows"]
    assert {row["method"] for row in paired} == {"paired t", "paired t, ratio (delta method)"}
    unpaired = compare(a.records, same.records, paired=False)["rows"]
    assert {row["method"] for row in unpaired} == {"Welch t", "Newcombe", "Welch t, ratio (delta method)"}


def test_a_card_with_few_owners_is_shown_but_not_tested():
    """Two owners who both lost have no spread: their interval would be a false certainty, so a rate
    over fewer than MIN_SAMPLE seats on a side carries no p-value, no star and the status ``few``."""
    def game(index, owners_won):
        won = (1.0, 0.0) if owners_won else (0.0, 1.0)          # seat 0 owns the Rail Gun
        seats = [{"seat": s, "agent": "random", "pilot": "vega", "dealt": ["vega"], "vp": 1, "first": s == 0,
                  "win": won[s], "vp_by_source": {}, "purchased": [], "owned": ["rail-gun"][:1 - s]}
                 for s in range(2)]
        return {"seed": f"1:{index}", "aborted": None, "combats": 0, "kos": 0, "retreats": 0, "events": 1,
                "mech_controller": None, "winners": [0 if owners_won else 1], "seats": seats}
    base = [game(i, False) for i in range(MIN_SAMPLE - 1)]
    variant = [game(i, True) for i in range(MIN_SAMPLE - 1)]
    rows = by_metric(compare(base, variant))
    few = rows["weapon rail-gun: win rate when owned"]
    assert few["value"] == 1.0 and few["status"] == "few" and few["p"] is None and not few["significant"]
    more = by_metric(compare([*base, game(99, False)], [*variant, game(99, True)]))
    assert more["weapon rail-gun: win rate when owned"]["significant"]
