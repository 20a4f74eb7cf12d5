"""Load: the shipped ``teq-core`` pack as a ruleset (``core_ruleset``), checked and built through the game
host, for the game's own tools and tests."""

from __future__ import annotations

from functools import cache

from rulecraft.plugins.teq.model import Ruleset

CORE = "teq-core"


@cache
def core_ruleset() -> Ruleset:
    """The shipped ``teq-core`` pack, checked and built through the game host (once per process; the
    ruleset is immutable)."""
    from rulecraft.plugins.wiring import load_ruleset

    return load_ruleset(game="teq")
