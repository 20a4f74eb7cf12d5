"""Run: abilities, their triggers (M7) and commands (M2, M15): effect steps applied to the game.

A triggered ability waits in ``game.pending`` from the event that caused it until the action that caused
it is over; then the active player's waiting abilities resolve first, in the order it picks, then the
other player's (M7), each fully before the next. A command resolves fully as soon as it is played, then
goes to its owner's discard pile (M2, M15). Every step is followed by the loss check (M20).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.model import (
    ADD,
    ADD_ARMOUR,
    ADD_TIME,
    ATTACKER,
    CHOSEN_TARGETS,
    DAMAGE,
    DRAW,
    EACH_DRAWS,
    MECHA,
    MODIFIERS,
    THIS,
    TOWER,
    Ability,
    Step,
)
from rulecraft.plugins.mecha.table import Table

if TYPE_CHECKING:
    from rulecraft.plugins.mecha.state import Unit


@dataclass(slots=True)
class Pending:
    """A triggered ability waiting to resolve: whose, from which unit (it may have left play), and the
    attacker of a `when attacked`."""

    seat: int
    uid: int
    card: str
    ability: Ability
    attacker: int | None = None


def _present(held: int) -> frozenset[str]:
    """The chosen targets with a candidate when ``held`` says who holds which types of unit: bit 0 friendly
    mechas, bit 1 friendly towers, bit 2 enemy mechas, bit 3 enemy towers."""
    found: set[str] = set()
    for bit, (side, kind) in enumerate((("friendly", MECHA), ("friendly", TOWER), ("enemy", MECHA),
                                        ("enemy", TOWER))):
        if held >> bit & 1:
            found.update((f"{side}-unit", f"{side}-{kind}", "any-unit", f"any-{kind}"))
    return frozenset(found)


_PRESENT = tuple(_present(held) for held in range(16))


class EffectRules(Table):
    def resolve_pending(self) -> None:
        """M7: the active player's waiting abilities first, in the order it picks, then the other's."""
        pending = self.pending
        while pending:
            p = pending.pop(self._next_pending()) if len(pending) > 1 else pending.pop()
            if not self.counted("trigger"):
                self.push({"e": "trigger", "player": p.seat, "card": p.card, "trigger": p.ability.trigger})
            self.run_steps(p.seat, p.ability.steps, p.uid, p.attacker)

    def _next_pending(self) -> int:
        """The index of the waiting ability that resolves next, of two or more (a lone one needs no
        choice): the active player's first, or the one it picks among different ones (M7)."""
        seat = self.active if any(p.seat == self.active for p in self.pending) else 1 - self.active
        mine = [i for i, p in enumerate(self.pending) if p.seat == seat]
        labels = [self._label(self.pending[i]) for i in mine]
        if len(set(labels)) == 1:
            return mine[0]
        answer = self.choose(K.TRIGGER_ORDER, seat, tuple(dict.fromkeys(labels)), {"waiting": len(mine)})
        return mine[labels.index(answer)]

    def _label(self, p: Pending) -> tuple[str, str, str]:
        unit = self.units.get(p.uid)
        return (p.card, self.name(unit.cell) if unit else "", p.ability.trigger)

    def run_steps(self, seat: int, steps: tuple[Step, ...], source: int | None = None,
                  attacker: int | None = None) -> None:
        for step in steps:
            self.run_step(seat, step, source, attacker)
            self.check_losses()

    def run_step(self, seat: int, step: Step, source: int | None, attacker: int | None) -> None:
        if step.verb == DRAW:
            self.draw(seat, step.amount)
            return
        if step.verb == EACH_DRAWS:
            # one event for both players: if both decks run out, both lose in it, a draw (M20)
            for s in (self.active, 1 - self.active):
                self.draw(s, step.amount)
            return
        unit = self.step_target(seat, step, source, attacker)
        if unit is None:
            self.emit("no-target", player=seat, verb=step.verb)
            return
        where = self.name(unit.cell)
        if step.verb == DAMAGE:
            self.damage_unit(unit, step.amount, "effect")
        elif step.verb == ADD_ARMOUR:
            unit.armour += step.amount        # M16: gaining Armour X in play gives X counters at once
            self.emit("counters", cell=where, kind="armour", added=step.amount, total=unit.armour)
        elif step.verb == ADD_TIME:
            unit.time += step.amount
            self.emit("counters", cell=where, kind="time", added=step.amount, total=unit.time)
        elif step.verb == ADD:
            name = str(step.modifier)    # an ADD step always names its modifier (model.Step)
            if self.cards[unit.card].type == MODIFIERS[name][0]:
                unit.modifiers[name] = unit.modifiers.get(name, 0) + step.amount   # until end of turn (M5)
                self.modified.append(unit)
                if not self.counted(name):
                    self.push({"e": name, "cell": where, "added": step.amount,
                               name: self.current(unit, name)})

    def candidates(self, seat: int, target: str) -> list[Unit]:
        """The units a chosen target may be, in cell order."""
        return [self.at[cell] for cell in sorted(self.at) if self._fits(seat, self.at[cell], target)]

    def _fits(self, seat: int, unit: Unit, target: str) -> bool:
        side, kind = CHOSEN_TARGETS[target]
        if (side == "friendly" and unit.owner != seat) or (side == "enemy" and unit.owner == seat):
            return False
        return kind is None or self.cards[unit.card].type == kind

    def step_target(self, seat: int, step: Step, source: int | None,
                    attacker: int | None) -> Unit | None:
        if step.target == THIS:
            return self.units.get(source) if source is not None else None
        if step.target == ATTACKER:
            return self.units.get(attacker) if attacker is not None else None
        assert step.target is not None
        found = self.candidates(seat, step.target)
        if len(found) <= 1:
            return found[0] if found else None
        options = tuple(self.name(u.cell) for u in found)
        answer = self.choose(K.TARGET, seat, options,
                             {"verb": step.verb, "amount": step.amount, "target": step.target,
                              "modifier": step.modifier})
        return self.at[self.grid.cell(answer)]

    # --- commands (M2, M15) ---------------------------------------------------------------------
    def targets_present(self, seat: int) -> frozenset[str]:
        """The chosen targets (``enemy-unit``, ``friendly-mecha``, ...) that have a candidate now. Only who
        owns which types of unit matters, not where they stand."""
        cells, mechas = self._cells, self._mechas
        mine, theirs = len(mechas[seat]), len(mechas[1 - seat])
        return _PRESENT[(mine > 0) | (len(cells[seat]) > mine) << 1
                        | (theirs > 0) << 2 | (len(cells[1 - seat]) > theirs) << 3]

    def command_options(self, seat: int, window: str) -> list[tuple[Any, ...]]:
        """The commands in hand that may be played in ``window``: it names the window and every chosen
        target it needs has a candidate (an answer must be a legal option)."""
        hand = self.seats[seat].hand
        playable = self.tables.window_cards[window]
        if playable.isdisjoint(hand):     # the common case: nothing to play here
            return []
        needs, present = self.tables.chosen_targets, self.targets_present(seat)
        options = []
        for card_id in dict.fromkeys(hand):     # a loop, not a comprehension (a function call of its own)
            if card_id in playable and needs[card_id] <= present:
                options.append(("command", card_id))
        return options

    def play_command(self, seat: int, card_id: str, window: str) -> None:
        """Resolve a command fully at once (no one answers a command before it resolves, M15), then discard
        it (M2); abilities it triggered then wait their turn (M7)."""
        s = self.seats[seat]
        s.hand.remove(card_id)
        s.resolving = card_id
        self.emit("command", player=seat, card=card_id, window=window)
        self.run_steps(seat, self.cards[card_id].effects)
        s.resolving = None
        s.discard.append(card_id)
        if not self.counted("discard"):
            self.push({"e": "discard", "player": seat, "card": card_id})
        self.resolve_pending()
