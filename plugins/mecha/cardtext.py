"""Generate: the English of a Mecha Game card, as its printed card and its reference page both show it.

One function per part of a card's text: its keywords as printed, stacked instances as their sum (M16:
``Speed 1`` twice is ``Speed 2``; a tower's Provide is a stat of its own), each with its reminder text (what
it does, in short), its time counters (M17), its ability's English from the effect compiler (the same effect
string the engine plays, so card, page and game cannot disagree) and, for a command, the windows it may be
played in (M15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.plugins.mecha.build import compile_ability

# M15: (a) the active player's main phase, (b) after an attack is declared and before it resolves, (c) End
WINDOW_NAMES = {"main": "your main phase", "attack": "an attack window, before the attack resolves",
                "end": "the End window"}


# What each keyword does, in the few words a card has room for (M16; the keyword reference says it in full,
# from the card schemas); X is the keyword's total.
REMINDERS = {"armour": "enters with X armour; an attack takes armour before durability, unless it pierces",
             "pierce": "its attacks ignore armour", "flight": "only Flight or Reach can attack it",
             "reach": "can attack Flight", "speed": "moves up to X", "range": "attacks up to X cells away",
             "provide": "+X bandwidth"}


def keyword_totals(instances: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """M16: instances with a number add up (Speed 2 and Speed 1 are Speed 3); Pierce, Flight and Reach
    are there or not. In the order the keywords first appear."""
    totals: dict[str, Any] = {}
    for instance in instances:
        for name, value in instance.items():
            totals[name] = True if value is True else totals.get(name, 0) + value
    return totals


def keyword_name(name: str, value: Any) -> str:
    """One keyword as printed: ``Flight``, ``Speed 2``; Provide with its unit, ``Provide 1u``."""
    title = name.title()
    return title if value is True else f"{title} {value}u" if name == "provide" else f"{title} {value}"


def keyword_line(instances: Sequence[dict[str, Any]]) -> str:
    """Keyword instances as printed, stacked ones as their sum: ``Speed 2, Flight``."""
    return ", ".join(keyword_name(name, value) for name, value in keyword_totals(instances).items())


def reminder(name: str, value: Any) -> str:
    """A keyword's reminder text, X its total: ``Speed 2`` -> ``moves up to 2``; a keyword a plugin adds has
    none of its own (empty)."""
    return REMINDERS.get(name, "").replace("X", str(value))


def printed_keywords(kind: str, data: dict[str, Any]) -> str:
    """The keyword line of a card's text box, each with its reminder text (a tower's Provide is printed as
    a stat instead)."""
    instances = [i for i in data.get("keywords", ()) if "provide" not in i or kind != "towers"]
    return ", ".join(f"{keyword_name(name, value)} ({reminder(name, value)})" if reminder(name, value) else
                     keyword_name(name, value) for name, value in keyword_totals(instances).items())


def provide(data: dict[str, Any]) -> int:
    """A card's total Provide (M16: instances add up)."""
    return sum(i.get("provide", 0) for i in data.get("keywords", ()))


def ability_text(kind: str, data: dict[str, Any], vocabulary: Vocabulary) -> str:
    """The English of the card's ability: its hand-written ``text`` (checked against this by the drift
    check), else the text the effect compiler generates with ``vocabulary`` (the stack's words,
    ``wiring.stack_words``); empty for a card with no ability."""
    if not isinstance(data.get("ability"), str):
        return ""
    return data.get("text") or compile_ability(data["ability"], kind, vocabulary).text


def windows_text(data: dict[str, Any]) -> str:
    """When a command may be played (M15), as a sentence; empty for a unit."""
    windows = data.get("windows", ())
    return "Play in " + " or in ".join(WINDOW_NAMES[w] for w in windows) + "." if windows else ""


def card_text(kind: str, data: dict[str, Any], vocabulary: Vocabulary) -> str:
    """Everything in a card's text box, in print order (its ability's English by ``vocabulary``)."""
    keywords = printed_keywords(kind, data)
    lines = [keywords + "." if keywords else "",
             f"Enters with {data['time']} time counters." if data.get("time") else "",
             ability_text(kind, data, vocabulary), windows_text(data) if kind == "commands" else ""]
    return " ".join(line for line in lines if line)
