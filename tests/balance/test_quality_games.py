"""How a game plays, measured on played games (issue 25 item 4): the counting is the same in summary mode
(no log kept) as with the full log, the lead is sampled where each game says (T14/T12: after every round
and at the end), and over random games every measure stays in its range."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance import quality
from rulecraft.runtime.balance.batch import Config, play_game, table_for

FIELDS = ("lead", "lead_changes", "margin", "decided_at", "comeback", "drawish")


def _measures(record):
    return ({k: record.get(k) for k in FIELDS},
            [(s["decisions"], s["options"]) for s in record["seats"]])


def test_summary_mode_counts_what_the_full_log_counts(tmp_path):
    """A simulation without logs plays in summary mode (``GameCore.keep_only``): the same game, the same
    decisions and options counted, the same lead samples, so the same measures as a game with its log."""
    for game in ("tem", "mecha"):
        config = Config(load_table, game=game, agents=("random",))
        (tmp_path / game).mkdir()
        for index in range(2):
            logged = play_game(config, "7", index, log_dir=tmp_path / game)
            assert _measures(play_game(config, "7", index)) == _measures(logged), (game, index)


def test_tiny_epic_mechs_samples_vp_after_every_round_and_at_the_end():
    config = Config(load_table, game="tem", agents=("random",), players=2)
    table = table_for(config)
    assert table.lead.at == {"round-end", "game-end"} and table.lead.close == 1
    record = play_game(config, "3", 0)
    assert record["lead"] == "VP" and 1 / 7 <= record["decided_at"] <= 1     # six rounds and the end
    assert sum(s["decisions"] for s in record["seats"]) == record["decisions"]


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), table=st.sampled_from([("tem", 2), ("tem", 3), ("tem", 4), ("mecha", 2)]))
def test_the_measures_stay_in_range_over_random_games(seed, table):
    game, players = table
    record = play_game(Config(load_table, game=game, agents=("random",), players=players), str(seed), 0)
    fair = Fraction(1, players)
    assert quality.branching(record)[0] >= 1
    assert record["lead_changes"] >= 0 and record["margin"] >= 0
    assert record["decided_at"] is None or 0 < record["decided_at"] <= 1
    assert record["comeback"] in (None, True, False) and quality.drawishness(record)[0] in (0, 1)
    assert -fair <= quality.first_move_advantage(record)[0] <= 1 - fair
