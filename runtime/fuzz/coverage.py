"""Run: what a fuzzed game exercised: the rulings its code paths cite, the effects (DSL handlers) and
effect-context calls (verbs, attributes) it ran, the hook points it reached and the decision kinds asked.

**Rulings** are counted where the code already cites them: a game's source names its ruling ids (its
definition's ``rulings`` letters: ``T7``, ``M15``, ``Q1-Q3``) in comments and docstrings where they decide
behaviour. :class:`RulingMap` reads the game's package once and maps each citation to the statement it
sits on (a trailing comment), the statement after it (a comment on its own line) or the first statement
of the function whose docstring cites it; ids cited only at module or class level (data, or prose) are
kept apart as *cited, no code path*. A ruling is covered when one of its statements runs. The engines
carry nothing for this: :class:`Tracer` is a ``sys.settrace`` tracer installed only while ``rulecraft
fuzz`` plays, so ``sim`` and ``play`` pay nothing (measured on the fuzzing guide), and a function stops
being traced once every citation in it has been seen.

**Effects** are the compiled handlers (their function is named ``ability``, their file name says the pack,
file, line and entity); a **context call** is a call a handler makes on ``ctx``, by method name. **Hook
points** are counted by wrapping the facade's steps (:func:`counting_hooks`); **decisions** by kind from
the ``decision`` events.
"""

from __future__ import annotations

import ast
import copy
import importlib
import io
import re
import sys
import tokenize
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from rulecraft.runtime.compiled import HANDLER_FUNCTION

HANDLER = HANDLER_FUNCTION   # every compiled effect handler's function is named so


@dataclass(slots=True)
class RulingMap:
    """Where a game's code cites its rulings: ``lines[file][line]`` the ids a statement's running covers;
    ``prose`` the ids cited only where no code path runs (module and class text)."""

    lines: dict[str, dict[int, frozenset[str]]] = field(default_factory=dict)
    prose: set[str] = field(default_factory=set)

    @property
    def traced(self) -> set[str]:
        return {ruling for table in self.lines.values() for ids in table.values() for ruling in ids}

    @property
    def cited(self) -> set[str]:
        return self.traced | self.prose


def ruling_pattern(letters: Iterable[str]) -> re.Pattern[str] | None:
    """Ids of the game's letters, single (``T7``) or ranges (``Q14-Q25``, ``R1-8``)."""
    group = "|".join(sorted(re.escape(letter) for letter in letters))
    if not group:
        return None
    return re.compile(rf"\b(?P<l>{group})(?P<a>\d{{1,3}})(?:[-\u2013](?P=l)?(?P<b>\d{{1,3}}))?\b")


def ids_in(text: str, pattern: re.Pattern[str]) -> set[str]:
    found: set[str] = set()
    for m in pattern.finditer(text):
        first = int(m["a"])
        last = int(m["b"]) if m["b"] and 0 <= int(m["b"]) - first <= 40 else first
        found.update(f"{m['l']}{n}" for n in range(first, last + 1))
    return found


def package_files(target: str) -> list[Path]:
    """The ``.py`` files of the package holding a game definition's module (``target`` its ``Ref``)."""
    module = importlib.import_module(target.partition(":")[0])
    folder = Path(str(module.__file__)).resolve().parent
    return sorted(folder.rglob("*.py"))


def ruling_map(files: Iterable[Path], letters: Iterable[str]) -> RulingMap:
    """The citations of ``letters``' ruling ids in ``files`` (see the module)."""
    out = RulingMap()
    pattern = ruling_pattern(letters)
    if pattern is None:
        return out
    for path in files:
        text = path.read_text("utf-8")
        if not pattern.search(text):
            continue
        table = _cited_lines(text, pattern, out.prose)
        if table:
            out.lines[str(path)] = {line: frozenset(ids) for line, ids in table.items()}
    return out


def _cited_lines(text: str, pattern: re.Pattern[str], prose: set[str]) -> dict[int, set[str]]:
    tree = ast.parse(text)
    starts: list[tuple[int, int]] = []         # (first line, last line) of every statement inside a function
    table: dict[int, set[str]] = {}
    docstrings: set[int] = set()

    def note(line: int, ids: set[str]) -> None:
        if ids:
            table.setdefault(line, set()).update(ids)

    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                docstrings.add(body[0].lineno)
                ids = ids_in(doc, pattern)
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and len(body) > 1:
                    note(body[1].lineno, ids)
                else:
                    prose.update(ids)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[1 if ast.get_docstring(node) is not None and len(node.body) > 1 else 0]
            starts += [(s.lineno, s.end_lineno or s.lineno) for s in ast.walk(node)
                       if isinstance(s, ast.stmt) and s is not node and s.lineno >= first.lineno]
    starts.sort()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in (tokenize.COMMENT, tokenize.STRING) or token.start[0] in docstrings:
            continue
        ids = ids_in(token.string.partition("noqa")[0], pattern)   # never a linter's code (E731)
        if not ids:
            continue
        line = token.start[0]
        holding = [s for s in starts if s[0] <= line <= s[1]]
        if holding:
            note(max(holding)[0], ids)
            continue
        after = next((s for s in starts if s[0] > line), None)
        if token.type == tokenize.COMMENT and after is not None and _same_block(text, line, after[0]):
            note(after[0], ids)
        else:
            prose.update(ids)
    prose.difference_update(ruling for ids in table.values() for ruling in ids)
    return table


