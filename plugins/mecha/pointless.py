"""Show: why a legal Mecha Game choice is likely pointless or unwanted, and why a clicked board element
answers nothing, in words with the rulings that make it so (the browser table's warnings and refusals).

Everything is worked out from one seat's view (``view_for``: the board, both players' public zones, its own
hand) and the ruleset's card data, never from the live game: the engine decides, these words explain. A
command warns when every step it has is wasted (power no mecha of yours can use this turn: M5, M6, M9,
M12, M19) or when one hurts its player (a draw from a deck too short to give it loses the game: M20); an
attack warns when it can remove no counter (power 0: M12).
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.model import (
    ADD,
    ATTACK_WINDOW,
    CHOSEN_TARGETS,
    COMMAND,
    DRAW,
    EACH_DRAWS,
    END_PHASE,
    END_WINDOW,
    MAIN_WINDOW,
    MECHA,
    POWER,
    TOWER,
    Ruleset,
    Step,
)
from rulecraft.runtime.decisions import Decision


def target_words(target: str) -> str:
    """A chosen target's kind in words: ``friendly-mecha`` -> "a friendly mecha"."""
    side, kind = CHOSEN_TARGETS[target]
    noun = kind or "unit"
    return f"any {noun}" if side == "any" else f"{'an' if side == 'enemy' else 'a'} {side} {noun}"


