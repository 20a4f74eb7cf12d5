"""Benchmark a game held open (``rulecraft.runtime.session``, issue 22): the two ways a session can advance,
measured on every registered game (the test-only Pig registered for this process, ``bench.test_games``).

Seat 0 is answered from outside (random answers, the ones ``play()`` would give it), the other seat is the
random agent, 2 players. Per game, CPU time, interleaved seed by seed, averaged over ``GAMES`` seeded games:

- **paused**: the session as built, its engine paused in a greenlet inside its ``ask``: one answer at the
  start, the middle and the end of a game (the first, middle and last of seat 0's answers), one fork, one
  undo and one save/restore (``lines`` then ``Session.restore``) at the middle, a whole game through the
  session, and ``reveal_of`` (``rulecraft play``'s look-ahead on a fork before an answer) at the middle
  and the end;
- **re-run**: the other way, measurement only (:class:`Rerun`): every answer re-runs the game from its seed
  with all the outside answers so far, to the next outside decision; a fork copies the answers (the next
  answer pays the re-run), a save/restore is one re-run;
- one whole game's own cost (``GameCore.play`` with two random agents), the yardstick;
- memory per open session (traced by tracemalloc, and the resident set), ``OPEN`` sessions held at their
  middle decision: the paused engine and its greenlet; the re-run's answers and the stopped game it reads
  its views from.

Set RULECRAFT_BENCH_GAMES to change the games per figure (default 100).
"""

from __future__ import annotations

import gc
import os
import queue
import random
import threading
import time
import tracemalloc
from collections import deque
from collections.abc import Callable
from statistics import mean
from typing import Any

from bench.test_games import register
from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime import logs
from rulecraft.runtime.agents import make_agent
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import agents_for, engine_for, registered
from rulecraft.runtime.session import Pending, Session

GAMES = int(os.environ.get("RULECRAFT_BENCH_GAMES", "100"))
PLAYERS = 2
OPEN = 50


class _Stop(BaseException):
    """The re-run reached the outside seat's next decision: the game is dropped there."""


class _Replay:
    """The outside seat in a re-run: its answers so far, then a stop at the next decision."""

    def __init__(self, queue: deque[Any]) -> None:
        self.queue = queue

    @property
    def needs_state(self) -> bool:
        return not self.queue

    def decide(self, decision: Any, view: Any) -> Any:
        if self.queue:
            return self.queue.popleft()
        raise _Stop(Pending(decision.player, decision, view))


class Rerun:
    """The re-running session (measurement only): the game rebuilt from its seed and every outside answer
    so far, to the next outside decision, for each answer; it keeps the stopped game for views."""

    def __init__(self, head: dict[str, Any], ruleset: Any, hooks: Any,
                 answers: list[Any] | None = None) -> None:
        self.head, self.ruleset, self.hooks = head, ruleset, hooks
        self.answers = [] if answers is None else answers
        self.pending: Pending | None = None
        self.game: Any = None
        self._advance()

    def answer(self, seat: int, answer: Any) -> None:
        assert self.pending is not None and seat == self.pending.seat
        self.answers.append(self.pending.decision.check(answer))
        self._advance()

    def fork(self) -> Rerun:
        fork = Rerun.__new__(Rerun)
        fork.head, fork.ruleset, fork.hooks, fork.pending = self.head, self.ruleset, self.hooks, self.pending
        fork.answers, fork.game = list(self.answers), None
        return fork

    def _advance(self) -> None:
        head, seed, queue = self.head, self.head["seed"], deque(self.answers)
        game_agents = agents_for(head["game"])
        agents = [_Replay(queue) if kind == "outside" else make_agent(kind, f"{seed}/{seat}", game_agents)
                  for seat, kind in enumerate(head["agents"])]
        self.game = engine_for(head["game"])(self.ruleset, agents, seed=seed, hooks=self.hooks,
                                             colours=head["colours"])
        try:
            self.game.play()
            self.pending = None
        except _Stop as stop:
            self.pending = stop.args[0]


