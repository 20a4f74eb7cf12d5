"""Issue 21 item 3: choices in steps (``rulecraft.runtime.steps.StepChoice``), through a game of a few lines
that names no real game. Each step is one validated, logged single-pick decision whose options depend on the
answers before it; a sequence ends on its done answer or its count; the random agent answers steps by index
with no Decision or context built; scripted agents and replay need nothing new."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.runtime import logs
from rulecraft.runtime.chance import Die, Draw, ScriptedChance
from rulecraft.runtime.decisions import IllegalAnswer, RandomAgent, ScriptedAgent
from rulecraft.runtime.game import GameCore
from rulecraft.runtime.steps import StepChoice

DIE = Die("d6", (1, 2, 3, 4, 5, 6))
TAKE, DONE = "take", "done"


class SeatView:
    def __init__(self, game, seat, *, state=True):
        self.player, self.ruleset = seat, None


class Harvest(GameCore):
    """Each round three dice are thrown into a pool for each seat, which takes them one at a time (a choice in
    steps: the faces still in the pool, and ``done`` once it took ``at_least``), scoring each face taken; with
    ``count`` a seat takes exactly that many. Every step's offered options are kept in ``offered``."""

    view_class = SeatView

    def __init__(self, agents, seed=0, *, rounds=3, count=None, at_least=1, step_cap=1000, listeners=(),
                 hooks=None, colours=None):
        super().__init__(agents, seed, step_cap, listeners)
        self.rounds, self.count, self.at_least = rounds, count, at_least
        self.score = [0] * len(agents)
        self.pool: list[int] = []
        self.sequences: list[StepChoice] = []
        self.offered: list[tuple] = []

    def run(self):
        for number in range(self.rounds):
            for seat in range(len(self.agents)):
                self.harvest(number, seat)
        self.finished = True
        return self.score

    def harvest(self, number, seat):
        self.pool = self.roll([DIE] * 3, "harvest")
        done = {} if self.count is not None else {"done": DONE, "at_least": self.at_least}
        take = StepChoice(self, TAKE, seat, count=self.count, context={"round": number}, **done)
        self.sequences.append(take)
        while self.pool and not take.finished:
            options = tuple(sorted(set(self.pool)))
            self.offered.append((*options, DONE) if len(take.chosen) >= self.at_least and done else options)
            face = take.step(options, {"pool": tuple(self.pool)})
            if face == DONE:
                break
            self.pool.remove(face)
            self.score[seat] += face
            self.emit("took", player=seat, face=face, total=self.score[seat])


class Through(RandomAgent):
    """The random agent asked through ``decide`` (it overrides it): a Decision and its context every step."""

    def decide(self, decision, view):
        return decision.random_answer(self.rng)


def decisions(game):
    return [e for e in game.events if e["e"] == "decision"]


def test_each_step_offers_what_the_earlier_answers_left_and_says_where_it_is():
    game = Harvest([ScriptedAgent([(TAKE, 3), (TAKE, 5), (TAKE, DONE)])], rounds=1)
    game.asked = []
    game.chance = ScriptedChance([Draw("harvest", [3, 5, 3])])
    game.play()
    first, second, third = game.asked
    assert first.options == (3, 5) and second.options == (3, 5, DONE) and third.options == (3, DONE)
    assert first.context == {"round": 0, "pool": (3, 5, 3), "step": 0, "chosen": ()}
    assert second.context == {"round": 0, "pool": (5, 3), "step": 1, "chosen": (3,), "done": DONE}
    assert third.context["chosen"] == (3, 5) and third.context["step"] == 2
    assert game.score == [8] and game.pool == [3]
    assert [e["answer"] for e in decisions(game)] == [3, 5, DONE]


def test_an_illegal_step_is_refused_before_anything_of_it_is_applied():
    game = Harvest([ScriptedAgent([(TAKE, 5), (TAKE, 5)])], rounds=1)
    game.chance = ScriptedChance([Draw("harvest", [5, 2, 4])])
    with pytest.raises(IllegalAnswer, match="5 is not a legal answer to the take decision"):
        game.play()
    assert game.score == [5] and game.pool == [2, 4] and game.sequences[0].chosen == [5]
    assert [e["e"] for e in game.events[-3:]] == ["decision", "took", "abort"]


def test_done_is_no_answer_before_the_sequence_offers_it():
    game = Harvest([ScriptedAgent([(TAKE, DONE)])], rounds=1, at_least=1)
    with pytest.raises(IllegalAnswer, match="'done' is not a legal answer"):
        game.play()
    assert game.score == [0] and game.sequences[0].chosen == [] and not game.sequences[0].finished


