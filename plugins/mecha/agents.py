"""Run: the Mecha Game agents: ``random`` (the runtime's, uniform over legal options) and ``heuristic``.

The heuristic scores every legal option of a decision from its own view (M18) and takes the best: a
direct attack first (it is the way to win, M19), then attacks that destroy, then bandwidth and mechas,
then marching forward; it never fills its own entry zone with towers (M20(3)); in the response windows it
armours a unit that an attack would hurt and boosts an attack that would then destroy. Each rule has its
reason in a comment. It reads only ``view.state()`` and the public card definitions.
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.board import Grid
from rulecraft.plugins.mecha.model import (
    ADD_ARMOUR,
    DAMAGE,
    EACH_DRAWS,
    MECHA,
    POWER,
    TOWER,
    CardDef,
    Ruleset,
)
from rulecraft.runtime.decisions import Decision, RandomAgent

DIRECT = 1000.0        # a direct attack: one of five to win
KILL = 200.0           # destroying a unit, plus its value
THREAT = 100.0         # an enemy mecha in my entry zone attacks me directly next turn
ARMOUR_HIT = 40.0      # stripping an armour counter
SAFE_BLOCKERS = 4      # towers and enemy mechas my entry zone may hold before I stop adding towers
STEP = 12.0            # a row nearer the opponent's entry zone


def unit_value(card: CardDef) -> float:
    """What losing the unit costs: a mecha its bandwidth and stats, a tower its bandwidth."""
    if card.type == MECHA:
        return 2.0 * card.cost + card.power + card.durability
    return 3.0 * card.keywords.provide + card.durability


class HeuristicAgent:
    name = "heuristic"
    needs_state = True

    def __init__(self, seed: int | str = 0) -> None:
        self.fallback = RandomAgent(seed)
        self.attack: dict[str, Any] = {}     # the attack the last attack window was about

    def decide(self, decision: Decision, view: Any) -> Any:
        if len(decision.options) == 1:
            return decision.options[0]
        state = view.state()
        seen = _Seen(view.ruleset, state)
        if decision.kind == K.MAIN:
            return max(decision.options, key=lambda o: seen.main_score(o))
        if decision.kind == K.WINDOW:
            self.attack = decision.context if decision.context.get("window") == "attack" else {}
            return max(decision.options, key=lambda o: seen.window_score(o, decision.context))
        if decision.kind == K.TARGET:
            return max(decision.options, key=lambda c: seen.target_score(c, decision.context, self.attack))
        return self.fallback.decide(decision, view)   # trigger order: every order is fine for these cards


class _Seen:
    """One decision's view, indexed for scoring."""

    def __init__(self, ruleset: Ruleset, state: dict[str, Any]) -> None:
        self.cards = ruleset.cards
        self.grid = _grid(ruleset.rules.cols, ruleset.rules.rows)
        self.me = state["you"]
        self.units = state["units"]
        self.players = state["players"]

    def card(self, cell: str) -> CardDef:
        return self.cards[self.units[cell]["card"]]

    def mine(self, cell: str) -> bool:
        return self.units[cell]["owner"] == self.me

    def hit(self, source: str, target: str, bonus: int = 0) -> tuple[bool, bool]:
        """(destroys, strips armour) for an attack from ``source`` on ``target`` (M12)."""
        attacker, unit = self.card(source), self.units[target]
        power = attacker.power + self.units[source]["modifiers"].get(POWER, 0) + bonus
        if unit["armour"] and not attacker.keywords.pierce:
            return False, True
        return power >= unit["durability"], False

    def threat(self, cell: str) -> bool:
        """An enemy mecha standing in my entry zone."""
        return not self.mine(cell) and self.card(cell).type == MECHA and \
            self.grid.cell(cell) in self.grid.entry[self.me]

    def blockers(self) -> int:
        """Cells of my entry zone that count against me at my Start phase (M20(3))."""
        out = 0
        for cell in self.grid.entry[self.me]:
            unit = self.units.get(self.grid.names[cell])
            if unit is not None and (self.cards[unit["card"]].type == TOWER or unit["owner"] != self.me):
                out += 1
        return out

    def main_score(self, option: tuple[Any, ...]) -> float:
        kind = option[0]
        if kind == "pass":
            return 0.0
        if kind == "attack":
            return self.attack_score(option[1], option[2])
        if kind == "play":
            return self.play_score(option[1], option[2])
        if kind == "move":
            return self.move_score(option[1], option[2])
        return self.command_score(option[1])

    def attack_score(self, source: str, target: str) -> float:
        if target == K.OPPONENT:
            return DIRECT
        destroys, strips = self.hit(source, target)
        value = unit_value(self.card(target)) + (THREAT if self.threat(target) else 0.0)
        if destroys:
            return KILL + value
        if strips:
            return ARMOUR_HIT + value
        power = self.card(source).power + self.units[source]["modifiers"].get(POWER, 0)
        return 20.0 + 5 * power + value if power else -1.0     # a power-0 attack does nothing

    def play_score(self, card_id: str, cell: str) -> float:
        card = self.cards[card_id]
        col = self.grid.cell(cell) % self.grid.cols
        centre = abs(col - self.grid.cols // 2)
        if card.type == TOWER:
            if self.blockers() >= SAFE_BLOCKERS:
                return -1.0                          # a full entry zone loses the game (M20(3))
            me = self.players[self.me]
            hand_costs = [self.cards[c].cost for c in me["hand"] if self.cards[c].type == MECHA]
            short = bool(hand_costs) and me["bandwidth"] - me["population"] < max(hand_costs)
            return (60.0 if short else 8.0) + card.keywords.provide * 5 + centre   # towers on the edges
        return 50.0 + 10 * card.cost + card.power - centre          # mechas in the centre

    def move_score(self, source: str, to: str) -> float:
        grid, unit = self.grid, self.units[source]
        ahead = grid.forward_distance
        gain = ahead(grid.cell(source), self.me) - ahead(grid.cell(to), self.me)
        if grid.cell(source) in grid.entry[1 - self.me]:
            return -1.0                               # already where it attacks directly: stay
        score = STEP * gain
        if grid.cell(to) in grid.entry[1 - self.me] and not unit["attacked"]:
            score += DIRECT / 2                       # a direct attack this turn
        return score if gain > 0 else score - 1.0

    def command_score(self, card_id: str) -> float:
        step = self.cards[card_id].effects[0]
        if step.verb == DAMAGE:
            kills = [c for c, u in self.units.items() if not self.mine(c) and u["durability"] <= step.amount
                     and self._fits(c, step.target)]
            return KILL + max(unit_value(self.card(c)) for c in kills) if kills else -1.0
        return -1.0                                   # boosts and armour are for the attack window

    def _fits(self, cell: str, target: str | None) -> bool:
        return target != "enemy-tower" or self.card(cell).type == TOWER

    def window_score(self, option: tuple[Any, ...], context: dict[str, Any]) -> float:
        if option == K.PASS:
            return 0.0
        step = self.cards[option[1]].effects[0]
        attacker, target = context.get("attacker"), context.get("target")   # None out of an attack window
        if step.verb == ADD_ARMOUR and target is not None and target in self.units and self.mine(target):
            return 50.0 if not self.units[target]["armour"] else -1.0   # save a unit the attack hurts
        if (step.modifier == POWER and attacker is not None and target is not None and attacker in self.units
                and self.mine(attacker) and target in self.units):
            destroys_now = self.hit(attacker, target)[0]
            return 50.0 if not destroys_now and self.hit(attacker, target, step.amount)[0] else -1.0
        if step.verb == DAMAGE:
            return self.command_score(option[1])
        if step.verb == EACH_DRAWS:
            me, them = self.players[self.me], self.players[1 - self.me]
            return 10.0 if them["deck"] + 1 < me["deck"] else -1.0      # a race to deck-out I win
        return -1.0

    def target_score(self, cell: str, context: dict[str, Any], attack: dict[str, Any]) -> float:
        verb = context.get("verb")
        boosts = verb == ADD_ARMOUR or context.get("modifier") == POWER
        if boosts and cell in (attack.get("target"), attack.get("attacker")):
            return 1000.0                             # the unit of the attack this window is about
        unit_score = unit_value(self.card(cell))
        if verb == DAMAGE and self.units[cell]["durability"] <= context.get("amount", 1):
            return KILL + unit_score
        return unit_score


_GRIDS: dict[tuple[int, int], Grid] = {}


def _grid(cols: int, rows: int) -> Grid:
    grid = _GRIDS.get((cols, rows))
    if grid is None:
        grid = _GRIDS[(cols, rows)] = Grid(cols, rows)
    return grid


AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}
