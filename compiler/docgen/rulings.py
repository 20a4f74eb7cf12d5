"""Generate: ruling ids as links to the rulings page, for the ruling letters of any registered game.

A ruling id is one capital letter and a number (T7, M15, Q16); the letters are the game's, its
definition's ``rulings`` member (one game may have several, one per rule text: its rules, a solo mode,
its engine's own), and no two games share one, so an id names one ruling of one game. The rulings page
(``site/docs/rulings.md``) has a ``##`` section per rule text and a ``###`` heading per ruling
(``### T7 Jumps { #t7 }``); a game's own site gets the sections of its letters
(``sitepages.game_rulings``), and the generated pages link the ids they cite with ``linked``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rulecraft.runtime.games import GameDefinition, GameLoadError

LETTER = re.compile(r"^[A-Z]$")
RULINGS_PAGE = "rulings.md"


def link(ruling: str, root: str = "../") -> str:
    """``ruling`` as a link to its section of the rulings page, from a page ``root`` below the site's root."""
    return f"[{ruling}]({root}{RULINGS_PAGE}#{ruling.lower()})"


KEPT = r"<[^>]*>|\[[^\]]*\]\([^)]*\)|`[^`]*`"   # an HTML tag, a Markdown link, a code span: left as they are


def ids(prefixes: Sequence[str]) -> re.Pattern[str]:
    """The ruling ids of ``prefixes`` as whole words (T7, not the T7 of AT7 or T700)."""
    return re.compile(rf"\b([{''.join(prefixes)}]\d{{1,2}})\b") if prefixes else re.compile(r"(?!x)x")


def linked(text: str, prefixes: Sequence[str], root: str = "../") -> str:
    """``text`` with each ruling id of ``prefixes`` a link to its section of the rulings page; ids inside
    an HTML tag (a dagger's title), a link or a code span stay as they are."""
    if not prefixes:
        return text
    found = re.compile(f"({KEPT})|{ids(prefixes).pattern}")
    return found.sub(lambda m: m.group(1) or link(m.group(2), root), text)


def prefix_owners(games: Iterable[GameDefinition]) -> dict[str, str]:
    """Each ruling letter of ``games`` -> the id of the game it is; a letter two games claim, or one that
    is not a single capital letter, is a :class:`GameLoadError` naming the games."""
    owners: dict[str, str] = {}
    for game in games:
        for prefix in game.rulings:
            if not isinstance(prefix, str) or not LETTER.match(prefix):
                raise GameLoadError(f"game {game.id!r}: ruling prefix {prefix!r} is not one capital letter")
            if prefix in owners:
                raise GameLoadError(f"ruling prefix {prefix!r} is claimed by game {owners[prefix]!r} and by "
                                    f"game {game.id!r}")
            owners[prefix] = game.id
    return owners
