"""Check: a problem found inside one effect string, located by offsets in that string.

Stages inside the effect compiler report ``Problem``s; ``locate.py`` turns them into
``Diagnostic``s pointing at the author's YAML file, line and column (see ``to_diagnostic``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulecraft.compiler.errorcodes import ErrorCode


@dataclass(frozen=True, slots=True)
class Problem:
    code: ErrorCode
    message: str
    start: int
    end: int
    hint: str | None = None
