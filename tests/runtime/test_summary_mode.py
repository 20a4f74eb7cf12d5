"""Summary mode and the index fast path (issue 14) play the very same games: a simulation that keeps no log
(``GameCore.keep_only``) and agents answering by index (``GameCore.choose``) change how a game is recorded
and asked, never what happens in it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.plugins.tem.balance.records import RECORD_EVENTS, game_record
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.heuristic import HeuristicAgent
from rulecraft.runtime.decisions import RandomAgent, index_picker

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


class ThroughDecide(RandomAgent):
    """A random agent asked through ``decide`` only: overriding it turns the index fast path off."""

    def decide(self, decision, view):
        return super().decide(decision, view)


def _game(ruleset, seed: str, kinds: list[str], summary: bool, seen: list | None = None) -> Game:
    agents = [AGENTS[k](f"{seed}/{i}") for i, k in enumerate(kinds)]
    game = Game(ruleset, agents, seed=seed, listeners=[seen.append] if seen is not None else ())
    if summary:
        game.keep_only(RECORD_EVENTS)
    game.play()
    return game


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), heuristic=st.integers(0, 4))
def test_summary_mode_plays_the_same_game_and_the_same_record(core, seed, players, heuristic):
    """Same winners, VP, decisions: the full log equals every event a listener sees in summary mode, and
    the per-game record (counts, VP by source, first seat) is the same from the summary as from the log,
    whether the hot steps build their events for a listener or only count them (no listener)."""
    kinds = ["heuristic" if seat < heuristic else "random" for seat in range(players)]
    full = _game(core, f"summary:{seed}", kinds, summary=False)
    seen: list = []
    listened = _game(core, f"summary:{seed}", kinds, summary=True, seen=seen)
    assert seen == full.events
    counted = _game(core, f"summary:{seed}", kinds, summary=True)
    for summary in (listened, counted):
        assert summary.standings == full.standings
        assert [p.snapshot() for p in summary.players] == [p.snapshot() for p in full.players]
        assert summary.events == [e for e in full.events if e["e"] in RECORD_EVENTS]
        assert summary.event_counts() == full.event_counts()
        assert summary.steps == full.steps
        assert game_record(summary, 0, "s", kinds) == game_record(full, 0, "s", kinds)


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6))
def test_answering_by_index_draws_the_same_answers_as_decide(core, seed):
    """RandomAgent's ``pick_index`` is the draw its ``decide`` makes: the log is byte-identical with the
    fast path (no Decision, no view) and without it (every decision through ``decide``)."""
    fast = Game(core, [RandomAgent(f"{seed}/{i}") for i in range(4)], seed=seed)
    slow = Game(core, [ThroughDecide(f"{seed}/{i}") for i in range(4)], seed=seed)
    assert index_picker(fast.agents[0]) is not None and index_picker(slow.agents[0]) is None
    fast.play()
    slow.play()
    assert fast.events == slow.events


def test_a_caller_keeping_the_decisions_gets_every_decision(core):
    """``game.asked`` (scenarios' then.offered) needs the Decision objects: with it set, ``choose`` builds
    them even for an agent answering by index, and the game is the same."""
    plain = Game(core, [RandomAgent(f"asked/{i}") for i in range(4)], seed="asked")
    kept = Game(core, [RandomAgent(f"asked/{i}") for i in range(4)], seed="asked")
    kept.asked = []
    plain.play()
    kept.play()
    assert kept.events == plain.events
    assert len(kept.asked) == plain.event_counts()["decision"]
