"""Semantic highlighting of the effect DSL inside ability strings: the trigger, the language's keywords,
numbers and operators, and each word by what the game's vocabulary makes it (a verb's word, an attribute,
an accumulator, a value). One-line ability strings, read from the editor's text (a block scalar spanning
lines is left to the YAML highlighting)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rulecraft.compiler.effects.parse import lex
from rulecraft.compiler.effects.vocabulary import Vocabulary

TYPES = ["event", "keyword", "number", "operator", "function", "property", "variable", "enumMember"]
SYMBOLS = {"NUMBER": "number", "COMPARE": "operator", "ADD_OP": "operator", "MUL_OP": "operator"}
ABILITY = re.compile(r"""^(\s*(?:-\s+)?ability:\s*)(["']?)""")


def _content(line: str) -> tuple[int, str] | None:
    """The start column and text of a one-line ability string on ``line``."""
    found = ABILITY.match(line)
    if found is None:
        return None
    start, quote = found.end(), found.group(2)
    rest = line[start:].rstrip("\r\n")
    if quote:
        end = rest.find(quote)
        return (start, rest[:end]) if end >= 0 else None
    if rest[:1] in "|>" or not rest:
        return None
    return start, rest.split(" #")[0]


def _kinds(vocabulary: Vocabulary) -> dict[str, str]:
    """Each word of the vocabulary and what it is (a verb's words yield to the other meanings)."""
    kinds = {word: "function" for verb in vocabulary.verbs.values() for word in verb.words
             if not word.startswith("{")}
    kinds |= {word: "enumMember" for kind in vocabulary.kinds.values() for word in kind.values}
    kinds |= {name: "variable" for name in vocabulary.accumulators}
    kinds |= {name: "property" for name in vocabulary.attributes}
    return kinds


def tokens(lines: Sequence[str], vocabulary: Vocabulary) -> list[int]:
    """The LSP semantic-token data (relative line, relative start, length, type, no modifiers)."""
    kinds, data = _kinds(vocabulary), []
    last_line = last_start = 0
    for number, line in enumerate(lines):
        found = _content(line)
        if found is None:
            continue
        column, source = found
        seen_colon = False
        for name, text, offset in lex(source):
            if name == "COLON":
                seen_colon = True
                continue
            if not seen_colon:
                kind: str | None = "event"
            elif name == "WORD":
                kind = kinds.get(text)
            else:
                kind = SYMBOLS.get(name, "keyword" if text.isalpha() else None)
            if kind is None:
                continue
            start = column + offset
            data += [number - last_line, start - last_start if number == last_line else start, len(text),
                     TYPES.index(kind), 0]
            last_line, last_start = number, start
    return data
