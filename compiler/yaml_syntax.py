"""Load: say why a YAML file does not parse, in the author's words and at the line that causes it.

PyYAML reports where its parser gave up, in parser terms ("while parsing a flow mapping expected ','
or '}'"). ``syntax_diagnostic`` turns that into one diagnostic: an indentation mistake names the
line at fault (``rulecraft.compiler.indentation``, code ``yaml-indentation``); the other common
mistakes (an unclosed ``{``, ``[`` or quote, a ``: `` inside a plain value, an unknown escape, a
reserved character) are explained with a hint, located where the construct was opened when that is
where the fix belongs. Anything else keeps the parser's own words (``yaml-syntax``).
"""

from __future__ import annotations

from typing import Any

import yaml

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.indentation import find_problem

# (words of the parser's context, words of its problem) -> (message, hint, at the opening?)
_EXPLAINED: list[tuple[str, str, str, str, bool]] = [
    ("flow mapping", "expected ',' or '}'", "this '{' is never closed with '}'",
     "close it with '}' where the mapping ends, and separate its entries with ','", True),
    ("flow sequence", "expected ',' or ']'", "this '[' is never closed with ']'",
     "close it with ']' where the list ends, and separate its items with ','", True),
    ("quoted scalar", "end of stream", "this quoted text is never closed",
     "add the closing quote where the text ends", True),
    ("", "mapping values are not allowed", "': ' inside a plain value starts a key where none can be",
     "if the ':' is part of the text, put the whole value in quotes", False),
    ("quoted scalar", "unknown escape", "an unknown escape in double-quoted text",
     "write '\\\\' for a backslash, or use single quotes, where a backslash is plain text", False),
    ("next token", "cannot start any token", "a value cannot start with this character",
     "put the value in quotes", False),
]


def _explained(text: str, exc: yaml.MarkedYAMLError) -> tuple[str, str, Any] | None:
    context, problem = exc.context or "", exc.problem or ""
    for in_context, in_problem, message, hint, at_opening in _EXPLAINED:
        if in_context in context and in_problem in problem:
            mark = exc.context_mark if at_opening and exc.context_mark is not None else exc.problem_mark
            noticed = exc.problem_mark
            if at_opening and noticed is not None and mark is not noticed:
                at_end = noticed.index >= len(text.rstrip())
                hint += " (the parser reached the end of the file)" if at_end else \
                    f" (the parser noticed on line {noticed.line + 1})"
            return message, hint, mark
    return None


def indentation_diagnostic(text: str, path: str, exc: yaml.MarkedYAMLError) -> Diagnostic | None:
    """``yaml-indentation`` at the line whose indentation broke the parse, when that line lies between
    where the parser's failing construct began and where it gave up."""
    if exc.problem_mark is None:
        return None
    last = exc.problem_mark.line + 1
    first = exc.context_mark.line + 1 if exc.context_mark is not None else last
    problem = find_problem(text, last)
    if problem is None or not first <= problem.line <= last:
        return None
    return Diagnostic(codes.YAML_INDENTATION, problem.message, path, problem.line, problem.indent + 1,
                      hint=problem.hint)


def syntax_diagnostic(text: str, path: str, exc: yaml.MarkedYAMLError) -> Diagnostic:
    """The one diagnostic for a file PyYAML cannot parse (see module docstring)."""
    indentation = indentation_diagnostic(text, path, exc)
    if indentation is not None:
        return indentation
    explained = _explained(text, exc)
    if explained is not None:
        message, hint, mark = explained
        return Diagnostic(codes.YAML_SYNTAX, message, path, mark.line + 1, mark.column + 1, hint=hint)
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
    message = " ".join(p for p in (exc.context, exc.problem) if p) or "invalid YAML"
    return Diagnostic(codes.YAML_SYNTAX, message, path, line, column)
