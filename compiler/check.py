"""Check: run the front end over a pack stack: load, validate, resolve, validate entities, stack checks.

Contract: ``check_packs(paths, pack_path=(), layers=(), *, plugins) -> CheckResult(stack, diagnostics,
packs, game)``. Before any file is validated, the stack's game is settled from the manifests
(``rulecraft.compiler.stack_game``) and the content kinds the stack's plugins register are collected
(``rulecraft.compiler.stack_plugins``: ``plugins`` is the plugin host's answers, passed in by
``rulecraft.plugins.wiring``); files of those kinds validate against the plugin's schema.
Each stage runs only when the stages before it reported no error, so a later stage may trust what an
earlier one guarantees (a stack check sees only schema-valid, fully resolved entities) and one mistake is
reported once, not as a cascade. ``stack`` is ``None`` when resolution did not run or failed.

Later stages plug in without touching this module: a module a game lists in ``stack_checks`` exposes
``CHECKS: list[Callable[[Stack], list[Diagnostic]]]``. Each module is one stage: all its checks
run (so every problem of that family is reported), and the next module runs only if they found no
error: the game's cross-reference checks, then effects
(``rulecraft.compiler.effects.pack``).
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic, has_errors
from rulecraft.compiler.packs import NO_BUFFERS, Buffers, Pack, load_packs
from rulecraft.compiler.resolve import Stack, resolve
from rulecraft.compiler.stack_game import stack_game
from rulecraft.compiler.stack_plugins import StackPlugins, stack_kinds
from rulecraft.compiler.validate import NO_KINDS, validate_document, validate_entity
from rulecraft.runtime.games import GameDefinition, get

StackCheck = Callable[[Stack], list[Diagnostic]]

# The core's own stage, after the game's stack checks: every effect compiles; card text has not drifted.
EFFECTS_STAGE = "rulecraft.compiler.effects.pack"


@dataclass(slots=True)
class CheckResult:
    """The resolved stack (``None`` if an earlier stage failed), every diagnostic in file order, and the
    packs that were read, in load order (also when the stack is ``None``)."""

    stack: Stack | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    packs: list[Pack] = field(default_factory=list)
    game: str | None = None     # the id of the stack's game, once the manifests agree on one

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics)


def stack_stages(game: GameDefinition, plugins: StackPlugins) -> list[list[StackCheck]]:
    """The game's stack checks, one stage per module in ``game.stack_checks`` order, then the effects
    (compiled with the words of the game and of the stack's ``plugins``)."""
    effects = importlib.import_module(EFFECTS_STAGE)
    return [*(list(ref.load().CHECKS) for ref in game.stack_checks),
            [partial(effects.check_stack_effects, plugins=plugins)]]


def validate_stack(stack: Stack, content_kinds: Mapping[str, str] = NO_KINDS) -> list[Diagnostic]:
    """Resolved entities against their kind's ``definitions.entity`` (a plugin kind's from its schema):
    patches and ``extends`` can leave gaps that no single file shows. Entities their file already
    checked whole are skipped."""
    return [d for kind in stack.kinds() for entity in stack.of_kind(kind) if not entity.checked
            for d in validate_entity(kind, entity.data, entity.diagnostic, content_kinds)]


@contextmanager
def few_collections() -> Iterator[None]:
    """Run a stage with CPython's cyclic GC collecting rarely.

    Checking builds many small long-lived objects (data, spans, origins) that reference counting
    frees; with the default thresholds the collector rescans them again and again, and a 10x bigger
    pack costs 15-20x more (measured in ``bench/bench_load.py``). mypy raises the threshold likewise.
    """
    before = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)


# A generated layer (a sweep point, ``rulecraft.compiler.variations``): made from the packs below it.
Layer = Callable[[list[Pack]], tuple[Pack, list[Diagnostic]]]


def check_packs(paths: Sequence[Path], pack_path: Sequence[Path] = (), layers: Sequence[Layer] = (), *,
                plugins: StackPlugins, buffers: Buffers = NO_BUFFERS) -> CheckResult:
    """Check the packs at ``paths`` (folders or their pack.yaml) with everything they depend on, and
    ``layers`` generated on top of them, in order; the plugin host answers for the plugins the packs name
    (``plugins``: the tools call ``rulecraft.plugins.wiring.check_packs``, which passes it); an editor's
    unsaved ``buffers`` are read in place of their files (``rulecraft.compiler.packs``)."""
    with few_collections():
        return _check(paths, pack_path, layers, plugins, buffers)


def _check(paths: Sequence[Path], pack_path: Sequence[Path], layers: Sequence[Layer],
           plugins: StackPlugins, buffers: Buffers) -> CheckResult:
    packs, diagnostics = load_packs(paths, pack_path, buffers)
    for make in layers if packs else ():
        layer, problems = make(list(packs))
        packs.append(layer)
        diagnostics += problems
    game, problems = stack_game(packs)
    if any(d.code is codes.MISSING_DEPENDENCY for d in diagnostics):
        # the missing pack may be the one naming the game: its absence is the cause, reported once
        problems = [d for d in problems if d.code is not codes.GAME_MISSING]
    diagnostics += problems
    if has_errors(problems):
        return _sorted(CheckResult(None, diagnostics, packs))
    if game is None:    # no pack was read
        return _sorted(CheckResult(None, diagnostics, packs))
    definition = get(game)
    added, problems = stack_kinds(packs, game, definition.kinds, plugins)
    diagnostics += problems
    if has_errors(problems):
        return _sorted(CheckResult(None, diagnostics, packs))
    content_kinds = {**definition.kinds, **added}
    for pack in packs:
        for document in pack.documents:
            diagnostics += validate_document(document, content_kinds)
    result = CheckResult(None, diagnostics, packs, game)
    if has_errors(diagnostics) or not packs:
        return _sorted(result)
    stack, problems = resolve(packs)
    result.diagnostics += problems
    if has_errors(problems):
        return _sorted(result)
    stack.game = game
    result.stack = stack
    stages: list[list[StackCheck]] = [[partial(validate_stack, content_kinds=content_kinds)],
                                      *stack_stages(definition, plugins)]
    for stage in stages:
        for check in stage:
            result.diagnostics += check(stack)
        if has_errors(result.diagnostics):
            break
    return _sorted(result)


def _sorted(result: CheckResult) -> CheckResult:
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return result