class Threaded:
    """The engine paused in a thread of its own instead of a greenlet (measurement only): the outside seat's
    agent hands each decision over a queue and blocks until the answer comes back over another."""

    def __init__(self, head: dict[str, Any], ruleset: Any, hooks: Any) -> None:
        self.asked: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self.answers: queue.SimpleQueue[Any] = queue.SimpleQueue()
        seed, game_agents = head["seed"], agents_for(head["game"])
        agents = [_Handing(self) if kind == "outside" else make_agent(kind, f"{seed}/{seat}", game_agents)
                  for seat, kind in enumerate(head["agents"])]
        self.game = engine_for(head["game"])(ruleset, agents, seed=seed, hooks=hooks, colours=head["colours"])
        threading.Thread(target=self._play, daemon=True).start()
        self.pending = self.asked.get()

    def _play(self) -> None:
        try:
            self.game.play()
        finally:
            self.asked.put(None)

    def answer(self, seat: int, answer: Any) -> None:
        assert self.pending is not None and seat == self.pending.seat
        self.answers.put(self.pending.decision.check(answer))
        self.pending = self.asked.get()


class _Handing:
    needs_state = True

    def __init__(self, threaded: Threaded) -> None:
        self.threaded = threaded

    def decide(self, decision: Any, view: Any) -> Any:
        self.threaded.asked.put(Pending(decision.player, decision, view))
        return self.threaded.answers.get()


