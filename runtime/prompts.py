"""Ask: what every game's terminal prompts share: the keys a person types.

A person answers a game's decisions through the command line's terminal (``rulecraft.cli.prompts``), with
the shared numbered prompts (``rulecraft.cli.choices``) or a game's own (its board's ``prompts``); both read
the same keys.
"""

from __future__ import annotations

NONE_WORDS = frozenset({"-", "none", "pass", "no", "n", "skip"})
YES_WORDS = frozenset({"y", "yes"})
HELP_WORDS = frozenset({"?", "h", "help"})
