"""Ask: a person at the terminal answers Tiny Epic Mechs' decisions: short keys, validation, re-prompts.

:class:`Prompts` answers one decision at a time for the front end that holds the game (``rulecraft play``
on its session): it draws the player's own view (T16) and asks. Every decision kind of
``runtime.decisions`` lists its legal options and takes a short answer: an option's number, a value (Mine
numbers, boost amounts), a cell label (``C1``), ``y``/``n``, ``-`` for "none", and for programs
``1N 3E 5S 7W`` (card number and direction, all at once or one by one) with a confirm step. Anything else
gets a message and the same prompt again; the engine's own check (``Decision.check``) has the last word.
``q`` at any prompt, end of input or Ctrl-C stop the game (``rulecraft.cli.prompts.Quit``) and ``u`` takes
the last answer back (``TakeBack``): both are the terminal's. The terminal it asks through is the command
line's (``rulecraft.cli.prompts.Terminal``), handed in by ``rulecraft play`` through the board's
``prompts``.
"""

from __future__ import annotations

import re
from typing import Any

from rich.markup import escape

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.board import (
    ARROWS,
    STATUS,
    Picture,
    abilities_text,
    card_name,
    label,
    price,
    weapon_text,
)
from rulecraft.plugins.tem.model import Ruleset
from rulecraft.plugins.tem.reasons import amount, have
from rulecraft.runtime.decisions import Decision, IllegalAnswer
from rulecraft.runtime.prompts import HELP_WORDS, NONE_WORDS, YES_WORDS

VALUE_KINDS = frozenset({D.SETUP_MINE, D.MINE_NUMBER, D.BOOST})     # answered by the number itself
CELL_KINDS = frozenset({D.BASE, D.ZONE, D.MOVE_TOKEN})              # answered by a cell label
CARD_TOKEN = re.compile(r"^(\d+)\s*([NESW]{1,2})$", re.IGNORECASE)


