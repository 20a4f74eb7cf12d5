"""Run: the main phase (M6), placement (M2), bandwidth (M11), movement (M8), attacks (M9, M10, M13, M19)
and the response windows (M15).

The main phase is one decision after another to the active player, each listing every legal action
(window (a) of M15 is its command options) until it passes. An attack declaration triggers `when attacked`
abilities, then opens the attack window; then the attack resolves if the attacker and target are still in
play and it is still legal, else it fizzles. A window in which a player has no playable command passes for
it without asking, there being nothing to decide, and logs that pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.combat import CombatRules
from rulecraft.plugins.mecha.effects import Pending
from rulecraft.plugins.mecha.model import ATTACK_WINDOW, ATTACKED, MAIN_PHASE, MAIN_WINDOW

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rulecraft.plugins.mecha.state import Unit


class ActionRules(CombatRules):
    def main_phase(self) -> None:
        """M6: actions one at a time, in any order, until the active player passes."""
        self.phase = MAIN_PHASE
        seat = self.active
        asks = not self.by_index(seat)    # only a decision that is built carries its context
        while True:
            options = self.main_options(seat)
            answer = options[0] if len(options) == 1 else self.choose(K.MAIN, seat, options,
                                                                      {"turn": self.turn} if asks else None)
            if answer == K.PASS:
                return
            self.act(seat, answer)
            if self.pending:
                self.resolve_pending()

    def act(self, seat: int, action: tuple[Any, ...]) -> None:
        kind, cells = action[0], self.grid.cells   # a legal answer names cells of the board
        if kind == "play":
            self.seats[seat].hand.remove(action[1])
            self.enter(seat, action[1], cells[action[2]])
        elif kind == "command":
            self.play_command(seat, action[1], MAIN_WINDOW)
        elif kind == "move":
            self.move(self.at[cells[action[1]]], cells[action[2]])
        else:
            self.declare_attack(self.at[cells[action[1]]], action[2])

    def main_options(self, seat: int) -> tuple[tuple[Any, ...], ...]:
        """Every legal action of the active player now, then pass (the hottest function: kept flat, with
        loops rather than comprehensions, each of which is a function call of its own in CPython 3.11; the
        plays and one-step moves are the board's shared option tuples, ``Grid.plays`` and ``Grid.steps``,
        looked up here without a call when remembered)."""
        options: list[tuple[Any, ...]] = []
        add = options.append
        at, grid = self.at, self.grid
        names = grid.names
        occupied = self._bits[0] | self._bits[1]
        hand = self.seats[seat].hand
        entry = grid.entry_masks[seat]
        held = occupied & entry
        if held != entry:                                                  # M2: own entry zone only
            bandwidth, population = self._supply[seat]
            room = bandwidth - population
            bandwidth_needed = self.tables.bandwidth_needed
            plays = grid.plays[seat].get(held)
            for card_id in dict.fromkeys(hand):
                if bandwidth_needed[card_id] <= room:                      # M11
                    found = None if plays is None else plays.get(card_id)
                    options += found if found is not None else grid.play_options(seat, occupied, card_id)
        if not self.tables.window_cards[MAIN_WINDOW].isdisjoint(hand):   # most hands hold no command
            options += self.command_options(seat, MAIN_WINDOW)
        near, steps, moving, within = grid.neighbour_masks, grid.steps, self.tables.moving, grid.within
        enemies, enemy_entry = self._bits[1 - seat], grid.entry_sets[1 - seat]
        for cell in sorted(self._mechas[seat]):    # towers never act (M6)
            unit = at[cell]
            speed, reach, _ = moving[unit.card]
            if not unit.moved:
                if speed <= 1:       # the common case: the adjacent empty cells, in cell order
                    moves = steps[cell].get(occupied & near[cell])
                    options += moves if moves is not None else grid.step_moves(cell, occupied)
                else:
                    options += grid.move_options(cell, speed, occupied)
            # most mechas have nothing to attack: no enemy within their range's distance (M10), nor do they
            # stand in the opponent's entry zone (M19)
            if not unit.attacked and (enemies & (near[cell] if reach <= 1 else
                                                 (within.get(reach) or grid.areas(reach))[cell])
                                      or cell in enemy_entry):
                here = names[cell]
                for target in self.attack_targets(unit):
                    add(("attack", here, target))
        add(K.PASS)
        return tuple(options)

    # --- movement (M8) --------------------------------------------------------------------------
    def reachable(self, unit: Unit) -> dict[int, tuple[int, ...]]:
        """Cells the mecha can move to with one unbroken path of up to its Speed (1 without), each step
        onto an empty cell; Flight does not change movement."""
        return self.grid.moves(unit.cell, self.keywords(unit).speed or 1, self.owners())

    def move(self, unit: Unit, to: int) -> None:
        """Move along the path to ``to`` (a legal destination: one step without Speed)."""
        if self.counted("move"):     # summary mode: no route to name
            self.relocate(unit, to)
            unit.moved = True
            return
        names = self.grid.names
        if self.tables.moving[unit.card][0] > 1:
            route = [names[unit.cell], *map(names.__getitem__, self.reachable(unit)[to])]
        else:
            route = [names[unit.cell], names[to]]
        self.relocate(unit, to)
        unit.moved = True
        self.push({"e": "move", "player": unit.owner, "card": unit.card, "path": route})

    # --- attacks (M9, M10, M13, M19) --------------------------------------------------------------
    def attack_targets(self, unit: Unit) -> list[str]:
        """Enemy units in range (M10) and targetable (M13: a flyer only by a mecha with Flight or Reach),
        then the opponent if the mecha stands in the opponent's entry zone (M19: range does not extend
        it)."""
        seat, grid, cell = unit.owner, self.grid, unit.cell
        _, reach, hits_flyers = self.tables.moving[unit.card]
        cells: Sequence[int] = grid.neighbours[cell] if reach <= 1 else grid.enemies_in_range(
            cell, reach, self._bits[1 - seat])
        enemies = self._cells[1 - seat]
        out = []
        if not enemies.isdisjoint(cells):     # most mechas have no enemy in range: nothing to list
            names, at, flyers = grid.names, self.at, self.tables.flyers
            for c in cells:     # a loop, not a comprehension (a function call of its own)
                if c in enemies and (hits_flyers or at[c].card not in flyers):
                    out.append(names[c])
        if cell in grid.entry_sets[1 - seat]:
            out.append(K.OPPONENT)
        return out

    def declare_attack(self, attacker: Unit, target_name: str) -> None:
        """M9: declare, `when attacked` abilities (M25: at the declaration, resolved by M7 before the
        window), the attack window (M15(b)), then resolve or fizzle; either way the attack is used."""
        seat = attacker.owner
        attacker.attacked = True
        target = None if target_name == K.OPPONENT else self.at[self.grid.cell(target_name)]
        if not self.counted("attack"):
            self.push({"e": "attack", "player": seat, "card": attacker.card,
                       "attacker": self.grid.names[attacker.cell], "target": target_name})
        if target is not None:
            for ability in self.cards[target.card].triggered(ATTACKED):
                self.pending.append(Pending(target.owner, target.uid, target.card, ability, attacker.uid))
            self.resolve_pending()
        self.window(ATTACK_WINDOW, 1 - seat, {"attacker": self.name(attacker.cell), "target": target_name})
        if attacker.uid not in self.units or not self.still_legal(attacker, target):
            if not self.counted("fizzle"):
                self.push({"e": "fizzle", "player": seat, "attacker": attacker.card, "target": target_name})
            return
        if target is None:
            self.direct_hit(seat)
        else:
            self.strike(attacker, target)

    def passes(self, seat: int, window: str) -> None:
        """``seat`` passes a window unasked, holding no command it could play: logged, because a pass tells
        the other seat as much as an answer would (M15, M18: whether it held a playable command), so
        whether a stretch reveals something never depends on a hand the other seat cannot see."""
        if not self.counted("pass"):
            self.push({"e": "pass", "player": seat, "window": window})

    def still_legal(self, attacker: Unit, target: Unit | None) -> bool:
        if target is None:
            return attacker.cell in self.grid.entry[1 - attacker.owner]
        if target.uid not in self.units:
            return False
        return self.name(target.cell) in self.attack_targets(attacker)

    # --- response windows (M15(b), (c)) ----------------------------------------------------------
    def window(self, window: str, first: int, about: dict[str, Any] | None = None) -> None:
        """``first`` may play one command or pass, then the other, alternating until both pass in a
        row. ``about`` names the attack an attack window follows (its decisions' context)."""
        playable = self.tables.window_cards[window]
        if playable.isdisjoint(self.seats[0].hand) and playable.isdisjoint(self.seats[1].hand):
            self.passes(first, window)      # the common case: neither player holds a command for it, both
            self.passes(1 - first, window)  # pass unasked
            return
        seat, passes = first, 0
        while passes < 2:
            options = self.command_options(seat, window)
            answer: tuple[Any, ...] = K.PASS
            if options:
                context = {"window": window, "turn": self.turn, **(about or {})}
                answer = self.choose(K.WINDOW, seat, (*options, K.PASS), context)
            else:
                self.passes(seat, window)
            if answer == K.PASS:
                passes += 1
            else:
                passes = 0
                self.play_command(seat, answer[1], window)
            seat = 1 - seat
