"""Tiny Epic Quest's summary mode: a simulation that keeps no log (``GameCore.keep_only`` of the record's
``RECORD_EVENTS``) plays the very same game and gives the very same per-game record, whether the hot steps
build their events for a listener or only count them (no listener), at every player count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.plugins.teq.agents import HeuristicAgent
from rulecraft.plugins.teq.engine import Game
from rulecraft.plugins.teq.metrics import RECORD_EVENTS, game_record
from rulecraft.plugins.teq.pack import core_ruleset
from rulecraft.runtime.decisions import RandomAgent

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}
SEATS = [["random"], ["heuristic"], ["random", "random"], ["heuristic", "random"], ["random"] * 3,
         ["heuristic", "random", "random", "heuristic"]]


def _game(seed: int, kinds: list[str], summary: bool, seen: list | None = None) -> Game:
    agents = [AGENTS[k](f"{seed}/{i}") for i, k in enumerate(kinds)]
    game = Game(core_ruleset(), agents, seed=seed, listeners=[seen.append] if seen is not None else ())
    if summary:
        game.keep_only(RECORD_EVENTS)
    game.play()
    return game


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), kinds=st.sampled_from(SEATS))
def test_summary_mode_plays_the_same_game_and_the_same_record(seed, kinds):
    full = _game(seed, kinds, summary=False)
    seen: list = []
    listened = _game(seed, kinds, summary=True, seen=seen)
    assert seen == full.events
    counted = _game(seed, kinds, summary=True)
    for summary in (listened, counted):
        assert summary.standings == full.standings
        assert summary.events == [e for e in full.events if e["e"] in RECORD_EVENTS]
        assert summary.event_counts() == full.event_counts()
        assert summary.steps == full.steps
        assert game_record(summary, 0, "s", kinds) == game_record(full, 0, "s", kinds)
