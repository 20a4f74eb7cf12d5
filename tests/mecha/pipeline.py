"""The front end for a Mecha Game pack, as the game host will run it once checks are scoped per game
(issue 12, milestone 2): load, the stack's game, validation against the game's kinds, resolution, entity
validation, then the game's stack checks. Tests only; `rulecraft check` takes over when the core runs a
game's own kinds and checks."""

from __future__ import annotations

from pathlib import Path

from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.packs import load_packs
from rulecraft.compiler.resolve import Stack, resolve
from rulecraft.compiler.stack_game import stack_game
from rulecraft.compiler.validate import validate_document, validate_entity
from rulecraft.plugins import games


def check_mecha(path: Path) -> tuple[Stack | None, list[Diagnostic]]:
    packs, out = load_packs([path])
    game, problems = stack_game(packs)
    out += problems
    if out:
        return None, out
    definition = games.get(game)
    kinds = dict(definition.kinds)
    for pack in packs:
        for document in pack.documents:
            out += validate_document(document, kinds)
    if out:
        return None, out
    stack, problems = resolve(packs)
    stack.game = game
    out += problems
    for kind in stack.kinds():
        for entity in stack.of_kind(kind):
            out += validate_entity(kind, entity.data, entity.diagnostic, kinds)
    if out:
        return stack, out
    for ref in definition.stack_checks:
        for check in ref.load().CHECKS:
            out += check(stack)
    return stack, out
