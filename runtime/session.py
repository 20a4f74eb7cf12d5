"""Run: a game held open and driven from outside, one answer at a time, with undo, forks and its log as state.

``GameCore.play`` runs a game from inside: its loop calls each seat's agent. A :class:`Session` turns that
inside out for any registered game: the seats its log header names ``"human"`` or ``"outside"`` are
*outside seats*, answered through :meth:`Session.answer` by whoever holds the session (a terminal, a web
page, a searching agent); every other seat is its agent, built by name and seeded ``"{seed}/{seat}"`` (as
``rulecraft play`` seats them), and answers on its own until an outside seat is asked.

**How it advances.** The engine runs in a greenlet of its own and is paused inside its ``ask``: an outside
seat's agent switches back to the session's caller with the :class:`Pending` decision, and :meth:`answer`
switches in again with the (checked) answer, so one answer costs only the steps up to the next outside
decision. (Re-running the game from its seed and answers for every answer was measured too, and costs a
re-run of the game so far per answer: ``python -m bench session``, the developer page ``session.md``.) A
greenlet belongs to the thread that made it: drive a session from one thread.

**The log is the whole state.** Games are deterministic given the seed and the answers, so a session is its
header and its events (:meth:`lines`, byte for byte what ``play()`` logs). Restoring (:meth:`restore`, in
any process) re-runs the game from the seed, feeding the outside seats their logged answers while the
agent seats answer again as they did (they are seeded), checks every event against its line and pauses at
the same decision; undo and fork re-run the same way.

**Undo never leaks** (:meth:`undo`, :meth:`undo_refusal`): a seat's last answer is taken back only when no
event since it revealed anything to that seat (``game.reveals(event, seat)``, the game's hidden-information
rule: by default a die's face, a visible pick, another seat's answer) and no other outside seat answered
since. Undoing re-runs the game to the moment the seat was asked, chance stream included, so the same answer
gives the same events again, and a different answer plays out exactly as if it had been given first: the
seat learns nothing by undoing that it did not know when it answered.

**Forks** (:meth:`fork`): an independent session at the same decision; the parent never changes. A fork for
a seat's look-ahead (``determinize_for=seat``) reseeds the fork's chance stream from the caller's ``rng`` and
applies the game's ``determinize`` member (everything the seat cannot see, resampled consistently with what
it has seen): it is a hypothetical game, with no log to save and no history to undo or fork from.

**Playing out** (:meth:`play_out`): a searching agent's rollout hands the rest of a (forked) game to agents
of its choice for some outside seats; they answer inside the engine, with no switch back per decision.
"""

from __future__ import annotations

import copy
import json
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from greenlet import greenlet

from rulecraft.runtime import logs
from rulecraft.runtime.agents import Factory, make_agent
from rulecraft.runtime.chance import words
from rulecraft.runtime.decisions import Decision, canonical, needs_state
from rulecraft.runtime.game import ABORTS, GameCore, Listener
from rulecraft.runtime.games import agents_for, engine_for, get

OUTSIDE_KINDS = frozenset({"outside", "human"})   # a header's seat kinds answered through Session.answer
DECISION_LINE = '{"e":"decision",'   # how a decision event's line begins (``logs.dumps``: "e" first)
Builder = Callable[..., GameCore]   # (ruleset, agents, *, seed, hooks, listeners, colours) -> a new game


class WrongSeat(ValueError):
    """An answer from a seat that is not the one asked (or when no answer is awaited)."""


class UndoRefused(ValueError):
    """An undo that would take back what the seat may not take back; the message says why."""


