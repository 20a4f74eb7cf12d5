"""Load: find the line whose indentation breaks a YAML file, when the parser only says where it gave up.

PyYAML reports a bad indentation where it notices it ("did not find expected '-' indicator", "mapping
values are not allowed here"), often after the line at fault and always in parser terms. This module
re-reads the lines up to that mark the way a person does: every line is either a child of the line that
opens a block above it (``key:``, ``- ``), or a sibling at the indentation of an enclosing block, and a
sibling of a mapping's keys is itself a key. The first line that breaks this is the cause: deeper than a
sibling that holds a value, between two blocks, a list item or plain text among keys, or indented with a
tab. The diagnostic names the lines it should line up with.
Block scalars (``|``, ``>``), flow collections and quoted text that span lines are skipped as values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_KEY = re.compile(r"""(?:[^\s#'"\[\]{},:-][^#:]*|'[^']*'|"[^"]*")\s*:(?:\s|$)""")
_OPENS = re.compile(r"(?:^|\s)-$|:(?:\s+[&!]\S*)*$")
_BLOCK_SCALAR = re.compile(r"(?:^|:\s+)[|>][-+0-9]*\s*(?:#.*)?$")


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
    lines = text.splitlines()
    if 1 <= mark_line <= len(lines) and _tab_indented(lines[mark_line - 1]):
        return IndentationProblem(mark_line, 0, "this line is indented with a tab; YAML indents with spaces "
                                  "only", "replace the tab with spaces, lined up with the lines around it")
    reader = _Reader()
    for number, raw in enumerate(lines[:mark_line], start=1):
        problem = reader.read(number, _content(raw))
        if problem is not None:
            return problem
    return None


class _Reader:
    """Reads lines one by one, keeping the blocks that enclose the current line."""

    def __init__(self) -> None:
        self.levels: list[Level] = []
        self.opener: Level | None = None  # the last line, when it opens a block (``key:``)
        self.value_of: Level | None = None  # the key whose multi-line value (``|``, quotes) is being read
        self.value_indent: int | None = None  # the indentation of that value's first line
        self.ended_value_indent: int | None = None  # the same, for the value that ended on this line
        self.depth = 0  # open flow brackets

    def read(self, number: int, body: str) -> IndentationProblem | None:
        stripped = body.lstrip(" ")
        if not stripped:
            return None
        indent = len(body) - len(stripped)
        if self.depth > 0:
            self.depth += _brackets(stripped)
            return None
        if self.value_of is not None and indent > self.value_of.indent:
            self.value_indent = self.value_indent if self.value_indent is not None else indent
            return None
        self.ended_value_indent, self.value_of, self.value_indent = self.value_indent, None, None
        return self.place(number, indent, stripped)

    def place(self, number: int, indent: int, stripped: str) -> IndentationProblem | None:
        levels = self.levels
        if not levels or (self.opener is not None and indent > self.opener.indent):  # first line, or a child
            levels.append(Level(indent, number, stripped))
        elif indent > levels[-1].indent:
            if _structural(stripped):
                return _under_a_value(number, indent, levels[-1])
            return None  # a plain value continued on a deeper line
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
            problem = self.sibling_problem(number, indent, stripped, levels[-1])
            if problem is not None:
                return problem
            levels[-1] = Level(indent, number, stripped)
        self.after(number, indent, stripped)
        return None

    def sibling_problem(self, number: int, indent: int, stripped: str,
                        sibling: Level) -> IndentationProblem | None:
        """A line at a sibling's indentation that cannot be its sibling: text among keys, or a list item
        among a mapping's keys (unless the line above opened a block for it: ``key:`` then ``- item``)."""
        among_keys = not sibling.text.startswith("- ") and bool(_KEY.match(sibling.text))
        if not among_keys or (self.opener is not None and self.opener.indent == indent):
            return None
        if stripped.startswith("- "):
            items = [lv for lv in self.levels[:-1] if lv.text.startswith("- ")]
            hint = (f"line it up with {_describe(items[-1])} to add an item to that list" if items else
                    f"end line {sibling.line} with ':' and indent this line under it")
            message = f"this list item is lined up with the keys of a mapping, like {_describe(sibling)}"
            return IndentationProblem(number, indent, message, hint)
        if not _structural(stripped):
            continued = self.ended_value_indent
            hint = (f"if it continues the text of line {sibling.line}, indent it {_spaces(continued)} like "
                    f"the lines above it" if continued is not None else
                    "write it as 'key: value', or indent it under the key it belongs to")
            message = (f"this line is lined up with the keys of a mapping, like {_describe(sibling)}, but is "
                       f"not a key")
            return IndentationProblem(number, indent, message, hint)
        return None

    def after(self, number: int, indent: int, stripped: str) -> None:
        """Note what the placed line opens: a list item's mapping, a block, a multi-line value."""
        owner = self.levels[-1]  # whose value a multi-line scalar on this line is
        if stripped.startswith("- "):  # "- key: value": the item's own mapping lines start after the dash
            inner_text = stripped[2:].lstrip(" ")
            self.levels.append(Level(indent + len(stripped) - len(inner_text), number, inner_text))
            stripped = inner_text
            owner = self.levels[-1] if _KEY.match(inner_text) else owner
        self.opener = self.levels[-1] if _opens_block(stripped) else None
        if _BLOCK_SCALAR.search(stripped) or (not _opens_block(stripped) and _unclosed_quote(stripped)):
            self.value_of = owner
        self.depth = _brackets(stripped)


def _under_a_value(number: int, indent: int, above: Level) -> IndentationProblem:
    return IndentationProblem(
        number, indent,
        f"this line is indented {_spaces(indent)}, deeper than its sibling {_describe(above)}, "
        f"which holds a value and cannot have children",
        f"indent it {_spaces(above.indent)} to line up with line {above.line}, or leave the "
        f"value of line {above.line} empty to nest this line under it")


def _brackets(text: str) -> int:
    """How many flow brackets a line leaves open."""
    return text.count("[") + text.count("{") - text.count("]") - text.count("}")


def _tab_indented(line: str) -> bool:
    return "\t" in line[: len(line) - len(line.lstrip())]


def _unclosed_quote(text: str) -> bool:
    """A value that opens a quote and does not close it on this line continues below."""
    _, sep, value = text.partition(": ")
    value = value.strip() if sep else text
    return value[:1] in ("'", '"') and (len(value) < 2 or value[-1] != value[0])
