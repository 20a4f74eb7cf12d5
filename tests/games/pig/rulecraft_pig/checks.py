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
    """The bust face is one of the die's faces (1 to ``faces``): a bust face the die lacks never comes up,
    and holding never matters."""
    rules = stack.get("pig-rules", "pig-rules")
    if rules is None or rules.data["bust"] <= rules.data["faces"]:
        return []
    return [rules.diagnostic(BUST_FACE, f"bust face {rules.data['bust']} is not on a die of "
                                        f"{rules.data['faces']} faces", ("bust",),
                             hint=f"choose a bust face from 1 to {rules.data['faces']}")]


CHECKS = [bust_on_the_die]
