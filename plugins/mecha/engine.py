"""Run: the Mecha Game rules engine, driven by a :class:`~rulecraft.plugins.mecha.model.Ruleset`.

One :class:`MechaGame` plays one two-player game on the runtime core (``runtime.game.GameCore``): the
opening (M4), then turns (M5) until a player loses (M20). Every player choice goes through ``ask`` to the
seat's agent as a :class:`~rulecraft.runtime.decisions.Decision` whose answer is validated; every change is
an event (a plain dict with ``"e"`` first) appended to ``game.events``. The rules are one class per rule
area, one module each, stacked in one line of inheritance under :class:`MechaGame`: ``effects``
(abilities, triggers, commands), ``combat``, ``actions`` (the main phase, movement, attacks, the response
windows), over ``mecha.table.Table`` (the state and steps the areas share). Ruling ids M1-M22 (RULINGS.md)
are cited where they decide behaviour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulecraft.plugins.mecha import hidden
from rulecraft.plugins.mecha.actions import ActionRules
from rulecraft.plugins.mecha.board import grid_of
from rulecraft.plugins.mecha.effects import Pending
from rulecraft.plugins.mecha.model import (
    DRAW_PHASE,
    END_PHASE,
    ENTERS,
    LAST_TIME_COUNTER,
    MECHA,
    MODIFIERS,
    POWER,
    START_PHASE,
    TOWER,
    TURN_START,
    Keywords,
    Ruleset,
)
from rulecraft.plugins.mecha.state import Seat, Unit
from rulecraft.plugins.mecha.views import public_view, view_for
from rulecraft.runtime.decisions import Agent
from rulecraft.runtime.outcomes import DRAW, Standing, rank

DECKS = ("deck of seat a", "deck of seat b")   # what each seat's opening shuffle is for (M4; seats a, b: M1)


class GameOver(Exception):
    """Raised when a loss condition is met (M20): the game ends at once, whatever was resolving."""


class MechaGame(ActionRules):
    """One game on the runtime core (seats, seeded RNG, events, step cap, ``ask``): build it, then
    :meth:`play` (or drive the phases yourself, see ``mecha.api``)."""

    def __init__(self, ruleset: Ruleset, agents: Sequence[Agent], seed: int | str = 0,
                 decks: Sequence[Sequence[str]] | None = None, first: int | None = None,
                 listeners: Iterable[Callable[[dict], None]] = (), hooks: Any = None,
                 colours: Sequence[str] | None = None) -> None:
        """The game host's engine signature; ``hooks`` is accepted for it (Mecha Game declares no plugin
        hooks) and ``colours`` names the two seats (default ``a`` and ``b``, M1)."""
        if len(agents) != 2:
            raise ValueError(f"Mecha Game is for 2 players, got {len(agents)} agents")
        super().__init__(agents, seed, ruleset.rules.step_cap, listeners, tuple(colours or ("a", "b")))
        self.ruleset = ruleset
        self.rules = ruleset.rules
        self.cards = ruleset.cards
        self.grid = grid_of(self.rules.cols, self.rules.rows)
        self.hooks = hooks
        if decks is None:
            decks = [ruleset.decks[d].cards for d in ruleset.seat_decks]
        self.seats = [Seat(0, list(decks[0])), Seat(1, list(decks[1]))]
        self.units: dict[int, Unit] = {}        # uid -> unit in play
        self.at: dict[int, Unit] = {}           # cell -> unit in play (one per cell, M8)
        self.owner_at: dict[int, int] = {}      # cell -> its unit's owner: what the geometry reads
        self._supply = [[0, 0], [0, 0]]         # per seat: bandwidth, population (M11), kept current
        self._cells: tuple[set[int], set[int]] = (set(), set())    # per seat: cells of its units in play
        self._bits = [0, 0]                                         # the same cells as a bit mask
        self._mechas: tuple[set[int], set[int]] = (set(), set())   # per seat: cells of its mechas in play
        self.tables = ruleset.tables
        self.next_uid = 1
        self.first = first
        self.active = 0
        self.turn = 0
        self.phase = START_PHASE
        self.pending: list[Pending] = []        # triggered abilities waiting (M7)
        self.modified: list[Unit] = []          # units with modifiers until end of turn (M5)
        self.winner: int | None = None
        self.reason: str | None = None

    # --- plumbing ------------------------------------------------------------------------------
    def where(self) -> str:
        return f" on turn {self.turn}"

    def name(self, cell: int) -> str:
        return self.grid.names[cell]

    def owners(self) -> dict[int, int]:
        """Cell -> the seat owning the unit there: what the board's geometry needs (M8, M10); read-only."""
        return self.owner_at

    def put(self, unit: Unit) -> None:
        """A unit comes into play on its cell (entering, or a scenario placing it)."""
        self.units[unit.uid] = unit
        self.at[unit.cell] = unit
        self.owner_at[unit.cell] = unit.owner
        self._cells[unit.owner].add(unit.cell)
        self._bits[unit.owner] |= 1 << unit.cell
        card = self.cards[unit.card]
        supply = self._supply[unit.owner]
        if card.type == MECHA:
            supply[1] += card.cost
            self._mechas[unit.owner].add(unit.cell)
        elif card.type == TOWER:
            supply[0] += card.keywords.provide

    def lift(self, unit: Unit) -> None:
        """A unit leaves play (destroyed): its Provide and cost go with it (M11, M14)."""
        del self.units[unit.uid]
        del self.at[unit.cell]
        del self.owner_at[unit.cell]
        self._cells[unit.owner].discard(unit.cell)
        self._bits[unit.owner] &= ~(1 << unit.cell)
        card = self.cards[unit.card]
        supply = self._supply[unit.owner]
        if card.type == MECHA:
            supply[1] -= card.cost
            self._mechas[unit.owner].discard(unit.cell)
        elif card.type == TOWER:
            supply[0] -= card.keywords.provide

    def relocate(self, unit: Unit, to: int) -> None:
        del self.at[unit.cell]
        del self.owner_at[unit.cell]
        cells, mechas = self._cells[unit.owner], self._mechas[unit.owner]
        cells.discard(unit.cell)
        cells.add(to)
        self._bits[unit.owner] ^= (1 << unit.cell) | (1 << to)
        if unit.cell in mechas:
            mechas.discard(unit.cell)
            mechas.add(to)
        unit.cell = to
        self.at[to] = unit
        self.owner_at[to] = unit.owner

    def keywords(self, unit: Unit) -> Keywords:
        """The unit's keyword totals (M16). A unit that gains Armour X in play gets X armour counters at
        once (the add-armour verb); the other keywords are printed only."""
        return self.cards[unit.card].keywords

    def power(self, unit: Unit) -> int:
        return self.current(unit, POWER)

    def current(self, unit: Unit, modifier: str) -> int:
        """The unit's printed value plus what was added to it this turn (never below 0); 0 for a unit of a
        type that has no such value (M14: towers have no power)."""
        holder, printed = MODIFIERS[modifier]
        card = self.cards[unit.card]
        if card.type != holder:
            return 0
        return max(0, getattr(card, printed) + unit.modifiers.get(modifier, 0))

    def bandwidth(self, seat: int) -> int:
        """M11: the total Provide of the seat's towers in play."""
        return self.supply(seat)[0]

    def population(self, seat: int) -> int:
        """M11: the total printed cost of the seat's mechas in play."""
        return self.supply(seat)[1]

    def supply(self, seat: int) -> tuple[int, int]:
        """(bandwidth, population) of ``seat``, kept current as units enter and leave."""
        bandwidth, population = self._supply[seat]
        return bandwidth, population

    # --- losing (M20) ---------------------------------------------------------------------------
    def check_losses(self) -> None:
        """After every event: a player that met a loss condition loses; both at once is a draw."""
        a, b = self.seats
        if not (a.lost or b.lost):      # the common case, asked after every step: nobody lost
            return
        lost = [s for s in (a, b) if s.lost]
        if len(lost) == 2:
            self.winner, self.reason = None, f"draw: {lost[0].lost} and {lost[1].lost}"
        else:
            self.winner, self.reason = 1 - lost[0].seat, lost[0].lost
        self.finished = True
        seats, colours = self.seats, self.colours
        # M20: the one who did not lose wins; both at once is a draw (half a win each)
        self.standings = rank({s.seat: (int(not s.lost),) for s in seats}, tie=DRAW,
                              details=lambda seat: {"colour": colours[seat],
                                                    "damage": len(seats[seat].damage),
                                                    "deck": len(seats[seat].deck)})
        self.emit("game-end", winner=self.winner, reason=self.reason, turn=self.turn)
        raise GameOver(self.reason)

    def draw(self, seat: int, n: int = 1) -> None:
        """Draw ``n``; a player who must draw from an empty deck meets a loss condition (M20(1))."""
        s = self.seats[seat]
        for _ in range(n):
            if not s.deck:
                s.lost = "deck-out"
                self.emit("deck-out", player=seat)
                return
            card = s.deck.pop()
            s.hand.append(card)
            if not self.counted("draw"):
                self.push({"e": "draw", "player": seat, "card": card, "hand": len(s.hand),
                           "deck": len(s.deck)})

    # --- the whole game ------------------------------------------------------------------------
    def run(self) -> list[Standing] | None:
        """The opening and every turn until a loss ends the game (M20); the standings (the winner is
        ``winner``, None for a draw)."""
        try:
            self.opening()
            while True:
                self.take_turn()
        except GameOver:
            return self.standings

    def opening(self) -> None:
        """M4: the first player by chance (unless fixed), shuffle, draw the opening hand, no mulligan."""
        if self.first is None:
            self.first = self.pick((0, 1), "first player")
        for s in self.seats:
            self.shuffle(s.deck, DECKS[s.seat])
        self.emit("opening", first=self.first, decks=[len(s.deck) for s in self.seats])
        for s in self.seats:
            self.draw(s.seat, self.rules.opening_hand)
        self.check_losses()
        self.active = self.first
        self.turn = 0

    def take_turn(self) -> None:
        """M5: Start, Draw, Main, End; then the other player's turn."""
        self.turn += 1
        if not self.counted("turn"):
            self.push({"e": "turn", "player": self.active, "turn": self.turn})
        self.start_phase()
        self.draw_phase()
        self.main_phase()
        self.end_phase()
        self.active = 1 - self.active

    def start_phase(self) -> None:
        """M5: mechas ready; time counters (M17) and the triggers they and `at the start of your turn`
        cause (M7); then the entry-zone check (M20(3))."""
        self.phase = START_PHASE
        seat = self.active
        at, cards = self.at, self.cards
        for cell in sorted(self._cells[seat]):
            unit = at[cell]
            unit.moved = unit.attacked = False
            by_trigger = cards[unit.card].by_trigger
            for ability in by_trigger.get(TURN_START, ()):
                self.pending.append(Pending(seat, unit.uid, unit.card, ability))
            if unit.time:
                unit.time -= 1
                if not self.counted("time"):
                    self.push({"e": "time", "cell": self.grid.names[unit.cell], "card": unit.card,
                               "time": unit.time})
                if unit.time == 0:
                    for ability in by_trigger.get(LAST_TIME_COUNTER, ()):
                        self.pending.append(Pending(seat, unit.uid, unit.card, ability))
        if self.pending:
            self.resolve_pending()
        entry = self.grid.entry_sets[seat]
        if entry <= at.keys() and entry.isdisjoint(self._mechas[seat]):   # full, and none of it mine
            self.seats[seat].lost = "entry-zone-full"
            self.emit("entry-zone-full", player=seat)
            self.check_losses()

    def draw_phase(self) -> None:
        self.phase = DRAW_PHASE
        if self.turn == 1 and not self.rules.first_player_draws_turn_one:
            return
        self.draw(self.active)
        self.check_losses()

    def end_phase(self) -> None:
        """M5: the End window (M15(c)), then effects until end of turn expire."""
        self.phase = END_PHASE
        self.window("end", 1 - self.active)
        for unit in self.modified:
            unit.modifiers.clear()
        self.modified.clear()
        if not self.counted("end-of-turn"):
            self.push({"e": "end-of-turn", "player": self.active})

    # --- units entering (M2) -------------------------------------------------------------------
    def enter(self, seat: int, card_id: str, cell: int) -> Unit:
        """Put a unit on ``cell`` with its durability, armour (M16) and time (M17) counters."""
        card = self.cards[card_id]
        unit = Unit(self.next_uid, card_id, seat, cell, card.durability, card.keywords.armour, card.time)
        unit.moved = unit.attacked = self.rules.summoning_sickness and card.type == MECHA   # M6
        self.next_uid += 1
        self.put(unit)
        self.emit("enter", player=seat, card=card_id, cell=self.name(cell), durability=unit.durability,
                  armour=unit.armour, time=unit.time)
        for ability in card.triggered(ENTERS):
            self.pending.append(Pending(seat, unit.uid, card_id, ability))
        return unit

    # --- state for tests, views and logs --------------------------------------------------------
    def view_state(self, seat: int) -> dict[str, Any]:
        return view_for(self, seat)

    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def reveals(self, event: dict[str, Any], seat: int) -> bool:
        return hidden.reveals(self, event, seat)

    def answered(self, event: dict[str, Any]) -> int | None:
        return hidden.answered(event)

    def snapshot(self) -> dict[str, Any]:
        names = self.grid.names
        return {
            "turn": self.turn, "active": self.active, "phase": self.phase, "first": self.first,
            "units": {names[c]: u.snapshot(names) for c, u in sorted(self.at.items())},
            "players": [{**s.snapshot(), "bandwidth": self.bandwidth(s.seat),
                         "population": self.population(s.seat)} for s in self.seats],
            "finished": self.finished, "winner": self.winner, "reason": self.reason,
        }