class LogDiverged(ValueError):
    """A restored log that the game, re-run from its header, does not follow (another pack, plugin or
    rulecraft version, or an edited line); the message names the line."""


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision a session awaits: whose answer (``seat``), the :class:`Decision` with its options and
    that seat's view (the game's ``view_class``, as an agent in that seat would get it)."""

    seat: int
    decision: Decision
    view: Any


class Session:
    """One game of any registered game held open at its next outside decision (see the module).

    ``head`` is a log header (``runtime.logs.header``; its ``agents`` name each seat's agent, ``"human"`` or
    ``"outside"`` for an outside seat); ``ruleset`` and ``hooks`` are the ones its packs and plugins load.
    ``events`` are logged events to re-run first (a saved session's); ``listeners`` see every event the
    session plays from now on as it happens (not the re-run ones). ``build`` makes the game from the seats'
    agents, ``(ruleset, agents, *, seed, hooks, listeners, colours)``: by default the game's engine, or its
    board's ``solo_game`` for a header whose ``play`` says ``solo`` (as ``rulecraft play`` builds it).
    ``game_agents`` are the game's own agent factories (default: the registry's, ``agents_for``)."""

    def __init__(self, head: dict[str, Any], ruleset: Any, hooks: Any, *,
                 events: Sequence[dict[str, Any]] = (), listeners: Iterable[Listener] = (),
                 build: Builder | None = None, game_agents: Mapping[str, Factory] | None = None) -> None:
        self._setup(head, ruleset, hooks, listeners, build, game_agents)
        self._start(len(events), _decisions(events), [logs.dumps(event) for event in events])

    @classmethod
    def restore(cls, lines: Sequence[str], ruleset: Any, hooks: Any, *, listeners: Iterable[Listener] = (),
                build: Builder | None = None, game_agents: Mapping[str, Factory] | None = None) -> Session:
        """The session saved as ``lines`` (:meth:`lines`: its header, then its events), re-run and paused
        where it was. An event the re-run game does not produce is :class:`LogDiverged` naming its line; a
        line that is not JSON (or nests too deep, ``logs.loads``) is a ``ValueError`` naming it."""
        head = logs.loads(lines[0], "line 1")
        # only the decisions are read (the outside seats' answers); every line is compared with the game's
        decisions = [(index, logs.loads(line, f"line {index + 2}")) for index, line in enumerate(lines[1:])
                     if line.startswith(DECISION_LINE)]
        session = cls.__new__(cls)
        session._setup(head, ruleset, hooks, listeners, build, game_agents)
        session._start(len(lines) - 1, decisions, lines[1:])
        return session

    @classmethod
    def replayed(cls, head: dict[str, Any], ruleset: Any, hooks: Any, events: Sequence[dict[str, Any]], *,
                 build: Builder | None = None) -> Session:
        """The game of ``head`` re-run through ``events`` (a live game's own log, so not checked line by
        line as :meth:`restore` checks a saved one) and paused at its next outside decision: how a
        searching agent rebuilds the game it sits in (``rulecraft.runtime.agents.forks``)."""
        session = cls.__new__(cls)
        session._setup(head, ruleset, hooks, (), build, None)
        session._start(len(events), _decisions(events), None)
        return session

    def _setup(self, head: dict[str, Any], ruleset: Any, hooks: Any, listeners: Iterable[Listener],
               build: Builder | None, game_agents: Mapping[str, Factory] | None) -> None:
        self.head = head
        self.ruleset = ruleset
        self.hooks = hooks
        self.outside = frozenset(s for s, kind in enumerate(head["agents"]) if kind in OUTSIDE_KINDS)
        self.determinized = False        # a look-ahead fork's resampled game (see fork)
        self._build = build if build is not None else default_builder(head)
        self._game_agents = game_agents if game_agents is not None else agents_for(head["game"])
        self._listeners = list(listeners)

    # --- what a front end reads ------------------------------------------------------------------
    @property
    def pending(self) -> Pending | None:
        """The decision awaited, or None once the game has ended or aborted."""
        return self._pending

    @property
    def events(self) -> list[dict[str, Any]]:
        """The log so far: every event, as ``play()`` logs them (read it, do not change it)."""
        return self._game.events

    @property
    def colours(self) -> Sequence[str]:
        return self._game.colours

    @property
    def standings(self) -> Any:
        """The game's standings once it has ended (``GameCore.standings``), else None."""
        return self._game.standings

    @property
    def finished(self) -> bool:
        return bool(self._game.finished)

    @property
    def aborted(self) -> str | None:
        """Why the game stopped, when it could not go on (its ``abort`` event's reason)."""
        return self._game.aborted

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees of the game now (the game's ``view_state``): a front end's picture of it."""
        return self._game.view_state(seat)

    def public_view(self) -> dict[str, Any]:
        """What every seat sees alike (the game's ``public_view``): a spectator's picture of it. A game that
        does not define one raises NotImplementedError, so no caller falls back to a seat's view."""
        return self._game.public_view()

    def lines(self) -> list[str]:
        """The session saved: its header's line and one line per event (:meth:`restore` takes them back)."""
        if self.determinized:
            raise ValueError("a determinized fork is a hypothetical game: it has no log to save")
        return [logs.dumps(self.head), *map(logs.dumps, self._game.events)]

    def close(self) -> None:
        """End the paused engine now: nothing is awaited any more. Dropping a session does the same, unless
        one of its listeners holds it (the cycle runs through the engine's frames, which a greenlet hides from
        the cycle collector): close such a session when done with it."""
        engine = self._greenlet
        if not engine.dead:
            engine.parent = greenlet.getcurrent()
            engine.throw()               # GreenletExit: the engine's frames unwind
        self._pending = None

    # --- answering -------------------------------------------------------------------------------
    def answer(self, seat: int, answer: Any) -> None:
        """Answer the pending decision as ``seat`` and play on until an outside seat is asked again or the
        game ends. A seat that is not asked is :class:`WrongSeat`, an answer that is not legal
        ``IllegalAnswer``: both say why and change nothing."""
        pending = self._pending
        if pending is None:
            raise WrongSeat(f"the game is over ({self._over()}): no answer is awaited")
        if seat != pending.seat:
            raise WrongSeat(f"{self._seat_name(seat)} answered, but the game awaits "
                            f"{self._seat_name(pending.seat)}'s {pending.decision.kind} decision")
        checked = pending.decision.check(canonical(answer))
        self._answered.append(len(self._game.events))    # where its decision event goes
        self._resume(checked)

    def play_out(self, agents: Mapping[int, Any]) -> None:
        """Let ``agents`` (outside seat -> agent) answer for those seats from the pending decision on, inside
        the engine, until the game ends or another outside seat is asked: a rollout's cheap path (no
        switch out of the engine per decision). The seats stay answered by those agents afterwards."""
        for seat, agent in agents.items():
            self._seats[seat].delegate = agent
        pending = self._pending
        if pending is None:
            return
        agent = agents.get(pending.seat)
        if agent is not None:
            self.answer(pending.seat, agent.decide(pending.decision, pending.view))

    # --- undo ------------------------------------------------------------------------------------
    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last answer now, in words, or None when it may."""
        if self.determinized:
            return "a determinized fork has no history to undo"
        events, name = self._game.events, self._seat_name(seat)
        mine = [k for k, at in enumerate(self._answered) if events[at]["player"] == seat]
        if not mine:
            return f"{name} has no answer to take back"
        at = self._answered[mine[-1]]
        kind = events[at]["kind"]
        later = self._answered[mine[-1] + 1:]
        if later:
            return (f"{name} cannot take back the {kind} answer: "
                    f"{self._seat_name(events[later[0]]['player'])} has answered since")
        for event in events[at + 1:]:
            if self._game.reveals(event, seat):
                seen = self._said(event)
                return f"{name} cannot take back the {kind} answer: since it, {name} has seen {seen}"
        return None

    def reveal_of(self, answer: Any) -> dict[str, Any] | None:
        """The first event that ``answer`` to the pending decision would itself show the seat asked (a card
        it draws, a die it rolls: ``game.reveals``) before any seat is asked again, played out on a fork
        (this session never changes); None when it reveals nothing by itself, or is not legal (``answer``
        says why). Right after such an answer :meth:`undo_refusal` refuses, so a front end asks first.
        A fork re-runs the game so far: about one answer's re-run (``python -m bench session``)."""
        pending = self._pending
        if pending is None or self.determinized:
            return None
        fork = self.fork()
        try:
            start = len(fork.events)
            try:
                fork.answer(pending.seat, answer)
            except ValueError:           # IllegalAnswer: the real answer says so
                return None
            for event in fork.events[start + 1:]:       # after the answer's own decision event
                if fork._game.answered(event) is not None:
                    return None
                if fork._game.reveals(event, pending.seat):
                    return event
            return None
        finally:
            fork.close()

    def undo(self, seat: int) -> list[dict[str, Any]]:
        """Take back ``seat``'s last answer and everything that followed it; the game awaits that decision
        again, exactly as it was asked (chance stream included). Returns the events taken back. Refused with
        :class:`UndoRefused` (the game unchanged) for the reasons :meth:`undo_refusal` gives."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise UndoRefused(reason)
        at = self._answered[-1]
        events = self._game.events
        taken = events[at:]
        self._start(at, _decisions(events[:at]), None)
        return taken

    # --- forks -----------------------------------------------------------------------------------
    def fork(self, *, determinize_for: int | None = None, rng: random.Random | None = None,
             listeners: Iterable[Listener] = ()) -> Session:
        """An independent session at the same decision (this one never changes); ``listeners`` are the
        fork's own. With ``determinize_for=seat`` (the seat asked now), the fork is that seat's hypothesis:
        its chance stream is reseeded from ``rng`` and the game's ``determinize`` member (when it has one)
        resamples what the seat cannot see, with ``rng``; the seat's view stays the same."""
        if self.determinized:
            raise ValueError("a determinized fork is a hypothetical game: it has no history to fork from")
        fork = copy.copy(self)           # the same header, ruleset, hooks and seats; a game of its own
        fork._listeners = list(listeners)
        fork._start(len(self._game.events), _decisions(self._game.events), None)
        if determinize_for is not None:
            fork._determinize(determinize_for, rng)
        return fork

    def _determinize(self, seat: int, rng: random.Random | None) -> None:
        pending = self._pending
        if pending is None or pending.seat != seat:
            now = self._over() if pending is None else f"the game awaits {self._seat_name(pending.seat)}"
            raise ValueError(f"a fork determinizes for the seat asked now; {self._seat_name(seat)} is not "
                             f"asked ({now})")
        if rng is None:
            raise ValueError("a determinized fork needs an rng to resample with")
        game = self._game
        game.rng.seed(rng.getrandbits(64))      # the future draws are what no seat has seen either
        resample = get(self.head["game"]).determinize
        if resample is not None:
            resample.load()(game, seat, rng)
        self.determinized = True

    # --- the engine, paused in a greenlet ----------------------------------------------------------
    def _start(self, count: int, decisions: Iterable[tuple[int, dict[str, Any]]],
               expected: Sequence[str] | None) -> None:
        """Build the game and re-run its first ``count`` events, the outside seats answered from their
        ``decisions`` (``(index, event)``), every event checked against its ``expected`` line when given, to
        the next outside decision."""
        head = self.head
        seed = head["seed"]
        queues: dict[int, deque[tuple[str, Any]]] = {seat: deque() for seat in self.outside}
        self._answered = []
        for index, event in decisions:
            if event.get("player") in self.outside:
                queues[event["player"]].append((event["kind"], event["answer"]))
                self._answered.append(index)
        agents = [_Outside(queues[seat]) if seat in self.outside else
                  make_agent(kind, f"{seed}/{seat}", self._game_agents)
                  for seat, kind in enumerate(head["agents"])]
        self._seats = {seat: agent for seat, agent in enumerate(agents) if isinstance(agent, _Outside)}
        self._relay = _Relay(self._listeners, count, expected)
        self._game = self._build(self.ruleset, agents, seed=seed, hooks=self.hooks, listeners=[self._relay],
                                 colours=head["colours"])
        self._greenlet = greenlet(self._game.play)
        self._resume()                   # the engine's first step: run to the first outside decision
        produced = len(self._game.events)
        if produced < count or any(queues.values()):
            line = f"line {produced + 2}" if expected is not None else f"event {produced}"
            raise LogDiverged(f"{line}: the log goes on where the game awaits "
                              f"{self._seat_name(self._pending.seat) if self._pending else 'nothing'}")
        if expected is not None and self.aborted and produced == count and \
                logs.dumps(self._game.events[-1]) != expected[-1]:
            raise LogDiverged(f"line {produced + 1}: the game aborts otherwise than the log says")

    def _resume(self, *answer: Any) -> None:
        """Switch into the engine (with the answer to the pending decision, none to start it) until it
        pauses or ends."""
        engine = self._greenlet
        engine.parent = greenlet.getcurrent()   # back to whoever drives the session now
        self._pending = None                    # a bug raised out of the engine leaves nothing to answer
        try:
            paused = engine.switch(*answer)
        except ABORTS:
            paused = None                       # the game marked itself aborted (GameCore.play)
        except _Diverged as diverged:
            raise LogDiverged(str(diverged)) from None
        self._pending = paused if not engine.dead else None

    def _said(self, event: dict[str, Any]) -> str:
        """A revealing event in words: a die's face, a pick, another seat's answer, else its type."""
        if event["e"] == "chance":
            return words(event)
        if event["e"] == "decision":
            return f"{self._seat_name(event['player'])}'s {event['kind']} answer"
        shown = {key: value for key, value in event.items() if key != "e"}
        return f"a {event['e']} event ({json.dumps(shown)[:60]})"

    def _over(self) -> str:
        return f"aborted: {self.aborted}" if self.aborted else "it has ended"

    def _seat_name(self, seat: int) -> str:
        colours = self.head["colours"]
        return f"seat {seat} ({colours[seat]})" if 0 <= seat < len(colours) else f"seat {seat}"


def _decisions(events: Sequence[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    return [(index, event) for index, event in enumerate(events) if event["e"] == "decision"]


class _Outside:
    """An outside seat's agent inside the engine: answers from the log being re-run while it holds some,
    else pauses the engine (switching back to the session) until the session brings the answer."""

    __slots__ = ("delegate", "queue")

    def __init__(self, queue: deque[tuple[str, Any]]) -> None:
        self.queue = queue
        self.delegate: Any = None      # the agent answering for the seat once it plays out (play_out)

    @property
    def needs_state(self) -> bool:
        # a re-run answer needs no view; a pending decision carries one; a delegate says for itself
        if self.queue:
            return False
        return self.delegate is None or needs_state(self.delegate)

    def decide(self, decision: Decision, view: Any) -> Any:
        if self.queue:
            kind, answer = self.queue.popleft()
            if kind != decision.kind:
                raise _Diverged(f"the log answers a {kind} decision where the game asks {decision.kind} "
                                f"(player {decision.player})")
            return canonical(answer)
        if self.delegate is not None:
            return self.delegate.decide(decision, view)
        parent = greenlet.getcurrent().parent
        assert parent is not None
        return parent.switch(Pending(decision.player, decision, view))


class _Relay:
    """The game's one listener: quiet through the events being re-run (checking each against its logged
    line when there are some), then passing every new event to the session's listeners. It holds no
    reference to the session, so a paused engine keeps no session alive."""

    __slots__ = ("expected", "listeners", "replaying")

    def __init__(self, listeners: list[Listener], replaying: int, expected: Sequence[str] | None) -> None:
        self.listeners, self.replaying, self.expected = listeners, replaying, expected

    def __call__(self, event: dict[str, Any]) -> None:
        if self.replaying:
            self.replaying -= 1
            expected = self.expected
            if expected is not None:
                index = len(expected) - self.replaying - 1
                if logs.dumps(event) != expected[index]:
                    raise _Diverged(f"line {index + 2}: the game no longer follows its log here\n  log:  "
                                    f"{expected[index]}\n  game: {logs.dumps(event)}")
            return
        for listener in self.listeners:
            listener(event)


class _Diverged(BaseException):
    """Raised inside the engine when the re-run leaves its log. A BaseException: no plugin wrapper or abort
    handler may turn it into a game error on its way out (``Session`` reports it as LogDiverged)."""


def default_builder(head: dict[str, Any]) -> Builder:
    """How ``rulecraft play`` builds a header's game: the registered engine, or for a ``play`` header that
    says ``solo`` the board's ``solo_game`` (its own automated seats; the outside seat is ``agents[0]``)."""
    play = head.get("play")
    if isinstance(play, dict) and play.get("solo"):
        board = get(head["game"]).board
        if board is None or not hasattr(board.load(), "solo_game"):
            raise ValueError(f"the header says solo, but game {head['game']!r} has no solo game")
        solo_game = board.load().solo_game

        def solo(ruleset: Any, agents: Sequence[Any], **options: Any) -> GameCore:
            return solo_game(ruleset, agents[play["human"]], **options)
        return solo
    return engine_for(head["game"])
