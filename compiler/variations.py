"""Load: a sweep's point (``--vary``, ``rulecraft.runtime.balance.sweep.grid``) as a generated patch layer.

A point is a set of assignments. It reaches the compiler as a pack of its own, generated in memory and
layered on top of the stack (``patch:`` sections, one item per assignment), so it is validated like any
pack: a value out of range, a field the kind does not have or an unknown id is the usual located
diagnostic, re-pointed at the ``--vary`` argument and value that caused it (:func:`relocate`), before
any game runs. ``explain --vary`` shows the layer's fields like any pack's.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import Any

from packaging.specifiers import SpecifierSet
from packaging.version import Version

from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.loader import load_text
from rulecraft.compiler.packs import Dependency, Pack
from rulecraft.runtime.balance.sweep.grid import Assignment, Point, label

LAYER_ID = "sweep-point"
LAYER_DISPLAY = "(--vary)"


@dataclass(frozen=True)
class _Lines:
    """Which assignment the lines ``first..last`` of a generated file hold."""

    file: str
    first: int
    last: int
    assignment: Assignment


def layer_text(point: Point) -> tuple[dict[str, str], list[_Lines]]:
    """The layer's files (``{kind}.yaml`` -> YAML text), and which lines hold which assignment."""
    by_kind: dict[str, list[str]] = {}
    spans: list[_Lines] = []
    for a in point:
        lines = by_kind.setdefault(a.kind, [f"kind: {a.kind}", "patch:"])
        first = len(lines) + 1
        lines.append(f"  - id: {json.dumps(a.id)}")
        for depth, key in enumerate(a.path):
            tail = f" {json.dumps(a.value)}" if depth == len(a.path) - 1 else ""
            lines.append("    " + "  " * depth + f"{json.dumps(key)}:{tail}")
        spans.append(_Lines(_display(a.kind), first, len(lines), a))
    return {kind: "\n".join(lines) + "\n" for kind, lines in by_kind.items()}, spans


def _display(kind: str) -> str:
    return f"{LAYER_DISPLAY}/{kind}.yaml"


def layer_pack(point: Point, below: Sequence[Pack]) -> tuple[Pack, list[Diagnostic]]:
    """The point as a pack layered on every pack ``below`` (so it may change any of their fields)."""
    files, _ = layer_text(point)
    manifest_text = json.dumps({"id": LAYER_ID, "name": "sweep point (generated from --vary)",
                                "version": "0.0.0", "files": [f"{k}.yaml" for k in files]})
    manifest, problems = load_text(manifest_text, f"{LAYER_DISPLAY}/pack.yaml")
    assert manifest is not None, problems     # generated JSON always parses
    depends = [Dependency(p.id, SpecifierSet(), i) for i, p in enumerate(below)]
    folder: Any = PurePosixPath(LAYER_DISPLAY)     # a name only: the layer's files are in memory
    pack = Pack(LAYER_ID, Version("0.0.0"), folder, LAYER_DISPLAY, manifest, depends,
                requires=frozenset(p.id for p in below))
    for kind, text in files.items():
        document, found = load_text(text, _display(kind))
        problems += found
        if document is not None:
            pack.documents.append(document)
    return pack, problems


def point_layers(point: Point) -> list:
    """The layers ``check_packs`` stacks for ``point``: none for the empty point (a plain run)."""
    return [functools.partial(layer_pack, point)] if point else []


def relocate(diagnostics: Sequence[Diagnostic], point: Point) -> list[Diagnostic]:
    """Diagnostics located in the generated layer, re-pointed at the ``--vary`` and value behind them
    (the generated file exists nowhere a person could open it); any other names the point in its hint.
    With no point (no ``--vary``) there is no layer and nothing to name: the diagnostics are as found."""
    if not point:
        return list(diagnostics)
    _, spans = layer_text(point)
    out = []
    for d in diagnostics:
        in_file = [s for s in spans if s.file == d.file]    # a file's own lines (its kind) -> its first
        span = next((s for s in in_file if d.line is not None and s.first <= d.line <= s.last),
                    in_file[0] if in_file else None)
        if span is None:     # found elsewhere in the stack, but only with this point on it
            where = f"with the sweep point {label(point)}"
            out.append(replace(d, hint=f"{d.hint}; {where}" if d.hint else where))
            continue
        a = span.assignment
        out.append(Diagnostic(d.code, f"{a.field} = {json.dumps(a.value)}: {d.message}",
                              f"--vary {a.text!r}", hint=d.hint, severity=d.severity))
    return out

