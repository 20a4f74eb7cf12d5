"""Check: map an offset inside an effect string to the line and column in its YAML file.

YAML changes a scalar between the file and the value: quotes disappear, ``''`` becomes ``'``,
block scalars lose their indentation, folded lines become spaces. ``position_in_scalar`` walks
the scalar's source text and its value side by side (each value character comes from source
characters in order; a folded line break in the source stands for a space, an escape such as
``\\n`` in a double-quoted scalar for the character it means), so a caret lands
under the offending word in plain, quoted, literal (``|``) and folded (``>``) scalars alike. It
needs only the file's text and the scalar's start/end and style (the loader's ``Span``), so it
works with whatever front end produced them.
"""

from __future__ import annotations

import bisect
from functools import lru_cache
from typing import Protocol


class ScalarSpan(Protocol):
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def end_column(self) -> int: ...
    @property
    def style(self) -> str | None: ...


_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
            "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029"}
_HEX_DIGITS = {"x": 2, "u": 4, "U": 8}


def _unit(raw: str, p: int, style: str | None) -> tuple[str, int]:
    """The value character that the source text at ``raw[p]`` stands for, and how many source
    characters it takes: an escape in a double-quoted scalar (``\\n``, ``\\x41``), ``''`` in a
    single-quoted one, else the character itself."""
    if style == '"' and raw[p] == "\\" and p + 1 < len(raw):
        code = raw[p + 1]
        if code in _HEX_DIGITS:
            digits = raw[p + 2:p + 2 + _HEX_DIGITS[code]]
            try:
                return chr(int(digits, 16)), 2 + len(digits)
            except ValueError:
                return raw[p], 1
        return _ESCAPES.get(code, raw[p]), 2
    if style == "'" and raw.startswith("''", p):
        return "'", 2
    return raw[p], 1


@lru_cache(maxsize=8)
def _line_starts(text: str) -> tuple[int, ...]:
    """Where each line of ``text`` starts, computed once per file (not once per caret: a file with
    thousands of effect errors must not cost thousands of scans)."""
    starts = [0]
    index = text.find("\n")
    while index >= 0:
        starts.append(index + 1)
        index = text.find("\n", index + 1)
    return tuple(starts)


def _index(line_starts: tuple[int, ...], line: int, column: int) -> int:
    return line_starts[min(line, len(line_starts)) - 1] + column - 1


def position_in_scalar(text: str, span: ScalarSpan, value: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) in ``text`` of ``value[offset]``, for the scalar at ``span``.

    An offset at or past the end of the value maps just after the last character. Falls back to
    the scalar's own start when the source cannot be aligned (e.g. exotic escapes).
    """
    line_starts = _line_starts(text)
    start = _index(line_starts, span.line, span.column)
    end = _index(line_starts, span.end_line, span.end_column)
    raw = text[start:end]
    p = 0
    if span.style in ("|", ">"):
        p = raw.find("\n") + 1 if "\n" in raw else len(raw)
    elif span.style in ("'", '"'):
        p = 1
    if not value:
        return span.line, span.column
    past_end = offset >= len(value)
    target = min(offset, len(value) - 1)
    for i in range(target + 1):
        char = value[i]
        while p < len(raw):
            unit, width = _unit(raw, p, span.style)
            if unit == char or (char in " \n" and raw[p] == "\n"):
                break
            p += width
        if p >= len(raw):
            return span.line, span.column
        if i < target:
            p += width
    absolute = start + p + (1 if past_end else 0)
    line = bisect.bisect_right(line_starts, absolute) if absolute else 1
    return line, absolute - line_starts[line - 1] + 1
