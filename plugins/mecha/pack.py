"""Load: the Mecha Game packs the game's own tools read: a folder's resolved stack (``load_stack``, for
the card sheets) and the shipped ``mecha-core`` as a ruleset (``core_ruleset``, checked and built through
the game host). An error met in ``load_stack`` is a ValueError naming its place."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from rulecraft.compiler.diagnostics import has_errors
from rulecraft.compiler.packs import load_packs
from rulecraft.compiler.resolve import resolve
from rulecraft.plugins.mecha.game import GAME
from rulecraft.plugins.mecha.model import Ruleset

CORE = "mecha-core"


def load_stack(folder: Path) -> Any:
    packs, problems = load_packs([folder])
    if not has_errors(problems):
        stack, problems = resolve(packs)
    if has_errors(problems):
        first = problems[0]
        raise ValueError(f"{first.file}:{first.line}:{first.column}: {first.message}")
    stack.game = GAME.id      # as a check settles it from the manifests: its words are this game's
    return stack


@cache
def core_ruleset() -> Ruleset:
    """The shipped ``mecha-core`` pack, checked and built through the game host (once per process; the
    ruleset is immutable)."""
    from rulecraft.plugins.wiring import load_ruleset

    return load_ruleset(game="mecha")