class Prompts:
    """A seat played at the terminal: ``ask(decision, state, fresh)`` returns the person's answer to a
    decision of the game, from the seat's view ``state`` (``fresh``: something happened since the last
    prompt, so the board is drawn again line by line)."""

    def __init__(self, terminal: Any, picture: Picture, seat: int) -> None:
        self.term, self.pic, self.seat = terminal, picture, seat
        # The loadouts of the last equip window the person answered, and the answer: a window offering
        # the same loadouts keeps it without asking (the game still gets the answer and logs it).
        self.last_equip: tuple[frozenset, Any] | None = None

    def ask(self, decision: Decision, state: dict, fresh: bool = True) -> Any:
        kept = self._kept_loadout(decision)
        if kept is not None:
            names = " + ".join(self.pic.ruleset.weapons[w].name for w in kept)
            self.term.narrate(f"  [dim]Equip: keeping {escape(names)}, as you chose for these weapons "
                              f"(w: ask again).[/]")
            return kept
        self.term.begin(state, lambda: self._drawing(decision.kind, state, fresh))
        if decision.pick > 1:
            answer = self._program(decision, state)
        elif decision.kind == D.AD_HOC_CARD:
            answer = self._ad_hoc(decision, state)
        else:
            answer = self._choose(decision, state)
        self._remember(decision, answer)
        return answer

    def _drawing(self, kind: str, state: dict, fresh: bool) -> Any:
        """What a person answering ``kind`` needs to see line by line: the board before a program, the arena
        before choosing a cell, else a status line when something happened (None: nothing new)."""
        if kind in (D.PROGRAM, D.AD_HOC_CARD) or (fresh and state["round"] == 0):
            return self.pic.screen(state, self.seat)
        if kind in CELL_KINDS:
            return self.pic.arena(state)
        return self.pic.status_line(state, self.seat) if fresh else None

    def _kept_loadout(self, decision: Decision) -> Any:
        if decision.kind != D.EQUIP or self.last_equip is None:
            return None
        options, answer = self.last_equip
        return answer if options == frozenset(decision.options) and answer in decision.options else None

    def _remember(self, decision: Decision, answer: Any) -> None:
        if decision.kind == D.EQUIP and len(decision.options) > 1:
            self.last_equip = (frozenset(decision.options), answer)

    def _ask_equip_again(self) -> None:
        self.last_equip = None
        self.term.say("[dim]The next equip window will ask you again.[/]")

    # --- one option among several --------------------------------------------------------------
    def _choose(self, decision: Decision, state: dict) -> Any:
        if len(decision.options) == 1:
            only = decision.options[0]
            self.term.say(f"[dim]{title(decision)}: {escape(self._only(decision, only, state))}.[/]")
            return only
        keys, lines = self._keys(decision)
        current = tuple(state["players"][self.seat]["equipped"])
        default = current if decision.kind == D.EQUIP and current in decision.options else None
        self.term.heading(title(decision), context_words(self.pic, decision, state))
        for line in lines:
            self.term.say("  " + line)
        hint = " (Enter keeps the current weapons)" if default is not None else ""
        while True:
            text = self.term.ask(f"[{decision.kind}]{hint} > ").lower()
            if not text and default is not None:
                return default
            if text in HELP_WORDS:
                self.term.help(self._help(decision, ["  " + line for line in lines]))
                continue
            if text == "b":
                self.term.board(state, self.pic, self.seat)
                continue
            if text == "w":
                self._ask_equip_again()
                continue
            if text in keys:
                try:
                    answer = decision.check(keys[text])
                except IllegalAnswer as exc:
                    self.term.say(f"[red]{escape(str(exc))}[/]")
                    continue
                if decision.kind == D.PURCHASE and not self._buy_anyway(decision, answer, state):
                    self.term.say("Not bought: choose again (- buys nothing).")
                    for line in lines:
                        self.term.say("  " + line)
                    continue
                return answer
            self.term.say(f"[red]{escape(text or '(nothing)')} is not one of the options[/]: answer with "
                          f"{_answer_hint(decision)}; ? shows them again, q quits.")

    def _only(self, decision: Decision, only: Any, state: dict) -> str:
        """Why a prompt has one legal answer, with the numbers where the rules give them."""
        if decision.kind == D.POWER_UP and only is None:
            return "nothing to do: " + self.pic.reasons.power_up_refused(state, self.seat)
        return f"the only legal answer is {self._text(decision, only)}"

    def _buy_anyway(self, decision: Decision, wid: Any, state: dict) -> bool:
        """A weapon your status cannot equip (T12): say when you could, and ask before buying it (the
        browser's warning has the same words: ``Reasons.option_warning``)."""
        warning = self.pic.reasons.option_warning(decision, wid, state)
        if warning is None:
            return True
        self.term.say(f"[yellow]{escape(warning[0].upper() + warning[1:])}.[/] "
                      f"You would keep it in your stockpile.")
        while True:
            text = self.term.ask("[confirm-buy] Buy it anyway? [y/N] > ").lower()
            if text in YES_WORDS:
                return True
            if text in ("", *NONE_WORDS):
                return False
            self.term.say("[red]answer y (buy it) or n (choose again)[/]")

    def _help(self, decision: Decision, options: list[str]) -> list[str]:
        """The help pane: the options again, the keys, and the rules behind the prompt with their ids."""
        rules = [f"[bold]rules[/] {escape(r)}" for r in RULES.get(decision.kind, [])]
        return [f"[bold]{title(decision)}[/]", *rules, *KEYS, *options]

    def _keys(self, decision: Decision) -> tuple[dict[str, Any], list[str]]:
        """Each option's answer keys and its display line."""
        keys: dict[str, Any] = {}
        lines: list[str] = []
        number = 0
        values = {o for o in decision.options if isinstance(o, int) and not isinstance(o, bool)}
        for option in decision.options:
            text = escape(self._text(decision, option))
            if option is None:
                for word in NONE_WORDS | ({"0"} if 0 not in values else set()):
                    keys[word] = None
                lines.append(f"[bold]-[/]  {text}")
            elif isinstance(option, bool):
                for word in (YES_WORDS if option else NONE_WORDS):
                    keys[word] = option
                lines.append(f"[bold]{'y' if option else 'n'}[/]  {text}")
            elif decision.kind in VALUE_KINDS and isinstance(option, int):
                keys[str(option)] = option
                lines.append(f"[bold]{option}[/]  {text}")
            elif decision.kind in CELL_KINDS and isinstance(option, int):
                name = label(self.pic.cols, option)
                keys[name.lower()] = option
                number += 1
                keys[str(number)] = option
                lines.append(f"[bold]{number}[/] / [bold]{name}[/]  {text}")
            else:
                number += 1
                keys[str(number)] = option
                if isinstance(option, str):
                    keys.setdefault(option.lower(), option)
                lines.append(f"[bold]{number}[/]  {text}")
        return keys, lines

    def _text(self, decision: Decision, option: Any) -> str:
        return option_words(self.pic, decision, option)

    # --- the program (T4) and Ad Hoc cards (T11) ------------------------------------------------
    def _cards(self, state: dict) -> list[str]:
        colour = state["players"][self.seat]["colour"]
        return [c.id for c in self.pic.ruleset.program_cards[colour]]

    def _parse_card(self, token: str, cards: list[str], decision: Decision) -> tuple[str, str] | str:
        """``3E`` -> (card id, "E"), or a message saying what is wrong."""
        match = CARD_TOKEN.match(token)
        if not match:
            return f"{token!r}: write a card number and a direction, like 3E or 8NE"
        number, direction = int(match.group(1)), match.group(2).upper()
        if not 1 <= number <= len(cards):
            return f"{token!r}: there is no card {number} (cards are 1-{len(cards)})"
        option = (cards[number - 1], direction)
        if option not in decision.options:
            legal = [o for c, o in decision.options if c == option[0]]
            if not legal:
                return f"{token!r}: card {number} cannot be played now"
            name = card_name(self.pic.ruleset, option[0])
            return f"{token!r}: {name} moves {' '.join(legal)}, not {direction}"
        return option

    def _program(self, decision: Decision, state: dict) -> tuple:
        cards = self._cards(state)
        pick = decision.pick
        self.term.heading(f"Program your {pick} cards", "")
        self.term.say("In order, each with a direction: [bold]1N 3E 5S 8NE[/], all at once or one by one "
                      "([bold]r[/] starts over)")
        self.term.hand(self.pic.hand_lines(state, self.seat))
        chosen: list[tuple[str, str]] = []
        while True:
            if len(chosen) == pick:
                self.term.say("Your program: " + "  ".join(
                    f"#{i + 1} {self._card_text(c, o)}" for i, (c, o) in enumerate(chosen)))
                text = self.term.ask("[confirm] Play this program? [Y/n] > ").lower()
                if text in ("", "y", "yes"):
                    try:
                        return decision.check(tuple(chosen))
                    except IllegalAnswer as exc:
                        self.term.say(f"[red]{escape(str(exc))}[/]")
                elif text not in ("n", "no", "r"):
                    self.term.say("[red]answer y (play it) or n (start over)[/]")
                    continue
                chosen = []
                continue
            text = self.term.ask(f"[program] card {len(chosen) + 1} of {pick} > ")
            if text.lower() == "r":
                chosen = []
                continue
            if text.lower() == "b":
                self.term.board(state, self.pic, self.seat)
                continue
            if text.lower() == "w":
                self._ask_equip_again()
                continue
            if text.lower() in HELP_WORDS:
                self.term.help(self._help(decision, self.pic.hand_lines(state, self.seat)))
                continue
            tokens = re.findall(r"\d+\s*[A-Za-z]+|\S+", text)
            if not tokens:
                self.term.say(f"[red]nothing given[/]: write cards like 1N 3E 5S 8NE "
                              f"({len(chosen)} chosen so far)")
                continue
            picked = list(chosen)
            error = None
            for token in tokens:
                option = self._parse_card(token.replace(" ", ""), cards, decision)
                if isinstance(option, str):
                    error = option
                elif option[0] in (c for c, _ in picked):
                    error = f"{token!r}: card {cards.index(option[0]) + 1} is already in your program"
                elif len(picked) == pick:
                    error = f"a program has exactly {pick} cards"
                else:
                    picked.append(option)
                    continue
                break
            if error is not None:
                self.term.say(f"[red]{escape(error)}[/] ({len(chosen)} card(s) kept so far; "
                              f"nothing was added)")
                continue
            chosen = picked

    def _ad_hoc(self, decision: Decision, state: dict) -> tuple[str, str]:
        cards = self._cards(state)
        self.term.heading("Ad Hoc Mode: play any card", "")
        self.term.say("Any card of your hand this turn, with a direction, e.g. [bold]3E[/] "
                      "(✓ played this round)")
        self.term.hand(self.pic.hand_lines(state, self.seat))
        while True:
            text = self.term.ask("[ad-hoc-card] card > ")
            if text.lower() == "b":
                self.term.board(state, self.pic, self.seat)
                continue
            if text.lower() in HELP_WORDS:
                self.term.help(self._help(decision, self.pic.hand_lines(state, self.seat)))
                continue
            option = self._parse_card(text.replace(" ", ""), cards, decision)
            if isinstance(option, str):
                self.term.say(f"[red]{escape(option)}[/]")
                continue
            try:
                return decision.check(option)
            except IllegalAnswer as exc:
                self.term.say(f"[red]{escape(str(exc))}[/]")

    def _card_text(self, card: str, orientation: str) -> str:
        return card_words(self.pic.ruleset, card, orientation)


