"""Ask: what every game's terminal prompts share: the keys a person types.

A person answers a game's decisions through the command line's terminal (``rulecraft.cli.prompts``), with
the shared numbered prompts (``rulecraft.cli.choices``) or a game's own (its board's ``prompts``); both read
the same keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.markup import escape

from rulecraft.runtime.decisions import Decision, IllegalAnswer

NONE_WORDS = frozenset({"-", "none", "pass", "no", "n", "skip"})
YES_WORDS = frozenset({"y", "yes"})
HELP_WORDS = frozenset({"?", "h", "help"})


def normal(text: str) -> str:
    """A typed key as it is matched: lower case, no spaces."""
    return "".join(text.lower().split())


def ask_by_key(term: Any, decision: Decision, keys: Mapping[str, Any],
               extra: Mapping[str, Callable[[], None]], refuse: Callable[[str], str]) -> Any:
    """A game's own prompt loop: ask until the typed text is one of ``keys`` (normalised), whose option the
    decision accepts (a refusal is said, in red, and asked again); a key of ``extra`` (help, the map, the
    board) runs as typed; anything else is answered by ``refuse(text)``, a line of markup."""
    while True:
        text = term.ask(f"[{decision.kind}] > ")
        if normal(text) in keys:
            try:
                return decision.check(keys[normal(text)])
            except IllegalAnswer as exc:
                term.say(f"[red]{escape(str(exc))}[/]")
                continue
        action = extra.get(text.lower())
        if action is not None:
            action()
        else:
            term.say(refuse(text))
