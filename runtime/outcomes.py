"""Run: how a game ends for each seat: a typed :class:`Standing` per seat, and the rankings that make them.

A game's result is not its rank: a seat ranked first alone **wins** (share 1), k seats that are still equal
after every tie-break **share** the victory (or **draw**, in a game where a tie is a draw: 1/k each), every
other seat **loses** (0). A solo game is won at a **target** (a score within so many turns, a score to
reach, more than each automated opponent): reached is a win, missed a loss, and what the target was is part
of the standing. The tools (records, the sim report, comparisons, sweeps)
read ``result`` and ``share``, never ``rank == 1``.

:func:`rank` orders seats by their tie-break chain (a tuple of keys per seat, most significant first,
higher better: VP, then the tie-breaks in the rules' order), gives equal chains the same competition rank
(1, 1, 3) and the results above; :func:`target` is the standing of a seat playing for a target;
:func:`solo_against` is a solo seat's target among seats the game plays against it (automated opponents).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

Result = Literal["win", "loss", "draw", "shared"]
WIN: Final = "win"
LOSS: Final = "loss"
DRAW: Final = "draw"
SHARED: Final = "shared"
RESULTS: Final = (WIN, LOSS, DRAW, SHARED)


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat at the end of a game: its rank (1 best; equal chains share a rank), its result and share
    of a win, its score, the tie-break keys it was ranked by (data: what decided), the target it played
    for (a solo game; None otherwise) and the game's own columns of its row (``details``: colour, VP...,
    what the game's ``game-end`` event shows)."""

    seat: int
    rank: int
    result: Result
    share: float
    score: Any = None
    keys: tuple[Any, ...] = ()
    target: str | None = None
    details: tuple[tuple[str, Any], ...] = ()

    @property
    def won(self) -> bool:
        """A win or a share of one (a shared victory, a draw)."""
        return self.share > 0

    @property
    def reached(self) -> bool | None:
        """Whether a seat playing for a target reached it; None for a seat that played for none."""
        return None if self.target is None else self.result == WIN

    def row(self) -> dict[str, Any]:
        """The standing as the plain row a game's events and rule tests show: rank, player, its columns."""
        return {"rank": self.rank, "player": self.seat, **dict(self.details)}


Details = Callable[[int], Mapping[str, Any]]


def _details(details: Details | None, seat: int) -> tuple[tuple[str, Any], ...]:
    return tuple(details(seat).items()) if details is not None else ()


def rank(keys: Mapping[int, Sequence[Any]], *, tie: Result = SHARED,
         score: Callable[[int], Any] | None = None, details: Details | None = None) -> list[Standing]:
    """The standings of the seats of ``keys`` (seat -> its tie-break chain, most significant first, higher
    better), best first; seats with equal chains keep the order of ``keys`` and share a rank. First place
    alone wins; k seats sharing it each get ``tie`` (a shared victory, or a draw) and 1/k; the rest lose.
    ``score(seat)`` and ``details(seat)`` fill the standings' score and columns."""
    chains = {seat: tuple(chain) for seat, chain in keys.items()}
    ordered = sorted(chains, key=chains.__getitem__, reverse=True)   # stable: ties keep their order
    if not ordered:
        return []
    firsts = sum(1 for seat in ordered if chains[seat] == chains[ordered[0]])
    out: list[Standing] = []
    for i, seat in enumerate(ordered):
        place = out[-1].rank if i and chains[seat] == chains[ordered[i - 1]] else i + 1
        if place != 1:
            result: Result = LOSS
            share = 0.0
        else:
            result, share = (WIN, 1.0) if firsts == 1 else (tie, 1 / firsts)
        out.append(Standing(seat, place, result, share, score(seat) if score is not None else None,
                            chains[seat], None, _details(details, seat)))
    return out


def target(seat: int, reached: bool, what: str, *, score: Any = None, keys: Sequence[Any] = (),
           details: Mapping[str, Any] | None = None) -> Standing:
    """The standing of a seat that plays for a target (``what``: how the rules say it, e.g. ``30 points
    within 10 turns``): reached is a win, missed a loss. It is ranked first: no seat ranks above it."""
    return Standing(seat, 1, WIN if reached else LOSS, 1.0 if reached else 0.0, score, tuple(keys), what,
                    tuple((details or {}).items()))


def solo_against(standings: Iterable[Standing], seat: int, reached: bool, what: str) -> list[Standing]:
    """A solo seat's target among seats the game plays against it (automated opponents, not players): the solo
    seat wins when it reaches ``what``, and then every other seat loses; otherwise the others win together
    (k of them each get 1/k; one alone wins). Ranks and keys stay as ranked."""
    rows = list(standings)
    others = len(rows) - 1
    out = []
    for s in rows:
        if s.seat == seat:
            result: Result = WIN if reached else LOSS
            out.append(Standing(s.seat, s.rank, result, float(reached), s.score, s.keys, what, s.details))
        elif reached:
            out.append(Standing(s.seat, s.rank, LOSS, 0.0, s.score, s.keys, None, s.details))
        else:
            result = WIN if others == 1 else SHARED
            out.append(Standing(s.seat, s.rank, result, 1 / others, s.score, s.keys, None, s.details))
    return out


def of_seat(standings: Iterable[Standing] | None, seat: int) -> Standing | None:
    """The standing of ``seat`` (None before the game has ended, or for a seat it does not rank)."""
    return next((s for s in standings or () if s.seat == seat), None)
