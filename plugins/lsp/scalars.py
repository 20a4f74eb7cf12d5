"""Parse: the effect strings of an editor's buffer, from the loader (one line or spanning lines: a block
scalar ``|`` or ``>``, a quoted string folded over lines), each with the span of its scalar, so an offset
in a string's value and a position in the file map to each other (``effects.locate``, as the check places
its carets). A buffer that does not load as YAML has none."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rulecraft.compiler.effects.locate import position_in_scalar
from rulecraft.compiler.loader import Span, load_text, value_at

FIELD = "ability"   # the core's field for an effect string
QUOTES = ("'", '"')
BLOCKS = ("|", ">")


@dataclass(frozen=True, slots=True)
class EffectString:
    """One ability string of a file: its value, the span of its scalar and the file's text."""

    source: str
    span: Span
    text: str

    def position(self, offset: int) -> tuple[int, int]:
        """The 0-based (line, column) in the file of the value's character at ``offset``."""
        line, column = position_in_scalar(self.text, self.span, self.source, offset)
        return line - 1, column - 1

    def holds(self, line: int, character: int) -> bool:
        """Whether the 0-based position is inside the string: past its opening quote (a block's header
        line), before its closing quote (a block's next key)."""
        span, at = self.span, (line, character)
        start = (span.line, 0) if span.style in BLOCKS else (span.line - 1, span.column - 1)
        end = (span.end_line - 1, span.end_column - (2 if span.style in QUOTES else 1))
        return start < at <= end if span.style in QUOTES else start < at < end

    def before(self, line: int, character: int) -> str:
        """The value before the 0-based file position (the characters placed before it)."""
        low, high = 0, len(self.source)
        while low < high:                     # the first offset at or past the position
            middle = (low + high) // 2
            if self.position(middle) < (line, character):
                low = middle + 1
            else:
                high = middle
        return self.source[:low]


def effect_strings(text: str, path: str) -> Iterator[EffectString]:
    """Every ability string of the buffer ``text`` of the file at ``path``, in the file's order."""
    document, _ = load_text(text, path)
    if document is None:
        return
    for where, span in document.spans.items():
        source = value_at(document.data, where) if where and where[-1] == FIELD else None
        if isinstance(source, str) and span.style is not None:
            yield EffectString(source, span, document.text)


def effect_before(text: str, path: str, line: int, character: int) -> str | None:
    """When the 0-based position is inside an ability string of the buffer, the string's value before it."""
    found = next((s for s in effect_strings(text, path) if s.holds(line, character)), None)
    return found.before(line, character) if found is not None else None
