"""Check: what Pig's schema cannot say about its rules, and the one error code only Pig reports.

Pig registers its code through its definition's ``error_codes`` (``CODES`` here), beside the core's, as
any third-party game would; its example case is ``cases/invalid/pig-bust-face`` (its ``error_cases``).
"""

from __future__ import annotations

from typing import Any

from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.errorcodes import ErrorCode

BUST_FACE = ErrorCode("pig-bust-face", "The bust face is not a face of the die, so no turn could ever bust.")
CODES = (BUST_FACE,)


def bust_on_the_die(stack: Any) -> list[Diagnostic]:
    """The bust face is one of the die's faces: a bust face the die lacks never comes up, and holding never
    matters."""
    rules = stack.get("pig-rules", "pig-rules")
    if rules is None:
        return []
    die = rules.data["die"]
    if rules.data["bust"] in die["faces"]:
        return []
    faces = ", ".join(map(str, die["faces"]))
    return [rules.diagnostic(BUST_FACE, f"bust face {rules.data['bust']} is not a face of die {die['id']!r} "
                                        f"({faces})", ("bust",), hint=f"choose a bust face from {faces}")]


CHECKS = [bust_on_the_die]