def test_a_count_ends_the_sequence_and_each_step_says_how_many_are_left():
    game = Harvest([Through(1)], rounds=2, count=2)
    game.asked = []
    game.play()
    assert [d.context["left"] for d in game.asked] == [2, 1, 2, 1]
    assert all(DONE not in d.options and "done" not in d.context for d in game.asked)
    assert all(take.finished and len(take.chosen) == 2 for take in game.sequences)


def test_a_sequence_needs_an_end_and_asks_nothing_once_it_ended():
    game = Harvest([RandomAgent(0)])
    with pytest.raises(ValueError, match="needs an end"):
        StepChoice(game, TAKE, 0)
    with pytest.raises(ValueError, match="cannot need 3 of at most 2 steps"):
        StepChoice(game, TAKE, 0, count=2, at_least=3)
    take = StepChoice(game, TAKE, 0, count=1)
    take.step((1, 2))
    with pytest.raises(RuntimeError, match="has ended"):
        take.step((1, 2))
    with pytest.raises(RuntimeError, match="has no options"):
        StepChoice(game, TAKE, 0, done=DONE, at_least=1).step(())


def test_the_random_agent_answers_every_step_by_index_with_no_decision_or_context(monkeypatch):
    class ByIndex:
        """Answers by index only: its ``decide`` fails the test if the fast path is not taken."""

        needs_state = False

        def __init__(self, seed):
            self.inner, self.calls = RandomAgent(seed), 0

        def pick_index(self, n):
            self.calls += 1
            return self.inner.pick_index(n)

        def decide(self, decision, view):
            raise AssertionError("asked through decide: the fast path was not taken")

    def no_context(*args):
        raise AssertionError("a step's context was built for a seat answered by index")

    monkeypatch.setattr(StepChoice, "step_context", no_context)
    agents = [ByIndex("a"), ByIndex("b")]
    game = Harvest(agents, seed=4)
    assert game.by_index(0) and game.by_index(1)
    game.play()
    steps = decisions(game)
    assert len(steps) > 6 and sum(agent.calls for agent in agents) == len(steps)


def test_the_fast_path_and_decide_play_the_same_game():
    fast = Harvest([RandomAgent("a"), RandomAgent("b")], seed=9)
    slow = Harvest([Through("a"), Through("b")], seed=9)
    assert not slow.by_index(0) and fast.by_index(0)
    assert fast.play() == slow.play() and fast.events == slow.events


def test_a_log_with_sequences_replays_byte_for_byte(tmp_path):
    class Model:
        def __init__(self):
            self.source = {"game": "harvest", "packs": [{"id": "harvest-core", "version": "1"}]}

    def engine(model, agents, seed=0, hooks=None, listeners=(), colours=None):
        return Harvest(agents, seed, listeners=listeners)

    game = Harvest([RandomAgent(1), RandomAgent(2)], seed="log")
    game.play()
    path = tmp_path / "harvest.jsonl"
    head = logs.header(Model(), [], [], "log", ["x", "y"], ["random", "random"])
    logs.write(path, head, game.events)
    result = logs.replay(path, lambda packs, plugins: Model(), lambda g, p: None, lambda g: engine,
                         lambda g: {}, lambda g: [])
    assert result.ok, result.message
    assert result.events == len(game.events) and any(e["kind"] == TAKE for e in decisions(game))
    text = path.read_text("utf-8")
    answers = [json.loads(line)["answer"] for line in text.splitlines() if '"e":"decision"' in line]
    path.write_text(text.replace('"answer":"done"', '"answer":7', 1), "utf-8")
    tampered = logs.replay(path, lambda packs, plugins: Model(), lambda g, p: None, lambda g: engine,
                           lambda g: {}, lambda g: [])
    assert DONE in answers and not tampered.ok


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), rounds=st.integers(1, 4), at_least=st.integers(0, 3),
       by_index=st.booleans())
def test_random_sequences_always_end_and_every_logged_step_was_legal(seed, rounds, at_least, by_index):
    agent = RandomAgent if by_index else Through
    game = Harvest([agent(seed), agent(seed + 1)], seed=seed, rounds=rounds, at_least=at_least)
    game.play()
    steps = decisions(game)
    assert game.finished and not game.aborted and len(steps) == len(game.offered)
    assert all(event["answer"] in offered for event, offered in zip(steps, game.offered, strict=True))
    assert all(take.finished or len(take.chosen) == 3 for take in game.sequences)   # done, or all taken
