"""Semantic highlighting of the effect DSL inside ability strings: the trigger, the language's keywords,
numbers and operators, and each word by what the game's vocabulary makes it (a verb's word, an attribute,
an accumulator, a value). Any ability string of the editor's text, one line or spanning lines (a block
scalar ``|`` or ``>``, a quoted string folded over lines): each token's offset in the string's value is
placed back in the file (``scalars``). A buffer that does not load as YAML has no tokens until it does
(its diagnostic says why)."""

from __future__ import annotations

from collections.abc import Iterator

from rulecraft.compiler.effects.parse import lex
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.plugins.lsp.scalars import effect_strings

TYPES = ["event", "keyword", "number", "operator", "function", "property", "variable", "enumMember"]
SYMBOLS = {"NUMBER": "number", "COMPARE": "operator", "ADD_OP": "operator", "MUL_OP": "operator"}


def _kinds(vocabulary: Vocabulary) -> dict[str, str]:
    """Each word of the vocabulary and what it is (a verb's words yield to the other meanings)."""
    kinds = {word: "function" for verb in vocabulary.verbs.values() for word in verb.words
             if not word.startswith("{")}
    kinds |= {word: "enumMember" for kind in vocabulary.kinds.values() for word in kind.values}
    kinds |= {name: "variable" for name in vocabulary.accumulators}
    kinds |= {name: "property" for name in vocabulary.attributes}
    return kinds


def _marked(source: str, kinds: dict[str, str]) -> Iterator[tuple[int, int, str]]:
    """(offset, length, type) of each token of one effect string that has a type."""
    seen_colon = False
    for name, text, offset in lex(source):
        if name in ("COLON", "_NL"):
            seen_colon = name == "COLON"
            continue
        if not seen_colon:
            kind: str | None = "event"
        elif name == "WORD":
            kind = kinds.get(text)
        else:
            kind = SYMBOLS.get(name, "keyword" if text.isalpha() else None)
        if kind is not None:
            yield offset, len(text), kind


def _placed(text: str, path: str, kinds: dict[str, str]) -> Iterator[tuple[int, int, int, str]]:
    """(0-based line, column, length, type) of every marked token of the buffer's ability strings."""
    for effect in effect_strings(text, path):
        for offset, length, kind in _marked(effect.source, kinds):
            yield *effect.position(offset), length, kind


def tokens(text: str, path: str, vocabulary: Vocabulary) -> list[int]:
    """The LSP semantic-token data (relative line, relative start, length, type, no modifiers) of the
    editor's ``text`` of the file at ``path``."""
    data: list[int] = []
    last_line = last_start = 0
    for line, start, length, kind in sorted(_placed(text, path, _kinds(vocabulary))):
        data += [line - last_line, start - last_start if line == last_line else start, length,
                 TYPES.index(kind), 0]
        last_line, last_start = line, start
    return data
