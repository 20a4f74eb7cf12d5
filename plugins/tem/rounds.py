"""Run: rounds: round start, the program phase (T4, T16), round end, scoring rounds (T14), T5 rotation.

Round steps of :class:`~rulecraft.plugins.tem.engine.Game`, one rule area of it; a turn is in
:mod:`rulecraft.plugins.tem.movement`.
"""

from __future__ import annotations

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem import triggers as T
from rulecraft.plugins.tem.movement import MovementRules
from rulecraft.plugins.tem.state import Player
from rulecraft.runtime.decisions import Decision


class RoundRules(MovementRules):
    """One round: program, turns in seat order, end and scoring."""

    # --- rounds --------------------------------------------------------------------------------
    def play_round(self) -> None:
        self.begin_round()
        self.program_phase()
        for turn in range(1, self.rules.turns_per_round + 1):
            self.turn = turn
            for p in self.order():
                self.take_turn(p)
        self.end_round()

    def begin_round(self) -> None:
        self.round += 1
        self.turn = 0
        for p in self.players:
            p.program, p.revealed, p.used = [], 0, []
            p.ad_hoc = p.ad_hoc_first = False
        if not self.counted("round-start"):
            self.push({"e": "round-start", "round": self.round, "starting_player": self.start_seat})
        self.hooks.round_start(self)
        for p in self.order():
            self.fire(T.ROUND_START, p)

    def program_options(self, p: Player) -> tuple[tuple[str, str], ...]:
        """Every (card, orientation) of the player's colour (T4), computed once per ruleset."""
        options = self._card_options.get(p.colour)
        if options is None:
            movements = self.rules.movements
            options = self._card_options[p.colour] = tuple(
                (c.id, o) for c in self.ruleset.program_cards[p.colour]
                for o in movements[c.movement].directions)
        return options

    def program_phase(self) -> None:
        """Each player secretly picks ``program_picks`` cards in order, each oriented (T4, T16)."""
        for p in self.order():
            if p.program:
                continue   # already programmed (a scenario set it)
            options = self.hooks.program_options(self, p, self.program_options(p))
            p.program = list(self.ask(Decision(D.PROGRAM, p.seat, options, pick=self.rules.program_picks,
                                                distinct=D.ONE_USE_PER_CARD)))
        if not self.counted("programmed"):
            self.push({"e": "programmed", "players": [p.seat for p in self.order()]})

    def end_round(self) -> None:
        for p in self.order():
            self.fire(T.ROUND_END, p)
        if self.round in self.rules.scoring_rounds:
            self.scoring_round()
        self.hooks.round_end(self)
        if not self.counted("round-end"):
            self.push({"e": "round-end", "round": self.round})
        for p in self.players:
            p.ad_hoc = p.ad_hoc_first = False      # Ad Hoc Mode ends with the round
        if self.round < self.rules.rounds:
            nxt = self.hooks.starting_player(self)
            self.start_seat = (self.start_seat + 1) % len(self.players) if nxt is None else nxt  # T5

    def scoring_round(self) -> None:
        """T14: zones (pilot, Mines, Turrets) and the Mighty Mech, through the scoring hook."""
        if not self.counted("scoring"):
            self.push({"e": "scoring", "round": self.round})
        for p in self.order():
            for source, vp in self.hooks.round_scores(self, p):
                self.score(p, vp, source)
            self.fire(T.ON_SCORING, p)
