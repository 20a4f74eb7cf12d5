"""Ask: a person at the terminal answers Mecha Game's decisions with keys that mean one action for good.

A key names its action, not its place in a list, so the same key does the same thing at every prompt it
is offered at (typing ``2`` never means "pass" one moment and "play a Radio Tower" the next):

- ``rt a1``: play the card coded ``RT`` (Radio Tower; the codes are the grid's) on a1;
- ``ov``: play the command coded ``OV``;
- ``c1 c2``: move the unit on c1 to c2; ``c2 x c3``: it attacks c3, ``c2 x opp`` the opponent directly;
- ``p``: pass; a target is its cell (``c3``), a waiting ability its card and cell (``bn a1``).

Spaces and case do not matter. ``?`` shows the rule behind the prompt and the keys, ``c`` your whole hand
in words, ``b`` the board again; ``l`` shows the whole log, ``u`` takes your last answer back and ``q``
stops (those three are the terminal's, :mod:`rulecraft.cli.prompts`). The engine's own check
(``Decision.check``) has the last word.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.markup import escape

from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.picture import Board, card_codes
from rulecraft.plugins.mecha.words import card_words
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.prompts import HELP_WORDS, ask_by_key, normal

OPPONENT_KEY = "opp"
TITLES = {K.MAIN: "your main phase", K.WINDOW: "a response window", K.TARGET: "choose a target",
          K.TRIGGER_ORDER: "which ability first"}


class OptionKeys:
    """The keys of one decision's options (``key -> option``) and their lines, grouped by what they act on
    (one line per card to play, per unit to move, per attacker)."""

    def __init__(self, board: Board, decision: Decision, state: dict[str, Any]) -> None:
        self.board, self.state, self.codes = board, state, card_codes(board.ruleset)
        self.keys: dict[str, Any] = {}
        self.shown: dict[str, list[str]] = {}      # group prefix -> the keys it offers
        self.groups: dict[str, tuple[str, str]] = {}   # group prefix -> (what it does, key pattern)
        self.last = ""                                 # the key of the option added last
        for option in decision.options:
            self._add(decision.kind, option)

    def _add(self, kind: str, option: Any) -> None:
        verb = option[0] if isinstance(option, tuple) and option else option
        cards = self.board.ruleset.cards
        if kind == K.TARGET:
            self._key("target", str(option), str(option), "choose", "CELL")
        elif verb == "pass":
            self._key("p", "p", "", "pass", "p")
        elif verb == "play":
            code = self.codes[option[1]].lower()
            self._key(code, f"{code} {option[2]}", option[2], f"play {cards[option[1]].name} on",
                      f"{code} CELL")
        elif verb == "command":
            code = self.codes[option[1]].lower()
            self._key(code, code, "", f"play the command {cards[option[1]].name}", code)
        elif verb == "move":
            self._key(f"m{option[1]}", f"{option[1]} {option[2]}", option[2],
                      f"move {self.board.cell_card(option[1], self.state)} to", f"{option[1]} CELL")
        elif verb == "attack":
            target = OPPONENT_KEY if option[2] == K.OPPONENT else option[2]
            shown = "the opponent directly" if option[2] == K.OPPONENT else target
            self._key(f"x{option[1]}", f"{option[1]} x {target}", shown,
                      f"{self.board.cell_card(option[1], self.state)} attacks", f"{option[1]} x CELL")
        elif kind == K.TRIGGER_ORDER:
            code = self.codes[option[0]].lower()
            self._key(f"t{code}{option[1]}", f"{code} {option[1]}", "", self.board.option_text(option),
                      f"{code} {option[1]}")
        else:
            self._key(str(option), str(option), "", self.board.option_text(option), str(option))
        self.keys[normal(self.last)] = option

    def _key(self, group: str, key: str, part: str, what: str, pattern: str) -> None:
        """One option's ``key``, in ``group`` (``what`` it does, its keys' ``pattern``), shown as ``part``."""
        self.last = key
        self.groups.setdefault(group, (what, pattern))
        self.shown.setdefault(group, []).append(part or key)

    def lines(self) -> list[str]:
        """``  KEY  what it does``, one line per group: ``  rt CELL  play Radio Tower on a1 b1 c1``."""
        out = []
        for group, (what, pattern) in self.groups.items():
            parts = self.shown[group]
            if len(parts) == 1 and "CELL" in pattern:      # one choice: its whole key
                key = pattern.replace("CELL", OPPONENT_KEY if parts[0].startswith("the opp") else parts[0])
                out.append(f"  {escape(key)}  {escape(what)} {escape(parts[0])}".rstrip())
            elif "CELL" in pattern:
                out.append(f"  {escape(pattern)}  {escape(what)} {escape(' '.join(parts))}".rstrip())
            else:
                out.append(f"  {escape(pattern)}  {escape(what)}")
        return out

    def hint(self, text: str) -> str | None:
        """What a typed key lacks, when it starts a group's keys (``rt`` for ``rt a1``)."""
        typed = normal(text)
        for group, (what, pattern) in self.groups.items():
            head = normal(pattern.replace("CELL", ""))
            if head and typed == head:
                return f"{text} needs a cell: {pattern} ({what} {' '.join(self.shown[group])})"
        return None