def _same_block(text: str, comment: int, statement: int) -> bool:
    """A comment on its own line directly above ``statement`` (only blank or comment lines between)."""
    lines = text.splitlines()[comment: statement - 1]
    return all(not line.strip() or line.strip().startswith("#") for line in lines)


KINDS = ("rulings", "effects", "context", "hooks", "decisions")


@dataclass(slots=True)
class Coverage:
    """What a fuzzing run hit, by kind (``rulings``, ``effects``, ``context``, ``hooks``, ``decisions``):
    ``first[kind][item]`` the game that first hit it, ``games[kind][item]`` how many games hit it (for
    rulings, the games before the tracer retired the functions citing it: a lower bound)."""

    first: dict[str, dict[str, int]] = field(default_factory=lambda: {k: {} for k in KINDS})
    games: dict[str, Counter[str]] = field(default_factory=lambda: {k: Counter() for k in KINDS})

    def add(self, index: int, seen: dict[str, set[str]]) -> int:
        """Fold game ``index``'s hits in; how many were new to the run."""
        new = 0
        for kind in KINDS:
            first, games = self.first[kind], self.games[kind]
            for item in seen.get(kind, ()):
                if item not in first:
                    first[item] = index
                    new += 1
                games[item] += 1
        return new


class Tracer:
    """Traces the lines of the game's citing functions and the calls of compiled handlers while one game
    plays (:meth:`start` ... :meth:`stop`). Only code objects of the :class:`RulingMap`'s files that hold a
    citation get a line tracer, and one whose citations have all been seen in this run is never traced
    again (coverage.py's trick: a fuzzing run slows down less as it goes)."""

    def __init__(self, rulings: RulingMap) -> None:
        self.rulings = rulings
        self.done: set[CodeType] = set()              # code objects with nothing left to see
        self.mine: dict[CodeType, list[int]] = {}     # a code object's citing lines
        self.hit: set[tuple[str, int]] = set()        # citing lines run so far, by file and line
        self.seen: dict[str, set[str]] = {}

    def start(self) -> dict[str, set[str]]:
        """Trace one game: what it hits goes into the returned sets (``rulings``, ``effects``,
        ``context``)."""
        self.seen = {"rulings": set(), "effects": set(), "context": set()}
        sys.settrace(self._call)
        return self.seen

    def stop(self) -> None:
        sys.settrace(None)

    def _call(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        code = frame.f_code
        if code in self.done:
            return None
        if code.co_name == HANDLER:
            self.seen["effects"].add(code.co_filename)
            return None
        back = frame.f_back
        if back is not None and back.f_code.co_name == HANDLER:
            self.seen["context"].add(code.co_name)
        mine = self.mine.get(code)
        if mine is None:
            mine = self.mine[code] = self._citing(code)
        name = code.co_filename
        if all((name, line) in self.hit for line in mine):
            self.done.add(code)
            return None
        return self._lines(name, self.rulings.lines[name])

    def _citing(self, code: CodeType) -> list[int]:
        table = self.rulings.lines.get(code.co_filename)
        if table is None:
            return []
        lines = {line for _, _, line in code.co_lines() if line}
        return [line for line in table if line in lines]

    def _lines(self, name: str, table: dict[int, frozenset[str]]) -> Callable[..., Any]:
        rulings, hit = self.seen["rulings"], self.hit

        def line(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
            if event == "line":
                ids = table.get(frame.f_lineno)
                if ids is not None:
                    rulings.update(ids)
                    hit.add((name, frame.f_lineno))
            return line
        return line


def counting_hooks(hooks: Any, seen: set[str]) -> Any:
    """A copy of a hooks facade whose every step also records its name in ``seen`` when the engine calls
    it (the facade's steps are its callable attributes; anything else is copied as it is)."""
    counted = copy.copy(hooks)
    for name, step in vars(hooks).items():
        if callable(step) and not name.startswith("_"):
            setattr(counted, name, _counted(name, step, seen))
    return counted


def _counted(name: str, step: Callable[..., Any], seen: set[str]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        seen.add(name)
        return step(*args, **kwargs)
    return call


def hook_points(hooks: Any) -> list[str]:
    """Every step of a hooks facade, by name (what :func:`counting_hooks` counts)."""
    return sorted(name for name, step in vars(hooks).items() if callable(step) and not name.startswith("_"))
