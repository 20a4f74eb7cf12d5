"""Ask: what every game's terminal prompts share: the keys a person types, and a resumed game's answers.

A person answers a game's decisions through the command line's terminal (``rulecraft.cli.prompts``), with
the shared numbered prompts (``rulecraft.cli.choices``) or a game's own (its board's ``human_agent``); both
read the same keys and feed back a saved log's answers first.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from rulecraft.runtime.decisions import Decision, canonical

NONE_WORDS = frozenset({"-", "none", "pass", "no", "n", "skip"})
YES_WORDS = frozenset({"y", "yes"})
HELP_WORDS = frozenset({"?", "h", "help"})


def replayed(recorded: deque, decision: Decision) -> Any:
    """The next answer recorded in a log, for the decision the game asks now (a resumed game)."""
    kind, answer = recorded.popleft()
    if kind != decision.kind:
        raise ValueError(f"the log answers a {kind} decision where the game asks {decision.kind}")
    return canonical(answer)