class Prompts:
    """The person's seat at the terminal: ``ask(decision, state, fresh)`` draws what is needed (the board
    when something happened since the last prompt, ``fresh``), lists the options by key and returns the
    legal answer typed."""

    def __init__(self, terminal: Any, board: Board, seat: int) -> None:
        self.term, self.board, self.seat = terminal, board, seat

    def ask(self, decision: Decision, state: dict[str, Any], fresh: bool = True) -> Any:
        keys = OptionKeys(self.board, decision, state)
        about = self.board.describe(decision, state)
        self.term.begin(state, lambda: self.board.screen(state, self.seat) if fresh else None)
        if len(decision.options) == 1:
            only = self.board.option_text(decision.options[0])
            self.term.say(f"[dim]{escape(about)} Only one choice: {escape(only)}.[/]")
            return decision.options[0]
        self.term.heading(TITLES.get(decision.kind, decision.kind), "")
        self.term.say(escape(about))
        lines = keys.lines()
        for line in lines:
            self.term.say(line)
        extra = {**dict.fromkeys(HELP_WORDS, lambda: self.term.help(self.help(decision, lines))),
                 "c": lambda: self.term.help(self.cards(state)),
                 "b": lambda: self.term.board(state, self.board, self.seat)}
        return ask_by_key(self.term, decision, keys.keys, extra, lambda text: refusal(text, keys.hint(text)))

    def help(self, decision: Decision, lines: Iterable[str]) -> list[str]:
        """``?``: the rule behind the prompt, the options and the keys."""
        return [*(escape(rule) for rule in self.board.rules(decision)), "[bold]Options[/]", *lines,
                "Keys: as listed (CELL: a cell like c3); c: your cards in full; b: the board; l: the whole "
                "log; u: take back your last answer; q: stop (the log is saved; `rulecraft play --resume "
                "LOG` goes on)."]

    def cards(self, state: dict[str, Any]) -> list[str]:
        """``c``: every card in your hand in full: stats, keywords with reminder text, ability."""
        hand = state["players"][self.seat]["hand"]
        codes, cards = card_codes(self.board.ruleset), self.board.ruleset.cards
        return ["[bold]Your hand[/] (the key of a card is its code)",
                *(f"[bold]{codes[c]}[/] {escape(card_words(cards[c]))}" for c in hand)]


def refusal(text: str, hint: str | None) -> str:
    """What a typed text that is no key gets: the keys' own hint (a cell missing), else the keys to type."""
    if hint:
        return f"[red]{escape(hint)}[/]"
    return (f"[red]{escape(text or '(nothing)')} is not one of the keys[/]: type one as listed (? help, c "
            f"your cards, u take back, q stop).")