def _ability(thing: Any) -> str:
    text = abilities_text(thing)
    return f" — {text}" if text else ""


def option_words(pic: Picture, decision: Decision, option: Any) -> str:
    """An option of ``decision`` in words: in the terminal's list and the browser's (``plugins/tem/web``)."""
    rs, kind = pic.ruleset, decision.kind
    if option is None:
        return NONE_TEXT.get(kind, "none")
    if isinstance(option, bool):
        if kind == D.DEPLOY_TURRET:
            return "yes, deploy a Turret here" if option else "no, keep it in your supply"
        return "yes" if option else "no"
    if kind == D.PILOT:
        pilot = rs.pilots[option]
        return f"{pilot.name}, {pilot.health} health: {abilities_text(pilot)}"
    if kind in (D.BASIC_WEAPON, D.PURCHASE) or (isinstance(option, str) and option in rs.weapons):
        return weapon_text(rs, option, cost=True) + _ability(rs.weapons[option])
    if kind == D.EQUIP:
        return " + ".join(rs.weapons[w].name for w in option)
    if kind == D.TAKE_MECH:
        side = next(s for s in rs.mech_sides if s.id == option)
        return f"take it as {side.name}: {abilities_text(side)}"
    if kind == D.ATTACK:
        wid, power = option
        w = rs.weapons[wid]
        damage = w.power_damage if power else w.damage
        return f"{w.name} ({w.type}){' POWER ATTACK' if power else ''}: {damage} damage" + _ability(w)
    if kind == D.POWER_UP:
        if option[0] == "heal":
            return f"heal: pay {option[1]}⚡ for +{option[1] * rs.rules.heal_per_energy} health"
        return f"upgrade to Power Armor ({price(rs.rules.upgrade_cost)})"
    if kind == D.SETUP_MINE or kind == D.MINE_NUMBER:
        return f"Mine number {option}"
    if kind == D.BOOST:
        return f"pay {option}"
    if kind in (D.PROGRAM, D.AD_HOC_CARD) and isinstance(option, tuple) and len(option) == 2:
        return card_words(rs, *option)
    if kind in CELL_KINDS and isinstance(option, int):
        return f"cell {label(pic.cols, option)}"
    return str(option)


