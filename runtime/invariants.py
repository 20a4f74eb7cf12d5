"""Run: the invariants of a game, checked as it plays: the protocol's, which every game's end must keep, and
the game's own (its definition's ``invariants``), each named by the ruling it holds.

The **protocol's** are what the tools rely on of any finished game (the conformance suite asserts them of
seeded games, ``rulecraft fuzz`` of every game it plays): it ended (``standings`` set, not aborted, the
last event ``game-end``); every seat is ranked once, ranks start at 1 and never go down; every result is
one of :data:`~rulecraft.runtime.outcomes.RESULTS` with its share between 0 and 1; the shares of a game
of several seats add up to one win (a solo game's to a win or none). They are named ``protocol/...``:
they are the runtime's rules, not a game's.

A **game's** are its own rules that must hold after every event (a score never changes but by what its
events say). Its definition's ``invariants`` is a ``Ref`` to a factory ``(game) -> watch``; ``watch(event)``
is called after each event (and once more with ``None`` when the game has ended) and returns the
:class:`Broken` rule, or ``None``. The watch may keep state of its own: it is made per game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulecraft.runtime.outcomes import RESULTS

Watch = Callable[[dict[str, Any] | None], "Broken | None"]
PROTOCOL = ("protocol/ended", "protocol/ranked", "protocol/results", "protocol/shares")


@dataclass(frozen=True, slots=True)
class Broken:
    """An invariant that did not hold: the ruling it holds (``T7``, ``protocol/ranked``), what was wrong."""

    ruling: str
    message: str

    def __str__(self) -> str:
        return f"{self.ruling}: {self.message}"


def protocol(game: Any) -> Broken | None:
    """The first protocol invariant a finished (or stopped) ``game`` breaks, else None."""
    if game.aborted is not None or game.standings is None:
        return Broken("protocol/ended", f"the game did not end: {game.aborted or 'no standings'}")
    if not game.events or game.events[-1].get("e") != "game-end":
        last = game.events[-1].get("e") if game.events else "no event"
        return Broken("protocol/ended", f"the last event is {last!r}, not 'game-end'")
    standings, seats = game.standings, len(game.agents)
    if sorted(s.seat for s in standings) != list(range(seats)):
        return Broken("protocol/ranked", f"the standings rank seats {[s.seat for s in standings]}, "
                                         f"not each of the {seats} seats once")
    ranks = [s.rank for s in standings]
    if ranks[0] != 1 or ranks != sorted(ranks):
        return Broken("protocol/ranked", f"ranks {ranks} do not start at 1 and rise")
    for s in standings:
        if s.result not in RESULTS or not 0 <= s.share <= 1:
            return Broken("protocol/results", f"seat {s.seat}: result {s.result!r} with share {s.share!r}")
    total = sum(s.share for s in standings)
    wanted = (0.0, 1.0) if seats == 1 else (1.0,)
    if not any(abs(total - w) < 1e-9 for w in wanted):
        return Broken("protocol/shares", f"the shares of a win add up to {total}, not "
                                         f"{' or '.join(map(str, wanted))}")
    return None


class Checker:
    """A game's invariants on one game: a listener (``checker.listen``) that calls its watch after every
    event and keeps the first :class:`Broken` rule; :meth:`finish` adds the end-of-game checks. It never
    raises into the engine: the game plays on as it would, and the fuzzer reads :attr:`broken`."""

    __slots__ = ("broken", "game", "watch")

    def __init__(self, game: Any, factory: Callable[[Any], Watch] | None) -> None:
        self.game = game
        self.watch = factory(game) if factory is not None else None
        self.broken: Broken | None = None

    def listen(self, event: dict[str, Any]) -> None:
        if self.watch is not None and self.broken is None:
            self.broken = self.watch(event)

    def finish(self) -> Broken | None:
        """After the game: the game's watch once more (``None``: it has ended), then the protocol's."""
        if self.broken is None and self.watch is not None and self.game.aborted is None:
            self.broken = self.watch(None)
        if self.broken is None:
            self.broken = protocol(self.game)
        return self.broken
