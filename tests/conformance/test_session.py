"""Conformance: every registered game driven one answer at a time through a ``Session``
(``rulecraft.runtime.session``, issue 22): the log is ``play()``'s, a saved session continues identically in
another process, undo never leaks, and a fork (determinized or not) never changes its parent.

What undo promises, and what the hypothesis property below checks over random sessions of every game: an
undo is granted only when no event since the seat's answer revealed anything to that seat
(``game.reveals``: a die rolled in the open always does) and no other outside seat answered since; a
granted undo puts the game back exactly as it was when the seat was asked (the same events, decision and
view, and the same place in the chance stream), so the same answer gives the same events byte for byte,
and a different answer gives exactly what it would have given had it been the first (the undone course
leaves no trace). So a seat cannot see a roll, undo and answer again for a better one: it is never shown a
result it could undo past, and what it re-answers with it knew when it first answered.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conformance_harness import definition, gap, hooks, play, ruleset, seeds, session, session_head
from hypothesis import given, settings
from hypothesis import strategies as st
from session_answers import answer_randomly

from rulecraft.runtime.decisions import IllegalAnswer, RandomAgent
from rulecraft.runtime.session import LogDiverged, Session, UndoRefused, WrongSeat

HERE = Path(__file__).parent


def _outside_sets(players: int) -> list[frozenset[int]]:
    return list(dict.fromkeys([frozenset({0}), frozenset(range(players))]))


def test_answers_through_a_session_log_what_play_logs(game, request):
    """Outside seats answered by the very agents ``play()`` seats give its log, byte for byte."""
    gap(request, game, "session")
    for players, seed in seeds(game, 1):
        expected = play(game, players, seed).lines
        for outside in _outside_sets(players):
            held = session(game, players, seed, outside)
            agents = {seat: RandomAgent(f"{seed}/{seat}") for seat in outside}
            while (pending := held.pending) is not None:
                held.answer(pending.seat, agents[pending.seat].decide(pending.decision, pending.view))
            assert held.lines()[1:] == expected, f"{game}, {players} players, outside {sorted(outside)}"
            assert held.finished and held.standings is not None and held.aborted is None


def test_a_wrong_seat_or_an_illegal_answer_changes_nothing(game, request):
    gap(request, game, "session")
    players, seed = seeds(game, 1)[-1]
    held = session(game, players, seed, frozenset(range(players)))
    pending = held.pending
    assert pending is not None and pending.view.player == pending.seat
    before, view = held.lines(), held.view(pending.seat)
    with pytest.raises(IllegalAnswer, match=pending.decision.kind):
        held.answer(pending.seat, object())
    if players > 1:
        with pytest.raises(WrongSeat, match="awaits"):
            held.answer((pending.seat + 1) % players, pending.decision.options[0])
    assert held.lines() == before and held.view(pending.seat) == view and held.pending is pending


def test_a_saved_session_continues_identically_in_another_process(game, request, tmp_path):
    """Saved half way (its lines), restored by a child process from the file alone and answered on: the
    child's log is the log of the same session never interrupted."""
    gap(request, game, "session")
    players, seed = seeds(game, 1)[-1]
    whole = session(game, players, seed, {0})
    answer_randomly(whole, "saved")
    half = session(game, players, seed, {0})
    answer_randomly(half, "saved", answers=len([e for e in whole.events if e["e"] == "decision"
                                                and e["player"] == 0]) // 2)
    saved, out = tmp_path / "saved.jsonl", tmp_path / "continued.jsonl"
    saved.write_text("\n".join(half.lines()) + "\n", encoding="utf-8")
    child = subprocess.run([sys.executable, str(HERE / "session_answers.py"), str(saved), "saved", str(out)],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr
    assert out.read_text("utf-8").splitlines() == whole.lines()


def test_a_log_the_game_does_not_follow_is_refused_naming_its_line(game, request):
    gap(request, game, "session")
    players, seed = seeds(game, 1)[0]
    held = session(game, players, seed, {0})
    answer_randomly(held, "edited", answers=3)
    lines = held.lines()
    edited = [*lines[:-1], lines[-1][:-1] + ',"edited":true}']
    with pytest.raises(LogDiverged, match=f"line {len(lines)}: the game no longer follows its log"):
        Session.restore(edited, held.ruleset, held.hooks)
    assert Session.restore(lines, held.ruleset, held.hooks).lines() == lines


def test_undo_never_leaks(game, request):
    """The module's promise, over random sessions: which seats are outside, how far the game went, which
    seat undoes."""
    gap(request, game, "session")
    low, high = definition(game).players

    @settings(max_examples=10, derandomize=True)
    @given(players=st.integers(low, high), seed=st.integers(0, 2**32 - 1),
           outside=st.sets(st.integers(0, high - 1), min_size=1), answers=st.integers(0, 30),
           undoer=st.integers(0, high - 1))
    def undo_holds(players, seed, outside, answers, undoer):
        outside = {seat % players for seat in outside}
        seat = sorted(outside)[undoer % len(outside)]
        held = session(game, players, seed, outside)
        asked = []                       # (decision, the seat's view) as each outside answer was asked
        while held.pending is not None and len(asked) < answers:
            pending = held.pending
            asked.append((pending.decision, held.view(pending.seat)))
            held.answer(pending.seat, pending.decision.random_answer(random.Random(f"{seed}/{len(asked)}")))
        before = held.lines()
        reason = held.undo_refusal(seat)
        if reason is not None:
            with pytest.raises(UndoRefused) as refused:
                held.undo(seat)
            assert str(refused.value) == reason and held.lines() == before
            return
        taken = held.undo(seat)
        decision, view = next((d, v) for d, v in reversed(asked) if d.player == seat)
        # the game exactly as it was when the seat was asked
        assert held.lines() == before[:len(before) - len(taken)]
        assert taken[0]["e"] == "decision" and taken[0]["player"] == seat
        assert held.pending.seat == seat and held.pending.decision.options == decision.options
        assert held.view(seat) == view
        assert not any(e["e"] == "chance" and "faces" in e for e in taken[1:]), \
            f"{game}: an undo took back a roll in the open"
        # the same answer: the same events, byte for byte
        held.answer(seat, taken[0]["answer"])
        assert held.lines() == before
        # a different answer: what it gives had it come first
        others = [option for option in decision.options if option != taken[0]["answer"]]
        if decision.pick == 1 and others:
            held.undo(seat)
            held.answer(seat, others[0])
            first = Session(held.head, held.ruleset, held.hooks, events=taken_from(before, taken))
            first.answer(seat, others[0])
            assert held.lines() == first.lines()

    undo_holds()


def test_reveal_of_foretells_the_answers_that_cannot_be_taken_back(game, request):
    """Issue 20: ``reveal_of(answer)`` (what `rulecraft play` confirms before) never changes the session; an
    answer it names an event for shows that event before any seat is asked again and cannot be taken
    back; one it names nothing for, when no seat decides before the seat is asked again, can."""
    gap(request, game, "session")
    total = 0
    for players, seed in seeds(game, 1):
        held = session(game, players, seed, {0})
        agent, told = RandomAgent(f"{seed}/0"), 0
        for _ in range(40):
            if (pending := held.pending) is None:
                break
            answer = agent.decide(pending.decision, pending.view)
            before = held.lines()
            event = held.reveal_of(answer)
            assert held.lines() == before and held.pending is pending
            start = len(held.events)
            held.answer(0, answer)
            after = held.events[start + 1:]
            engine = held._game          # a seat's answer, asked or (Mecha's windows) passed unasked
            upto = next((i for i, e in enumerate(after) if engine.answered(e) is not None), len(after))
            if event is not None:
                told += 1
                assert event in after[:upto] and held.undo_refusal(0) is not None, (game, event)
            elif upto == len(after):
                assert held.undo_refusal(0) is None, (game, after)
        assert held.reveal_of(object()) is None if held.pending is not None else True
        held.close()
        total += told
    assert total, f"{game}: no answer of these seeds reveals anything: the check above checked nothing"


def test_a_fork_never_changes_its_parent(game, request):
    """Forked at random points and played to its end with other answers, a fork leaves its parent as it
    was, and the parent then plays on exactly as a session never forked; a fork that determinizes for
    the seat asked (reseeding chance, and the game's ``determinize`` when it has one) shows that seat the
    very view it had, cannot be saved, and plays to an end."""
    gap(request, game, "session")
    low, high = definition(game).players

    @settings(max_examples=8, derandomize=True)
    @given(players=st.integers(low, high), seed=st.integers(0, 2**32 - 1), answers=st.integers(0, 30),
           determinize=st.booleans())
    def forks_hold(players, seed, answers, determinize):
        reference = session(game, players, seed, {0})
        answer_randomly(reference, "parent")
        held = session(game, players, seed, {0})
        answer_randomly(held, "parent", answers=answers)
        if held.pending is None:
            return
        before, view = held.lines(), held.view(0)
        if determinize:
            fork = held.fork(determinize_for=0, rng=random.Random(seed))
            assert fork.view(0) == view, f"{game}: determinizing changed what the seat sees"
            with pytest.raises(ValueError, match="no log to save"):
                fork.lines()
        else:
            fork = held.fork()
            assert fork.lines() == before
        answer_randomly(fork, "fork")
        assert fork.pending is None and (fork.finished or fork.aborted)
        assert held.lines() == before and held.view(0) == view
        answer_randomly(held, "parent")
        assert held.lines() == reference.lines()

    forks_hold()


def test_a_determinized_fork_plays_a_future_of_its_own(game, request):
    """The chance to come and the cards still hidden are what the seat has not seen: a determinized fork,
    answered as its parent is, plays another game from its first decision on (else a look-ahead would read
    the real dice and decks)."""
    gap(request, game, "determinized-future")
    players, seed = seeds(game, 1)[-1]
    held = session(game, players, seed, {0})
    start = len(held.events)
    fork = held.fork(determinize_for=0, rng=random.Random(1))
    answer_randomly(held, "same")
    answer_randomly(fork, "same")
    assert fork.events[start:] != held.events[start:]


def test_a_session_header_names_its_outside_seats(game, request):
    """The seats a header names ``outside`` (or ``human``, as ``rulecraft play`` logs the person) are asked
    from outside; the rest are agents by name."""
    gap(request, game, "session")
    players, seed = seeds(game, 1)[-1]
    head = session_head(game, players, seed, {players - 1})
    held = Session({**head, "agents": [*head["agents"][:-1], "human"]}, ruleset(game), hooks(game))
    assert held.outside == {players - 1} and held.pending.seat == players - 1


def taken_from(lines: list[str], taken: list[dict]) -> list[dict]:
    """The events of a session's ``lines`` before the ``taken`` ones (what an undo left)."""
    return [json.loads(line) for line in lines[1:len(lines) - len(taken)]]
