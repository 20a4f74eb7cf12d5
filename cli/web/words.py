"""Show: the words of a browser table: each event's log line as a seat may see it, a decision's prompt, its
options' labels and warnings, the rules behind it, refusals and who won, taken from the game's boards.

Each word is asked of the game's web board when it has that member (``describe``, ``option_label`` or
``option_text``, ``rules``, ``option_warning``, ``refusal``), else of its terminal board (the ``board``
member, what ``rulecraft play`` says), else of the shared plain board (``cli/plain_board.py``: chance in
the core's words, options as they are). The terminal boards write rich markup; a browser gets its plain
text. A spectator's lines are narrated as to :data:`NOBODY`, a seat that owns nothing, never as to None:
a terminal board takes None for the omniscient watcher of ``replay --watch``, who sees every secret.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.errors import MarkupError
from rich.markup import escape
from rich.text import Text

from rulecraft.cli.plain_board import PlainBoard
from rulecraft.cli.play_ui import board_class, refusal_words, verdict
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.games import get
from rulecraft.runtime.web.components import Markup, join, tag

NOBODY = -1          # the seat a spectator's log lines are narrated for: one that owns nothing
RULING_ID = re.compile(r"\b([A-Z])(\d{1,3})\b")    # T18, M15: a ruling's id, its anchor on the rulings page


def plain(markup: str) -> str:
    """A terminal board's rich markup as the text it shows."""
    try:
        return Text.from_markup(markup).plain
    except MarkupError:
        return markup


class Words:
    """The words of one table's game (see the module): built from its id, ruleset, seats and web board."""

    def __init__(self, game: str, ruleset: Any, colours: Sequence[str], agents: Sequence[str], web: Any,
                 rulings: str | None = None) -> None:
        self.colours = list(colours)
        self.rulings = rulings            # the game's rulings page on the served rules site, if any
        self.letters = frozenset(get(game).rulings)
        self.terminal = board_class(game)(ruleset, list(colours), list(agents))
        self.fallback = PlainBoard(ruleset, list(colours))
        self.web = web
        self.needs_state: frozenset[str] = frozenset(getattr(self.terminal, "needs_state", frozenset()))

    def _member(self, name: str) -> Any:
        for source in (self.web, self.terminal, self.fallback):
            found = getattr(source, name, None)
            if found is not None:
                return found
        raise AttributeError(name)

    def narrate(self, event: dict[str, Any], you: int, state: dict[str, Any] | None) -> str | None:
        """The event's log line as ``you`` may see it (plain text), or None when it has none."""
        said = self.terminal.narrate(event, you, state)
        return None if said is None else plain(said)

    def prompt(self, decision: Decision, state: dict[str, Any]) -> str:
        return plain(str(self._member("describe")(decision, state)))

    def options(self, decision: Decision) -> list[str]:
        """Each option's label: the web board's ``option_label(decision, option)`` when it has one (words
        that depend on what is asked), else ``option_text(option)``."""
        own = getattr(self.web, "option_label", None)
        if own is not None:
            return [plain(str(own(decision, option))) for option in decision.options]
        label = self._member("option_text")
        return [plain(str(label(option))) for option in decision.options]

    def warnings(self, decision: Decision, state: dict[str, Any]) -> list[str | None]:
        """Per option, why it is legal but likely pointless (the boards' ``option_warning``, from the
        seat's ``state`` alone), or None; all None when no board says."""
        own = self._said("option_warning")
        if own is None:
            return [None] * len(decision.options)
        return [_sentence(self._plain(own(decision, option, state))) for option in decision.options]

    def refusal_of(self, decision: Decision | None, target: str, label: str, state: dict[str, Any]) -> str:
        """Why clicking the board element ``target`` (shown as ``label``) answers nothing: the boards'
        ``refusal(decision, target, state)`` when one says, else that it is not one of the options."""
        if decision is None:
            return "It is not your turn: nothing on the board answers anything now."
        if target in self.web.targets(decision, state):      # clicked on a board drawn before this one
            return f"{label or target} answers this decision now: click it again."
        own = self._said("refusal")
        said = _sentence(self._plain(own(decision, target, state)) if own is not None else None)
        if said:
            return said + ("" if said.endswith((".", "!", "?")) else ".")
        return f"{label or target} is not one of this decision's options."

    def _said(self, name: str) -> Any:
        """A member only the web board or the terminal board may have (the plain board says nothing)."""
        for source in (self.web, self.terminal):
            found = getattr(source, name, None)
            if found is not None:
                return found
        return None

    @staticmethod
    def _plain(said: object) -> str | None:
        return None if said is None else plain(str(said))

    def rules(self, decision: Decision) -> str:
        """The rules behind the decision (the boards' ``rules``), or "" when no board says; with the rules
        site served (``serve --site``), each of the game's ruling ids in them links to its ruling."""
        for source in (self.web, self.terminal):
            own = getattr(source, "rules", None)
            if own is not None:
                said = own(decision)
                lines = [said] if isinstance(said, str) else list(said or ())
                return self._linked("\n".join(plain(line) for line in lines))
        return ""

    def _linked(self, text: str) -> str:
        if self.rulings is None:
            return text
        parts: list[object] = []
        at = 0
        for found in RULING_ID.finditer(text):
            if found[1] in self.letters:
                link = tag("a", found[0], href=f"{self.rulings}#{found[0].lower()}", target="_blank",
                           rel="noopener")
                parts += [text[at:found.start()], link]
                at = found.end()
        return Markup(join([*parts, text[at:]]))

    def who(self, seat: int | None, you: int | None = None) -> str:
        """A seat's name as the terminal board says it (markup), else its colour."""
        own = getattr(self.terminal, "who", None)
        if own is not None:
            return str(own(seat, you))
        return escape(self.colours[seat]) if seat is not None and 0 <= seat < len(self.colours) else "nobody"

    def refusal(self, reason: str | None, session: Any, seat: int) -> str | None:
        """The session's undo refusal said to the seat (``play``'s words: "you", seats by name)."""
        if reason is None:
            return None
        return plain(refusal_words(reason, session, seat, self))

    def verdict(self, session: Any, seat: int) -> str:
        """Who won, said to ``seat`` (the terminal board's ``verdict``, else the standings')."""
        return plain(verdict(self.terminal, session, seat, False))


def _sentence(said: str | None) -> str | None:
    """A board's words as the start of a sentence (capitalised), None or empty as they are."""
    return said[0].upper() + said[1:] if said else said