def card_words(rs: Ruleset, card: str, orientation: str) -> str:
    """A program card placed with its direction (T4), as the program prompt lists it."""
    return f"{card_name(rs, card)} {orientation}{ARROWS.get(orientation, '')}"


NONE_TEXT = {D.PURCHASE: "buy nothing", D.POWER_UP: "do nothing", D.MINE_NUMBER: "deploy no Mine",
             D.TAKE_MECH: "stay out of the Mighty Mech", D.MOVE_TOKEN: "move no token"}
TITLES = {
    D.PILOT: "Keep one of your dealt pilots", D.BASE: "Place your Base",
    D.SETUP_MINE: "Your secret Mine on your Base: pick its number",
    D.BASIC_WEAPON: "Pick your secret Basic weapon", D.EQUIP: "Equip weapons",
    D.TAKE_MECH: "Take the Mighty Mech?", D.ATTACK: "Attack", D.BOOST: "Pay for a boost",
    D.ABILITY_CHOICE: "An ability asks", D.POWER_UP: "Power Up", D.PURCHASE: "Purchase a weapon",
    D.MINE_NUMBER: "Deploy a Mine: which number?", D.DEPLOY_TURRET: "Deploy a Turret here?",
    D.MOVE_TOKEN: "No token left in supply: move a deployed one here?",
    D.ZONE: "Move to the closest zone with no enemy",
}
# The rules behind each prompt, with the ruling ids of /rules/RULINGS.md: shown only in the help pane
# (player-facing text names rules in words).
RULES = {
    D.PILOT: ["Setup: each player is dealt 2 pilots and keeps 1."],
    D.BASE: ["T5: Bases are placed in turn order, starting with the Starting Player."],
    D.SETUP_MINE: ["T17: each player starts with one Mine of a number it chooses secretly, on its Base.",
                   "T16: other players never see its number until it is triggered."],
    D.BASIC_WEAPON: ["Setup N: each player picks one Basic weapon, in secret (T16)."],
    D.PROGRAM: ["T4: a program card is placed with a direction on the arena (N E S W; diagonals NE SE SW "
                "NW for the Diagonal Jump).", "T18: a program has 4 cards, never 5."],
    D.AD_HOC_CARD: ["T11: in Ad Hoc Mode you play any card of your hand each turn; a first move into an "
                    "enemy pilot's zone is blocked like a wall."],
    D.EQUIP: ["T12: a Pilot holds 2 Basic weapons and no Advanced one; Power Armor 2 Basic and 2 Advanced; "
              "the Mighty Mech 4 Advanced. At least one weapon is equipped."],
    D.ATTACK: ["T13: the mover attacks first, then the two alternate; each attack exhausts one equipped "
               "weapon.", "T2: each point of damage dealt scores 1 VP, up to the target's health."],
    D.POWER_UP: ["T1: heal 2 health per Energy (up to your maximum), or upgrade a Pilot to Power Armor "
                 "for 5 Credits; no effect in the Mighty Mech."],
    D.PURCHASE: ["T12: one weapon from the Advanced row or a Basic pile you do not own; you keep it even "
                 "if you cannot equip it yet."],
    D.MINE_NUMBER: ["T1: a Mine costs Credits equal to the zone's value.",
                    "T8: it deals the zone's value + its number to an enemy entering the zone."],
    D.DEPLOY_TURRET: ["T1: a Turret costs Energy equal to the zone's value.",
                      "T8: it deals the zone's value to an enemy entering the zone."],
    D.MOVE_TOKEN: ["T1: with none left in supply, you may move one you deployed."],
    D.ZONE: ["T10: hostile zones hold an enemy pilot, Mine or Turret; closest counts steps."],
    D.TAKE_MECH: ["Mighty Mech: entering its zone you may take it (as either side), if your health allows."],
}
KEYS = ["[bold]q[/] quit (the game is saved; [bold]rulecraft play --resume LOG[/] goes on)",
        "[bold]?[/] this help  [bold]b[/] the board  [bold]w[/] ask again at the next equip window",
        "[bold]-[/] none  [bold]y[/]/[bold]n[/] yes/no  a cell: [bold]C1[/]  "
        "a program: [bold]1N 3E 5S 8NE[/]"]


