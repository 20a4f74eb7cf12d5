"""Command ``rulecraft explain PACK... ENTITY``: print a resolved entity and where each field came from.

ENTITY is ``kind:id`` or an id unique across kinds. The output is built from ``SECTIONS``: each
section is a function ``(args, stack, entity) -> str | None`` and prints when it returns text, so a
new view (for example ``--emit`` of an ability's compiled effect) is one option plus one section.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulecraft.cli.check import add_stack_arguments, existing_paths
from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, UsageError
from rulecraft.compiler.diagnostics import format_human
from rulecraft.compiler.effects.emit import STAGES, emit
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.stack_diff import field_name
from rulecraft.compiler.validate import did_you_mean
from rulecraft.compiler.variations import point_layers, relocate
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.balance.sweep.grid import Point, VaryError, grid, parse_variation

Section = Callable[[argparse.Namespace, Stack, Entity], str | None]


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("explain", help="show a resolved entity and where each field came from",
                                   description="Resolve the pack stack and print one entity with, per field, "
                                               "the pack, file, line and column that set it.")
    parser.add_argument("targets", nargs="+", metavar="PACK... ENTITY",
                        help="pack folders, then the entity as kind:id or a unique id")
    add_stack_arguments(parser)
    parser.add_argument("--vary", action="append", default=[], metavar="KIND:ID.FIELD=VALUE",
                        help="layer one point of a sweep on the stack, as `rulecraft sweep` builds it "
                             "(repeatable; one value each)")
    parser.add_argument("--emit", choices=STAGES, metavar="{ast,python,text}",
                        help="also show the entity's effects at a compiler stage: the syntax tree, "
                             "the generated Python handler or the rule text")
    parser.set_defaults(run=run)


def find_entity(stack: Stack, target: str) -> Entity:
    """The entity named ``kind:id`` or by an id unique across kinds; a usage error otherwise."""
    kind, _, entity_id = target.rpartition(":")
    if kind:
        entity = stack.get(kind, entity_id)
        if entity is None:
            known = stack.entities.get(kind)
            hint = did_you_mean(entity_id, known) if known else did_you_mean(kind, stack.kinds())
            raise UsageError(f"no {kind} '{entity_id}' in this stack" + (f"; {hint}" if hint else ""))
        return entity
    found = stack.find(entity_id)
    if len(found) == 1:
        return found[0]
    if found:
        raise UsageError(f"'{entity_id}' names several entities: "
                         + ", ".join(f"{e.kind}:{e.id}" for e in found))
    every = [i for by_id in stack.entities.values() for i in by_id]
    hint = did_you_mean(entity_id, every)
    raise UsageError(f"no entity '{entity_id}' in this stack" + (f"; {hint}" if hint else ""))


def value_text(value: Any) -> str:
    """A value on one logical line: text as written (blanks collapsed), anything else as JSON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return " ".join(text.split())


MIN_VALUE_WIDTH = 30


def plain_table(rows: list[tuple[str, str, str]], columns: int) -> list[str]:
    """Rows as aligned columns in ``columns`` characters; a long value wraps onto continuation lines
    under its own column (never cut: an ability is read whole)."""
    widths = [max(len(header), *(len(row[i]) for row in rows)) for i, header in enumerate(HEADERS)]
    room = max(MIN_VALUE_WIDTH, columns - widths[0] - widths[2] - 4)
    widths[1] = min(widths[1], room)
    lines = []
    for field, value, origin in [HEADERS, *rows]:
        parts = textwrap.wrap(value, widths[1], break_on_hyphens=False) or [""]
        cells = [(field, parts[0], origin), *(("", part, "") for part in parts[1:])]
        lines += ["  ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True)).rstrip() for cell in cells]
    return lines


def provenance_rows(entity: Entity) -> list[tuple[str, str, str]]:
    """(field, value, origin) for every leaf field of the entity, in data order."""
    return [(field_name(path), value_text(value), str(origin)) for path, value, origin in entity.fields()]


def provenance(args: argparse.Namespace, stack: Stack, entity: Entity) -> str | None:
    """The entity's fields, each with the pack and file:line:col that set it."""
    packs = sorted({origin.pack for _, _, origin in entity.fields()})
    stack_ids = " > ".join(p.id for p in stack.packs)
    title = f"{entity.kind}:{entity.id}  (fields from {', '.join(packs)}; stack: {stack_ids})"
    rows = provenance_rows(entity)
    if sys.stdout.isatty():
        _print_rich_table(title, rows)
        return None
    return "\n".join([title, *plain_table(rows, shutil.get_terminal_size(fallback=(100, 24)).columns)])


HEADERS = ("field", "value", "set by")


def _print_rich_table(title: str, rows: list[tuple[str, str, str]]) -> None:
    """The table on the terminal, through the console that filters the pack's text (not rich's colours)."""
    from rich.table import Table
    from rich.text import Text

    from rulecraft.runtime.safe_console import SafeConsole

    table = Table(*HEADERS, title=Text(title), title_justify="left")
    for row in rows:
        table.add_row(*map(Text, row))               # plain text: a value's `[link=...]` is no markup
    SafeConsole(width=shutil.get_terminal_size().columns).print(table)


def effects(args: argparse.Namespace, stack: Stack, entity: Entity) -> str | None:
    """With ``--emit STAGE``: the entity's effects as syntax tree, Python handler or rule text."""
    return emit(stack, entity, args.emit) if getattr(args, "emit", None) else None


# What explain prints, in order; add a section (and its option in ``register``) for a new view.
SECTIONS: list[Section] = [provenance, effects]


def _point(texts: list[str]) -> Point:
    """The sweep point that ``--vary`` options name, one value each."""
    try:
        variations = [parse_variation(text) for text in texts]
    except VaryError as exc:
        raise UsageError(str(exc)) from None
    several = [v.text for v in variations if len(v.values) != 1]
    if several:
        raise UsageError(f"--vary {several[0]!r}: explain shows one point; give one value")
    return grid(variations, 1)[0] if variations else ()


def run(args: argparse.Namespace) -> int:
    if len(args.targets) < 2:
        raise UsageError("explain needs at least one PACK and an ENTITY (kind:id or id)")
    *packs, target = args.targets
    paths = [Path(p) for p in packs]
    existing_paths(paths, args.pack_path)
    point = _point(args.vary)
    result = check_packs(paths, args.pack_path, point_layers(point))
    if result.diagnostics:
        print(format_human(relocate(result.diagnostics, point)), file=sys.stderr)
    if result.stack is None:
        return EXIT_CONTENT
    entity = find_entity(result.stack, target)
    for section in SECTIONS:
        text = section(args, result.stack, entity)
        if text:
            print(text)
    return EXIT_CLEAN if result.ok else EXIT_CONTENT
