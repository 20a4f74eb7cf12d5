"""Load: a Mecha Game pack folder (``content/mecha-core``) read and resolved into a :class:`Ruleset`.

The compiler's loader and layering (``load_packs``, ``resolve``) give the resolved stack and the game's
builder makes the ruleset; ``core_ruleset`` is the shipped pack, read once per process. Validation and the
game's stack checks are ``rulecraft check``'s job; an error met here is a ValueError naming its place.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from rulecraft.compiler.diagnostics import has_errors
from rulecraft.compiler.packs import load_packs
from rulecraft.compiler.resolve import resolve
from rulecraft.plugins.mecha.build import build_from_stack
from rulecraft.plugins.mecha.model import Ruleset

CORE = "mecha-core"


def load_stack(folder: Path) -> Any:
    packs, problems = load_packs([folder])
    if not has_errors(problems):
        stack, problems = resolve(packs)
    if has_errors(problems):
        first = problems[0]
        raise ValueError(f"{first.file}:{first.line}:{first.column}: {first.message}")
    return stack


def load_pack(folder: Path) -> Ruleset:
    return build_from_stack(load_stack(folder))


@cache
def core_ruleset() -> Ruleset:
    """The shipped ``mecha-core`` pack (read once per process; the ruleset is immutable)."""
    with resources.as_file(resources.files("rulecraft.content").joinpath(CORE)) as folder:
        return load_pack(folder)