def title(decision: Decision) -> str:
    return TITLES.get(decision.kind, decision.kind)


def context_words(pic: Picture, decision: Decision, state: dict) -> str:
    ctx = decision.context
    parts = []
    if "opponent" in ctx:
        enemy = state["players"][ctx["opponent"]]
        parts.append(f"against {pic.who(ctx['opponent'])} ({STATUS.get(enemy['status'], enemy['status'])}, "
                     f"{enemy['health']}♥)")
    if ctx.get("first"):
        parts.append("you attack first")
    if "prompt" in ctx:
        parts.append(escape(str(ctx["prompt"])))
    if "when" in ctx:
        parts.append(f"at {ctx['when'].replace('-', ' ')}")
    if "from" in ctx:
        parts.append(f"from {label(pic.cols, ctx['from'])}")
    if "token" in ctx:
        parts.append(str(ctx["token"]))
    me = state["players"][decision.player]
    if decision.kind in (D.DEPLOY_TURRET, D.MINE_NUMBER) and me["pos"] >= 0:
        cost = pic.reasons.deploy_cost("turret" if decision.kind == D.DEPLOY_TURRET else "mine", state, me)
        parts.append(f"it costs {amount(cost)} (the zone's value), you have {have(me, cost)}")
    if not parts:
        return ""
    said = ", ".join(parts)
    return f" {said[0].upper()}{said[1:]}." if title(decision).endswith("?") else f": {said}"


def _answer_hint(decision: Decision) -> str:
    if decision.kind in VALUE_KINDS:
        return "the number" + (" or - for none" if None in decision.options else "")
    if decision.kind in CELL_KINDS:
        return "a cell like C1 or its number" + (" or - for none" if None in decision.options else "")
    if all(isinstance(o, bool) for o in decision.options):
        return "y or n"
    return "an option's number" + (" or - for none" if None in decision.options else "")