class Pointless:
    """The warnings and refusals of one ruleset's cards (see the module)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rs = ruleset

    # --- a legal option that is likely pointless ---------------------------------------------------
    def option_warning(self, decision: Decision, option: Any, state: dict[str, Any]) -> str | None:
        seat, kind, context = decision.player, decision.kind, decision.context
        if kind in (K.MAIN, K.WINDOW) and isinstance(option, tuple) and option:
            if option[0] == "command":
                window = MAIN_WINDOW if kind == K.MAIN else str(context.get("window", MAIN_WINDOW))
                return self.command(option[1], seat, window, context, state)
            if option[0] == "attack":
                return self.attack(str(option[1]), str(option[2]), state)
        if kind == K.TARGET and context.get("verb") == ADD and context.get("modifier") == POWER:
            unit = state["units"].get(option)
            if unit is not None and unit["owner"] == seat:
                return self.idle_power(seat, END_WINDOW if state["phase"] == END_PHASE else MAIN_WINDOW,
                                       {}, state, only_turn=True)
        return None

    def command(self, card_id: str, seat: int, window: str, about: dict[str, Any],
                state: dict[str, Any]) -> str | None:
        """A command that hurts its player (one step is enough), or whose every step is wasted."""
        card = self.rs.cards[card_id]
        for step in card.effects:
            hurt = self.harmful(step, seat, state)
            if hurt is not None:
                return f"{card.name}: {hurt}"
        wasted = [self.wasted(step, seat, window, about, state) for step in card.effects]
        if card.effects and all(wasted):
            return f"{card.name}: " + "; ".join(dict.fromkeys(str(why) for why in wasted))
        return None

    def harmful(self, step: Step, seat: int, state: dict[str, Any]) -> str | None:
        """M20: drawing from a deck that cannot give the cards loses at once (both at once: a draw)."""
        if step.verb not in (DRAW, EACH_DRAWS):
            return None
        decks = [player["deck"] for player in state["players"]]
        if decks[seat] >= step.amount:
            return None
        if step.verb == EACH_DRAWS and decks[1 - seat] < step.amount:
            return (f"both decks are too short to draw {step.amount}: both players lose, the game is a draw "
                    f"(M20)")
        return (f"your deck has {decks[seat]} card{'s' if decks[seat] != 1 else ''}: drawing {step.amount} "
                f"from it loses you the game (M20)")

    def wasted(self, step: Step, seat: int, window: str, about: dict[str, Any],
               state: dict[str, Any]) -> str | None:
        if step.verb == ADD and step.modifier == POWER:
            return self.idle_power(seat, window, about, state)
        return None

    def idle_power(self, seat: int, window: str, about: dict[str, Any], state: dict[str, Any], *,
                   only_turn: bool = False) -> str | None:
        """Why power added now would end unused with the turn (M5), or None when a mecha may use it."""
        if state["active"] != seat:
            return ("only the active player attacks this turn and the defender never strikes back (M9, "
                    "M12): the added power ends unused with the turn (M5)")
        if window == END_WINDOW:
            return "no attack follows in the End phase: the added power ends unused with the turn (M5)"
        if only_turn:
            return None
        attacker = state["units"].get(about.get("attacker")) if window == ATTACK_WINDOW else None
        direct = about.get("target") == K.OPPONENT
        if attacker is not None and attacker["owner"] == seat and not direct:
            return None                      # the attack declared now resolves with the power (M9, M12)
        ready = [unit for unit in state["units"].values() if unit["owner"] == seat and not unit["attacked"]
                 and self.rs.cards[unit["card"]].type == MECHA]
        if ready:
            return None
        why = "every mecha of yours has attacked this turn, once each (M6)"
        if attacker is not None and direct:
            why += ", and a direct attack moves one card whatever the power (M19)"
        return f"{why}: the added power ends unused with the turn (M5)"

    def attack(self, attacker_cell: str, target: str, state: dict[str, Any]) -> str | None:
        """M12: power 0 removes no durability; against armour without Pierce it still removes a counter."""
        if target == K.OPPONENT:
            return None                      # M19: a direct attack moves a card whatever the power
        attacker, defender = state["units"].get(attacker_cell), state["units"].get(target)
        if attacker is None or defender is None:
            return None
        card = self.rs.cards[attacker["card"]]
        power = card.power + attacker["modifiers"].get(POWER, 0)
        if power > 0 or (defender["armour"] and not card.keywords.pierce):
            return None
        name = self.rs.cards[defender["card"]].name
        pierce = " (Pierce passes its armour)" if defender["armour"] else ""
        return (f"{card.name} has power {power}: the attack removes no counter from {name}{pierce}, "
                f"power 0 removes no durability (M12)")

    # --- a clicked board element that answers nothing ---------------------------------------------
    def refusal(self, decision: Decision, target: str, state: dict[str, Any]) -> str | None:
        if target.startswith("hand-") and target[5:] in self.rs.cards:
            return self.unplayable(decision, target[5:], state)
        if target in self.cells():
            return self.cell_refusal(decision, target, state)
        return None

    def cells(self) -> set[str]:
        rules = self.rs.rules
        return {f"{chr(97 + c)}{r}" for c in range(rules.cols) for r in range(1, rules.rows + 1)}

    def entry(self, seat: int) -> set[str]:
        """M1: seat A's entry zone is row 1, seat B's the last row."""
        rules = self.rs.rules
        row = 1 if seat == 0 else rules.rows
        return {f"{chr(97 + c)}{row}" for c in range(rules.cols)}

    def unplayable(self, decision: Decision, card_id: str, state: dict[str, Any]) -> str:
        card, seat = self.rs.cards[card_id], decision.player
        if card.type == COMMAND:
            window = MAIN_WINDOW if decision.kind == K.MAIN else decision.context.get("window")
            if decision.kind not in (K.MAIN, K.WINDOW):
                return f"{card.name} is a command: it is played in a window, not in answer to this (M15)"
            if window not in card.windows:
                return f"{card.name} is played in the {' or '.join(card.windows)} window only (M15)"
            needed = [step.target for step in card.effects if step.target in CHOSEN_TARGETS]
            wanted = " and ".join(target_words(str(t)) for t in needed) or "a target"
            return f"{card.name} needs {wanted} to target, and there is none now (M15)"
        if decision.kind != K.MAIN:
            return f"{card.name} is a unit: it is played in your Main phase only (M6)"
        me = state["players"][seat]
        free = me["bandwidth"] - me["population"]
        if card.type == MECHA and card.cost > free:
            return f"{card.name} costs {card.cost} bandwidth; you have {free} free (M11)"
        if all(cell in state["units"] for cell in self.entry(seat)):
            return f"no cell of your entry zone is empty: {card.name} has nowhere to enter (M2)"
        return f"a unit enters on an empty cell of your entry zone: click that cell to play {card.name} (M2)"

    def cell_refusal(self, decision: Decision, cell: str, state: dict[str, Any]) -> str | None:
        seat, unit = decision.player, state["units"].get(cell)
        if decision.kind == K.TARGET:
            wanted = str(decision.context.get("target", ""))
            if wanted in CHOSEN_TARGETS:
                return f"{cell} holds no {target_words(wanted).split(' ', 1)[1]} that can be chosen here"
            return None
        if decision.kind != K.MAIN:
            return None
        if unit is None:
            if any(o[0] == "move" and o[2] == cell for o in decision.options if isinstance(o, tuple)):
                return f"to move a mecha to {cell}, click the mecha; the list then says where (M8)"
            if cell in self.entry(seat):
                return f"no card in your hand can enter {cell} now (M2, M11)"
            return f"{cell} is not in your entry zone: units enter only there (M2)"
        card = self.rs.cards[unit["card"]]
        if unit["owner"] == seat:
            if card.type == TOWER:
                return f"{card.name} is a tower: towers never move or attack (M6)"
            if unit["moved"] and unit["attacked"]:
                return f"{card.name} has moved and attacked this turn, once each (M6)"
            return f"{card.name} has no empty cell to step to and nothing in range to attack (M8, M10)"
        if any(o[0] == "attack" and o[2] == cell for o in decision.options if isinstance(o, tuple)):
            return f"to attack {card.name}, click your attacking mecha; the list then names the target (M9)"
        if card.keywords.flight:
            return (f"{card.name} has Flight: only a mecha with Flight or Reach targets it, and none of "
                    f"yours can reach it now (M13)")
        return f"none of your mechas that may still attack reaches {card.name} (M9, M10)"
