"""Run: a seat's hypothetical games at one decision, the one way a searching agent looks ahead.

An agent gets ``(decision, view)`` and no path to the live game (``runtime.views``). A *searching* agent
(its class says ``searches = True``) also gets ``view.forks()``: a :class:`Forks` of the game it sits in,
whose only way out is :meth:`Forks.sample`, a fork of the game **determinized for the seat** (Session's
``fork(determinize_for=seat)``): its future chance stream reseeded from the agent's rng and everything the
seat cannot see resampled by the game's ``determinize`` member, consistently with what the seat has seen
(OpenSpiel's ``ResampleFromInfostate``; a game that hides nothing but the future, Pig, needs none). So a
sample is a game the seat could be in, drawn from its information set, never the true one: the agent
learns from it only what its view already holds (the tests check that two hidden states the seat cannot
tell apart give the same answers under the same seed).

How: the game is rebuilt from what made it (its engine, ruleset, hooks, seed and seats' names) and
re-run through its own log so far, every seat answered from the log (all are *outside* seats of the
rebuilt session, so a sample hands every seat's decisions to the searcher). The true rebuilt game stays
inside the :class:`Forks` (a Python agent that digs into private attributes can reach anything, as it
could the engine's frames: the guarantee is the API's, what a well-behaved searcher is handed). The log
must be whole: ``rulecraft sim`` keeps it for a game with a searching seat (no summary mode), and a
rebuilt game that is not at the seat's decision is a clear error rather than a wrong search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.session import LogDiverged, Session


class CannotFork(ValueError):
    """The game cannot be rebuilt at this decision (its log is not whole: summary mode, a scripted chance
    source); the message says so."""


class Forks:
    """Seat ``seat``'s hypothetical games at its pending decision of ``root`` (a session whose seats are all
    outside seats, paused at that decision); hand out only determinized forks."""

    __slots__ = ("_root", "seat")

    def __init__(self, root: Session, seat: int) -> None:
        self._root = root
        self.seat = seat

    @classmethod
    def rebuilt(cls, ruleset: Any, hooks: Any, build: Any, seed: Any, colours: Sequence[str], seats: int,
                events: Sequence[dict[str, Any]], seat: int) -> Forks:
        """The forks of a live game at ``seat``'s decision, from what built it (its engine ``build``, the
        ruleset, hooks, seed and colours of its ``seats``) and its log so far (``View.forks``)."""
        head = _head(ruleset.source.get("game"), seed, colours, seats)
        try:
            root = Session.replayed(head, ruleset, hooks, events, build=build)
        except LogDiverged:
            raise CannotFork(_CANNOT.format(seat=seat)) from None
        return cls._checked(root, seat)

    @classmethod
    def of_session(cls, session: Session, seat: int) -> Forks:
        """The forks of a session's game at ``seat``'s pending decision (what ``rulecraft play`` hints
        from): the same game and builder, every seat answered from its log."""
        head = {**session.head, "agents": ["outside"] * len(session.head["agents"])}
        root = Session.replayed(head, session.ruleset, session.hooks, list(session.events),
                                build=session._build)
        return cls._checked(root, seat)

    @classmethod
    def _checked(cls, root: Session, seat: int) -> Forks:
        pending = root.pending
        if pending is None or pending.seat != seat:
            root.close()
            raise CannotFork(_CANNOT.format(seat=seat))
        return cls(root, seat)

    def check(self, decision: Decision) -> None:
        """That the rebuilt game asks ``decision`` (the one the agent was asked), else :class:`CannotFork`."""
        asked = self.decision
        same = (asked.kind, asked.player, asked.options) == (decision.kind, decision.player, decision.options)
        if not same:
            self.close()
            raise CannotFork(_CANNOT.format(seat=self.seat))

    @property
    def decision(self) -> Decision:
        pending = self._root.pending
        assert pending is not None
        return pending.decision

    def sample(self, rng: random.Random) -> Session:
        """A game the seat could be in, drawn with ``rng`` (see the module); the caller closes it."""
        return self._root.fork(determinize_for=self.seat, rng=rng)

    def close(self) -> None:
        self._root.close()


_CANNOT = ("the game re-run from its log is not at seat {seat}'s decision: a searching agent needs the "
           "game's whole log (no summary mode) and its seeded chance")


def _head(game: str, seed: Any, colours: Sequence[str], seats: int) -> dict[str, Any]:
    return {"game": game, "seed": seed, "colours": list(colours), "agents": ["outside"] * seats}

