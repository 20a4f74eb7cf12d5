"""Load: find the line whose indentation breaks a YAML file, when the parser only says where it gave up.

PyYAML reports a bad indentation where it notices it ("did not find expected '-' indicator", "mapping
values are not allowed here"), often after the line at fault and always in parser terms. This module
re-reads the lines up to that mark the way a person does: every line is either a child of the line that
opens a block above it (``key:``, ``- ``), or a sibling at the indentation of an enclosing block. The
first line that is neither is the cause; the diagnostic names the siblings it should line up with.
Block scalars (``|``, ``>``), flow collections and quoted text that span lines are skipped as values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_KEY = re.compile(r"""(?:[^\s#'"\[\]{},:-][^#:]*|'[^']*'|"[^"]*")\s*:(?:\s|$)""")
_OPENS = re.compile(r"(?:^|\s)-$|:(?:\s+[&!]\S*)*$")
_BLOCK_SCALAR = re.compile(r":\s*[|>][-+0-9]*\s*(?:#.*)?$")


@dataclass(frozen=True, slots=True)
class Level:
    """An enclosing block: the column its lines start at and the line that started it."""

    indent: int
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class IndentationProblem:
    """The line at fault (1-based), its indentation, and what it should have lined up with."""

    line: int
    indent: int
    message: str
    hint: str


def _content(raw: str) -> str:
    """A line without its trailing comment (a ``#`` after a space, outside quotes) and blanks."""
    quote = None
    for i, char in enumerate(raw):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or raw[i - 1] in " \t"):
            return raw[:i].rstrip()
    return raw.rstrip()


def _opens_block(text: str) -> bool:
    """``key:`` or a bare ``-`` with nothing (or only an anchor or tag) after it: the next deeper line is
    its child."""
    return bool(_OPENS.search(text)) or text == "-"


def _structural(text: str) -> bool:
    """A line that starts a key or a list item (not a continued plain value)."""
    return text.startswith("- ") or text == "-" or bool(_KEY.match(text))


def _describe(level: Level) -> str:
    word = level.text.split(":")[0].strip()
    return f"'{word}' on line {level.line} ({_spaces(level.indent)})"


def _spaces(count: int) -> str:
    return "1 space" if count == 1 else f"{count} spaces"


def find_problem(text: str, mark_line: int) -> IndentationProblem | None:
    """The first line at or before ``mark_line`` (1-based) that lines up with no enclosing block."""
    levels: list[Level] = []
    previous: Level | None = None  # the last structural line, when it opens a block
    skip_deeper_than: int | None = None  # inside a block scalar or a multi-line value
    depth = 0  # open flow brackets
    lines = text.splitlines()
    if 1 <= mark_line <= len(lines) and _tab_indented(lines[mark_line - 1]):
        return IndentationProblem(mark_line, 0, "this line is indented with a tab; YAML indents with spaces "
                                  "only", "replace the tab with spaces, lined up with the lines around it")
    for number, raw in enumerate(lines[:mark_line], start=1):
        body = _content(raw)
        stripped = body.lstrip(" ")
        if not stripped:
            continue
        indent = len(body) - len(stripped)
        if depth > 0:
            depth += stripped.count("[") + stripped.count("{") - stripped.count("]") - stripped.count("}")
            continue
        if skip_deeper_than is not None and indent > skip_deeper_than:
            continue
        skip_deeper_than = None
        if not levels or (previous is not None and indent > previous.indent):  # first line, or a child
            levels.append(Level(indent, number, stripped))
        elif indent > levels[-1].indent:
            if _structural(stripped):
                above = levels[-1]
                return IndentationProblem(
                    number, indent,
                    f"this line is indented {_spaces(indent)}, deeper than its sibling {_describe(above)}, "
                    f"which holds a value and cannot have children",
                    f"indent it {_spaces(above.indent)} to line up with line {above.line}, or leave the "
                    f"value of line {above.line} empty to nest this line under it")
            continue  # a plain value continued on a deeper line
        else:
            inner = levels[-1]
            while levels and levels[-1].indent > indent:
                inner = levels.pop()
            if not levels or levels[-1].indent != indent:
                around = [inner, *levels[-1:]]
                alike = [lv for lv in around if lv.text.startswith("- ") == stripped.startswith("- ")]
                return IndentationProblem(
                    number, indent, f"this line is indented {_spaces(indent)}, which lines up with no block "
                    f"around it", "line it up with " + " or with ".join(map(_describe, alike or around)))
            levels[-1] = Level(indent, number, stripped)
        item = stripped.startswith("- ")
        if item:  # "- key: value": the item's own mapping lines start after the dash
            inner_text = stripped[2:].lstrip(" ")
            levels.append(Level(indent + len(stripped) - len(inner_text), number, inner_text))
            stripped = inner_text
        previous = levels[-1] if _opens_block(stripped) else None
        if _BLOCK_SCALAR.search(stripped) or (not _opens_block(stripped) and _unclosed_quote(stripped)):
            skip_deeper_than = levels[-1].indent
        depth = stripped.count("[") + stripped.count("{") - stripped.count("]") - stripped.count("}")
    return None


def _tab_indented(line: str) -> bool:
    return "\t" in line[: len(line) - len(line.lstrip())]


def _unclosed_quote(text: str) -> bool:
    """A value that opens a quote and does not close it on this line continues below."""
    _, sep, value = text.partition(": ")
    value = value.strip() if sep else text
    return value[:1] in ("'", '"') and (len(value) < 2 or value[-1] != value[0])
