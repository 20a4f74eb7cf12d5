"""The shared outcomes and seat order (runtime/outcomes.py, runtime/seats.py): ranking by a tie-break chain
with competition ranks and shared first places (T15, Q30), draws (M20), solo targets (Q31, Pig's solo game)
and a solo seat against Robots (R8); seats clockwise, skipping those out (Q9, Q14, Q16)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulecraft.runtime.outcomes import DRAW, LOSS, SHARED, WIN, of_seat, rank, solo_against, target
from rulecraft.runtime.seats import clockwise, next_after


def test_the_chain_breaks_ties_in_order_and_equal_chains_share_the_victory():
    """Q30's shape: VP, then quests, then goblins...; what is still equal shares (a shared victory)."""
    standings = rank({0: (10, 2, 1), 1: (10, 3, 0), 2: (12, 0, 0), 3: (10, 3, 0)},
                     score=lambda seat: seat * 10, details=lambda seat: {"colour": f"c{seat}"})
    assert [(s.seat, s.rank, s.result) for s in standings] == [
        (2, 1, WIN), (1, 2, LOSS), (3, 2, LOSS), (0, 4, LOSS)]
    assert standings[0].keys == (12, 0, 0) and standings[0].score == 20
    assert standings[1].row() == {"rank": 2, "player": 1, "colour": "c1"}
    shared = rank({0: (5, 1), 1: (5, 1), 2: (4, 9)})
    assert [(s.seat, s.rank, s.result, s.share) for s in shared] == [
        (0, 1, SHARED, 0.5), (1, 1, SHARED, 0.5), (2, 3, LOSS, 0.0)]


def test_a_tie_may_be_a_draw():
    """M20: both players lose in the same event: a draw, half a win each."""
    assert [(s.result, s.share) for s in rank({0: (0,), 1: (0,)}, tie=DRAW)] == [(DRAW, 0.5)] * 2


@given(st.dictionaries(st.integers(0, 7), st.tuples(st.integers(0, 3), st.integers(0, 2)), min_size=1))
def test_ranking_invariants(keys):
    """Best first; ranks are competition ranks; one win a game, shared among the equal first places."""
    standings = rank(keys)
    assert sorted(s.seat for s in standings) == sorted(keys)
    assert [s.keys for s in standings] == sorted((tuple(k) for k in keys.values()), reverse=True)
    for i, s in enumerate(standings):
        assert s.rank == 1 + sum(1 for o in standings if o.keys > s.keys) and s.rank <= i + 1
        assert (s.share > 0) == (s.rank == 1) and s.won == (s.result != LOSS)
    assert abs(sum(s.share for s in standings) - 1) < 1e-9


def test_a_target_is_reached_or_missed():
    """Q31 and Pig's solo game: the target reached is a win, missed a loss; it ranks first either way."""
    won, lost = target(0, True, "18 VP", score=20), target(0, False, "18 VP", score=9)
    assert (won.result, won.share, won.reached, won.rank) == (WIN, 1.0, True, 1)
    assert (lost.result, lost.share, lost.reached, lost.rank) == (LOSS, 0.0, False, 1)
    assert of_seat([won], 0) is won and of_seat(None, 0) is None


def test_a_solo_seat_against_robots():
    """R8: the human wins alone at its target; missed, the Robots win together (1/k each)."""
    ranked = rank({0: (20, 0), 1: (20, 1), 2: (5, 1)})
    missed = solo_against(ranked, 0, False, "more VP than each Robot")
    assert [(s.seat, s.result, s.share, s.target) for s in missed] == [
        (1, SHARED, 0.5, None), (0, LOSS, 0.0, "more VP than each Robot"), (2, SHARED, 0.5, None)]
    reached = solo_against(rank({0: (21, 0), 1: (20, 1)}), 0, True, "more VP")
    assert [(s.seat, s.result, s.share) for s in reached] == [(0, WIN, 1.0), (1, LOSS, 0.0)]


def test_seats_go_clockwise_from_a_seat_skipping_those_out():
    assert clockwise(2, 4) == [2, 3, 0, 1] and clockwise(6, 4) == [2, 3, 0, 1]
    assert clockwise(1, 4, out={2}) == [1, 3, 0] and clockwise(0, 0) == []
    assert next_after(3, 4) == 0 and next_after(0, 4, out={1, 2}) == 3
    assert next_after(1, 3, out={0, 2}) == 1 and next_after(1, 2, out={0, 1}) is None