def cpu(action: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """(CPU microseconds, result) of one call."""
    start = time.process_time_ns()
    result = action(*args)
    return (time.process_time_ns() - start) / 1000, result


def measure(game: str) -> dict[str, list[float]]:
    ruleset, hooks = load_ruleset((), (), game), make_hooks(game, [])
    engine = engine_for(game)
    figures: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        figures.setdefault(name, []).append(value)

    for index in range(GAMES):
        head = header(game, ruleset, hooks, f"session:{index}")
        seed = head["seed"]
        seats = [RandomAgent(f"{seed}/{s}") for s in range(PLAYERS)]
        add("game", cpu(play_game, engine, ruleset, seats, seed, hooks)[0])
        given = answers_of(head, ruleset, hooks)
        if len(given) < 3:
            continue
        half = len(given) // 2
        # paused: the session as built
        start, held = cpu(Session, head, ruleset, hooks)
        paused = []
        for number, answer in enumerate(given):
            if number == half:
                add("paused fork", cpu(held.fork)[0])
                add("paused save/restore", cpu(save_and_restore, held, ruleset, hooks)[0])
                again = held.fork()
                again.answer(0, answer)
                if again.undo_refusal(0) is None:
                    add("paused undo", cpu(again.undo, 0)[0])
            if number in (half, len(given) - 1):     # play's confirmation looks ahead on a fork first
                add(f"paused reveal {'middle' if number == half else 'end'}", cpu(held.reveal_of, answer)[0])
            paused.append(cpu(held.answer, 0, answer)[0])
        add("paused whole", start + sum(paused))
        # re-run: the same answers, the same game
        rerun = Rerun(head, ruleset, hooks)
        reruns = []
        for number, answer in enumerate(given):
            if number == half:
                add("re-run fork", cpu(rerun.fork)[0])
                add("re-run save/restore", cpu(Rerun, head, ruleset, hooks, list(rerun.answers))[0])
            reruns.append(cpu(rerun.answer, 0, answer)[0])
        assert rerun.pending is None and rerun.game.events == held.events, f"{game}: the re-run differs"
        add("re-run whole", sum(reruns))
        # a thread: the same answers
        start, threaded = cpu(Threaded, head, ruleset, hooks)
        threads = [cpu(threaded.answer, 0, answer)[0] for answer in given]
        assert threaded.pending is None and threaded.game.events == held.events, f"{game}: the thread differs"
        add("thread whole", start + sum(threads))
        for name, at in (("start", 0), ("middle", half), ("end", len(given) - 1)):
            add(f"paused {name}", paused[at])
            add(f"re-run {name}", reruns[at])
            add(f"thread {name}", threads[at])
    figures["memory"] = memory(game, ruleset, hooks)
    return figures


def play_game(engine: Any, ruleset: Any, seats: list[Any], seed: str, hooks: Any) -> Any:
    """One whole game, built and played: the yardstick."""
    return engine(ruleset, seats, seed=seed, hooks=hooks).play()


def save_and_restore(held: Session, ruleset: Any, hooks: Any) -> Session:
    return Session.restore(held.lines(), ruleset, hooks)


def header(game: str, ruleset: Any, hooks: Any, seed: str) -> dict[str, Any]:
    """A session's header: seat 0 outside, seat 1 the random agent."""
    probe = engine_for(game)(ruleset, [RandomAgent(s) for s in range(PLAYERS)], seed=seed, hooks=hooks)
    return logs.header(ruleset, [], [], seed, list(probe.colours), ["outside", "random"])


def answers_of(head: dict[str, Any], ruleset: Any, hooks: Any) -> list[Any]:
    """Seat 0's answers in the game its random agent (seeded as ``play`` seeds it) plays."""
    held, agent, given = Session(head, ruleset, hooks), RandomAgent(f"{head['seed']}/0"), []
    while (pending := held.pending) is not None:
        given.append(agent.decide(pending.decision, pending.view))
        held.answer(pending.seat, given[-1])
    return given


def memory(game: str, ruleset: Any, hooks: Any) -> list[float]:
    """Traced and resident bytes per open session, paused and re-run, held at their middle decision."""
    heads = [header(game, ruleset, hooks, f"session-memory:{index}") for index in range(OPEN)]
    halves = [answers_of(head, ruleset, hooks) for head in heads]
    halves = [given[:len(given) // 2] for given in halves]
    figures = []
    for kind in ("paused", "re-run"):
        gc.collect()
        tracemalloc.start()
        traced, resident = tracemalloc.get_traced_memory()[0], _resident()
        held = [_opened(kind, head, ruleset, hooks, given) for head, given in zip(heads, halves, strict=True)]
        gc.collect()
        figures += [(tracemalloc.get_traced_memory()[0] - traced) / OPEN, (_resident() - resident) / OPEN]
        tracemalloc.stop()
        del held
    return figures


def _opened(kind: str, head: dict[str, Any], ruleset: Any, hooks: Any, given: list[Any]) -> Any:
    if kind == "re-run":
        return Rerun(head, ruleset, hooks, list(given))
    held = Session(head, ruleset, hooks)
    for answer in given:
        held.answer(0, answer)
    return held


def _resident() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def run() -> list[str]:
    register()
    random.seed(0)
    lines = [f"a session, seat 0 answered from outside, 1 random seat, {GAMES} seeded games per game, CPU µs "
             f"(mean); paused (greenlet: the session), re-run and thread (measurement only) interleaved"]
    for game in registered():
        figures = measure(game)
        if "paused start" not in figures:
            lines.append(f"  {game}: its games are too short to measure")
            continue
        f = {name: mean(values) for name, values in figures.items() if name != "memory"}
        traced, resident, rerun_traced, rerun_resident = figures["memory"]
        undo = f"{f['paused undo']:.0f}" if "paused undo" in f else "refused"   # Pig: every answer rolls
        lines += [f"  {game}: one whole game {f['game']:8.0f} µs",
                  f"     {'':22s}{'start':>9s}{'middle':>9s}{'end':>9s}{'fork':>9s}{'save/restore':>14s}"
                  f"{'undo':>9s}{'whole game':>12s}",
                  f"     paused (the session)  {f['paused start']:9.0f}{f['paused middle']:9.0f}"
                  f"{f['paused end']:9.0f}{f['paused fork']:9.0f}{f['paused save/restore']:14.0f}"
                  f"{undo:>9s}{f['paused whole']:12.0f}",
                  f"     re-run                {f['re-run start']:9.0f}{f['re-run middle']:9.0f}"
                  f"{f['re-run end']:9.0f}{f['re-run fork']:9.0f}{f['re-run save/restore']:14.0f}"
                  f"{'':9s}{f['re-run whole']:12.0f}",
                  f"     thread (measured)     {f['thread start']:9.0f}{f['thread middle']:9.0f}"
                  f"{f['thread end']:9.0f}{'':9s}{'':14s}{'':9s}{f['thread whole']:12.0f}",
                  f"     reveal_of (play's look-ahead before an answer) middle "
                  f"{f['paused reveal middle']:.0f}, end {f['paused reveal end']:.0f}",
                  f"     memory per open session: paused {traced / 1024:5.0f} KiB traced, "
                  f"{resident / 1024:5.0f} KiB resident; re-run {rerun_traced / 1024:5.0f} KiB traced, "
                  f"{rerun_resident / 1024:5.0f} KiB resident"]
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
