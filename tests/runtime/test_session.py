"""Issue 22: the mechanics of a game held open (``rulecraft.runtime.session``) beyond what the conformance
suite checks for every game: listeners see each event once, a dropped session frees its paused engine, the
header's solo game is built as ``rulecraft play`` builds it, a log that goes on past the awaited decision
is refused, a determinized fork runs the game's ``determinize`` on its own game only, an agent may drive a
session of its own from inside another, and undo's refusals say what was seen, in words."""

from __future__ import annotations

import gc
import random
import weakref
from types import SimpleNamespace

import pytest

from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime import logs
from rulecraft.runtime import session as session_module
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import engine_for
from rulecraft.runtime.session import LogDiverged, Session, UndoRefused, WrongSeat

PIG = "pig"


@pytest.fixture(scope="module")
def pig():
    return load_ruleset((), (), PIG), make_hooks(PIG, [])


def pig_head(ruleset, seed="s", agents=("outside", "random")):
    colours = engine_for(PIG)(ruleset, [RandomAgent(s) for s in range(len(agents))], seed=seed).colours
    return logs.header(ruleset, [], [], seed, list(colours), list(agents))


def answer_all(held, salt="a", answers=None):
    while held.pending is not None and answers != 0:
        rng = random.Random(f"{salt}{len(held.events)}")
        held.answer(held.pending.seat, held.pending.decision.random_answer(rng))
        answers = None if answers is None else answers - 1


def test_listeners_see_each_new_event_once_and_no_re_run_one(pig):
    ruleset, hooks = pig
    seen = []
    held = Session(pig_head(ruleset), ruleset, hooks, listeners=[seen.append])
    assert seen == held.events and seen
    answer_all(held, answers=3)
    assert seen == held.events
    heard = []
    restored = Session.restore(held.lines(), ruleset, hooks, listeners=[heard.append])
    fork = held.fork(listeners=[heard.append])
    assert heard == [] and restored.lines() == fork.lines() == held.lines()
    answer_all(restored)
    assert heard == restored.events[len(held.events):]


def test_a_dropped_session_frees_its_paused_engine(pig):
    """The engine paused in its greenlet holds nothing that points back at the session, so dropping the
    session unwinds the engine and frees the game."""
    ruleset, hooks = pig
    held = Session(pig_head(ruleset), ruleset, hooks)
    answer_all(held, answers=2)
    assert held.pending is not None
    game = weakref.ref(held._game)
    del held
    gc.collect()
    assert game() is None


class Narrator:
    """A listener that holds its session (to read views as it narrates)."""

    session = None

    def __call__(self, event):
        assert self.session is None or self.session.pending is None or self.session.view(0) is not None


def test_a_session_its_listener_holds_is_freed_once_closed(pig):
    ruleset, hooks = pig
    narrator = Narrator()
    held = narrator.session = Session(pig_head(ruleset), ruleset, hooks, listeners=[narrator])
    answer_all(held, answers=2)
    game = weakref.ref(held._game)
    held.close()
    assert held.pending is None
    with pytest.raises(WrongSeat, match="the game is over"):
        held.answer(0, "roll")
    del held, narrator
    gc.collect()
    assert game() is None


def test_a_solo_header_is_built_as_play_builds_it():
    """Tiny Epic Mechs' solo game (Robot Pilots, R1): the header ``rulecraft play --solo`` writes gives a
    session of the board's solo game, the person against two Robots, as ``play`` builds it."""
    from rulecraft.cli.play_ui import new_header
    from rulecraft.plugins.tem.robot_pilots import solo_game

    head, ruleset, hooks = new_header([], "robot", None, 0, True, "7", game="tem")
    head = {**head, "agents": ["outside", *head["agents"][1:]]}
    held = Session(head, ruleset, hooks)
    person = RandomAgent("person")
    while (pending := held.pending) is not None:
        assert pending.seat == 0
        held.answer(0, person.decide(pending.decision, pending.view))
    lines = []
    solo_game(ruleset, RandomAgent("person"), seed="7", hooks=hooks, colours=head["colours"],
              listeners=[lambda e: lines.append(logs.dumps(e))]).play()
    assert held.lines()[1:] == lines and held.finished


def test_a_log_that_goes_on_past_the_awaited_decision_is_refused(pig):
    ruleset, hooks = pig
    held = Session(pig_head(ruleset), ruleset, hooks)
    answer_all(held, answers=2)
    lines = held.lines()
    goes_on = f"line {len(lines) + 1}: the log goes on where the game awaits seat 0"
    with pytest.raises(LogDiverged, match=goes_on):
        Session.restore([*lines, lines[-1]], ruleset, hooks)


def test_no_answer_is_taken_once_the_game_is_over(pig):
    ruleset, hooks = pig
    held = Session(pig_head(ruleset), ruleset, hooks)
    answer_all(held)
    assert held.finished and held.pending is None and held.standings is not None
    with pytest.raises(WrongSeat, match="the game is over"):
        held.answer(0, "roll")


def test_undo_after_a_roll_is_refused_saying_what_was_seen(pig):
    """Pig: rolling again shows a die's face at once; that roll is the very thing undo may not fish past."""
    ruleset, hooks = pig
    held = Session(pig_head(ruleset, agents=("outside",)), ruleset, hooks)
    assert held.undo_refusal(0) == "seat 0 (" + held.colours[0] + ") has no answer to take back"
    held.answer(0, "roll")
    reason = held.undo_refusal(0)
    assert reason is not None and "cannot take back the roll-or-hold answer: since it" in reason
    assert "turn roll: d6 shows" in reason
    with pytest.raises(UndoRefused, match="turn roll"):
        held.undo(0)


def test_a_determinized_fork_resamples_its_own_game_only(pig, monkeypatch):
    ruleset, hooks = pig
    calls = []

    def determinize(game, seat, rng):
        calls.append((game, seat, rng))

    member = SimpleNamespace(load=lambda: determinize)
    monkeypatch.setattr(session_module, "get", lambda game: SimpleNamespace(determinize=member))
    held = Session(pig_head(ruleset), ruleset, hooks)
    answer_all(held, answers=2)
    before = held.lines()
    rng = random.Random(3)
    fork = held.fork(determinize_for=0, rng=rng)
    [(game, seat, given)] = calls
    assert game is fork._game and game is not held._game and seat == 0 and given is rng
    assert fork.determinized and held.lines() == before
    assert fork.undo_refusal(0) == "a determinized fork has no history to undo"
    with pytest.raises(ValueError, match="no history to fork from"):
        fork.fork()
    with pytest.raises(ValueError, match="is not asked"):
        held.fork(determinize_for=1, rng=rng)
    with pytest.raises(ValueError, match="needs an rng"):
        held.fork(determinize_for=0)


class LookingAhead:
    """An agent that, asked a decision, plays a session of its own to the end first (a look-ahead's shape):
    the inner session's engine pauses back to this agent, inside the outer session's engine."""

    needs_state = False

    def __init__(self, ruleset, hooks):
        self.ruleset, self.hooks, self.played = ruleset, hooks, 0

    def decide(self, decision, view):
        inner = Session(pig_head(self.ruleset, seed=f"inner{self.played}"), self.ruleset, self.hooks)
        answer_all(inner)
        self.played += inner.finished
        return decision.options[0]


def test_an_agent_may_drive_a_session_of_its_own_from_inside_one(pig):
    ruleset, hooks = pig
    looker = LookingAhead(*pig)
    held = Session(pig_head(ruleset, agents=("outside", "looker")), ruleset, hooks,
                   game_agents={"looker": lambda seed: looker})
    answer_all(held)
    assert held.finished and looker.played > 0
