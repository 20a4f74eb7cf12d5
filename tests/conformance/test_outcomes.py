"""Conformance: every registered game's outcomes say something: in seeded games a seat that lost reports a
loss, with no share of a win, in its standings and in its sim record, and a winner a win; a game with a solo
mode loses a game that misses its target. A check that would pass with every seat winning (rank 1 counted
as a win in a game of one) cannot pass here."""

from __future__ import annotations

import pytest
from conformance_harness import definition, play, seeds, solo_agent

from rulecraft.runtime.agents import make_agent
from rulecraft.runtime.balance.records import core_record
from rulecraft.runtime.games import agents_for, get
from rulecraft.runtime.outcomes import LOSS, WIN

GAMES = 12


def _record(game: str, played, seed) -> dict:
    """The game's own per-game record (its metrics' ``game_record``), else the runtime's."""
    metrics = get(game).metrics
    record = getattr(metrics.load(), "game_record", core_record) if metrics is not None else core_record
    return record(played, 0, str(seed), ["random"] * len(played.agents))


def test_a_seat_that_loses_reports_a_loss_in_standings_and_record(game):
    players = max(2, definition(game).players[0])
    losses = 0
    for n, seed in seeds(game, GAMES):
        if n != players:
            continue
        played = play(game, n, seed).game
        record = _record(game, played, seed)
        for standing in played.standings:
            row = record["seats"][standing.seat]
            assert (row["result"], row["win"], row["rank"]) == (standing.result, standing.share,
                                                                standing.rank)
            if standing.result == LOSS:
                losses += 1
                assert standing.share == 0 and standing.seat not in record["winners"]
            if standing.result == WIN:
                assert standing.share == 1 and record["winners"] == [standing.seat]
        assert sum(s.share for s in played.standings) == pytest.approx(1)   # one win a game, shared or not
    assert losses >= GAMES // 2, f"{game}: {GAMES} games of {players} with {losses} losses"


def test_a_solo_game_that_misses_its_target_is_a_loss(game):
    if definition(game).players[0] > 1:
        pytest.skip(f"{game} has no solo mode")
    results = {}
    name = solo_agent(game)
    for seed in range(40):
        seat = make_agent(name, f"solo/{seed}/0", agents_for(game))
        played = play(game, 1, f"solo/{seed}", agents=[seat]).game
        (standing,) = played.standings
        assert standing.target and standing.reached == (standing.result == WIN)
        record = _record(game, played, seed)["seats"][0]
        assert (record["result"], record["win"], record["reached"]) == (standing.result, standing.share,
                                                                      standing.reached)
        results.setdefault(standing.result, standing)
    assert set(results) == {WIN, LOSS}, f"{game}: 40 solo games, all {set(results)}"
    assert results[LOSS].share == 0 and results[WIN].share == 1
