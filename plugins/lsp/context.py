"""Where the cursor is in a pack file, read from the editor's text: inside an effect string, at an id that
names an entity or a pack, on which line of which section. Text-level, so it works on a buffer that does
not parse yet (the check reports why)."""

from __future__ import annotations

import re
from collections.abc import Sequence

ABILITY = re.compile(r"""^\s*(?:-\s+)?ability:\s*(["']?)""")   # the core's field for an effect string
KIND = re.compile(r"^kind:\s*([\w-]+)", re.MULTILINE)
SECTION = re.compile(r"^(entries|replace|patch|remove|depends):")
ID_VALUE = re.compile(r"""^\s*(?:-\s+)?\{?\s*(id|extends):\s*["']?([\w-]*)$""")
WORD = re.compile(r"[\w-]+")
KEY = re.compile(r"^(\s+)([\w-]*)$")                  # typing a mapping key
SIBLING = re.compile(r"^(\s+)([\w-]+):")


def effect_before(line: str, character: int) -> str | None:
    """When the cursor is in a one-line effect string, the string's text before it (read from the line, so
    it works while the string is typed, its quote not closed yet; one spanning lines is ``scalars``')."""
    found = ABILITY.match(line)
    if found is None or character < found.end() or line[found.end():found.end() + 1] in ("|", ">"):
        return None
    before = line[found.end():character]
    quote = found.group(1)
    return None if quote and quote in before else before


def kind_of(text: str) -> str | None:
    found = KIND.search(text)
    return found.group(1) if found else None


def section_of(lines: Sequence[str], line: int) -> str | None:
    """The top-level section (``patch``, ``depends``...) the line is in."""
    for text in reversed(lines[:line + 1]):
        found = SECTION.match(text)
        if found:
            return found.group(1)
        if text[:1].isalpha():
            return None
    return None


def id_field_at(line: str, character: int) -> str | None:
    """``id`` or ``extends`` when the cursor is typing that field's value."""
    found = ID_VALUE.match(line[:character])
    return found.group(1) if found else None


def sibling_keys(lines: Sequence[str], line: int, character: int) -> list[str] | None:
    """When the cursor is typing a mapping key, the keys at its indentation in the same block (above and
    below, up to a line indented less); ``None`` when it is not typing a key."""
    typing = KEY.match(lines[line][:character]) if line < len(lines) else None
    if typing is None:
        return None
    indent, keys = len(typing.group(1)), []
    for step in (-1, 1):
        other = line + step
        while 0 <= other < len(lines):
            text = lines[other]
            depth = len(text) - len(text.lstrip())
            if text.strip() and depth < indent:
                break
            found = SIBLING.match(text)
            if found and len(found.group(1)) == indent:
                keys.append(found.group(2))
            other += step
    return keys


def word_at(line: str, character: int) -> str | None:
    for found in WORD.finditer(line):
        if found.start() <= character <= found.end():
            return found.group(0)
    return None
