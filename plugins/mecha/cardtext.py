"""Generate: the English of a Mecha Game card, as its printed card and its reference page both show it.

One function per part of a card's text: its keywords as printed (M16: ``Armour 1, Pierce``; a tower's
Provide is a stat of its own), its time counters (M17), its ability's English from the effect compiler
(the same effect string the engine plays, so card, page and game cannot disagree) and, for a command,
the windows it may be played in (M15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.plugins.mecha.build import compile_ability

WINDOW_NAMES = {"main": "your main phase", "attack": "after an attack", "end": "the End window"}


def keyword_line(instances: Sequence[dict[str, Any]]) -> str:
    """Keyword instances as printed: ``Speed 2, Flight``; Provide with its unit, ``Provide 1u``."""
    parts = []
    for instance in instances:
        for name, value in instance.items():
            title = name.title()
            parts.append(title if value is True else f"{title} {value}u" if name == "provide" else
                         f"{title} {value}")
    return ", ".join(parts)


def printed_keywords(kind: str, data: dict[str, Any]) -> str:
    """The keyword line of a card's text box (a tower's Provide is printed as a stat instead)."""
    return keyword_line([i for i in data.get("keywords", ()) if "provide" not in i or kind != "towers"])


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
    return "Play in " + " or ".join(WINDOW_NAMES[w] for w in windows) + "." if windows else ""


def card_text(kind: str, data: dict[str, Any], vocabulary: Vocabulary) -> str:
    """Everything in a card's text box, in print order (its ability's English by ``vocabulary``)."""
    keywords = printed_keywords(kind, data)
    lines = [keywords + "." if keywords else "",
             f"Enters with {data['time']} time counters." if data.get("time") else "",
             ability_text(kind, data, vocabulary), windows_text(data) if kind == "commands" else ""]
    return " ".join(line for line in lines if line)
