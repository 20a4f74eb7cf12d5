"""Diagnostics: one model for every problem the compiler reports, and its output formats.

A ``Diagnostic`` points at the author's own file, line and column so that an editor, a CI log
or a person can jump straight to it. Formats: ``human`` (yamllint/rustc style with the source
line and a caret), ``json`` and ``github`` (workflow annotations).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulecraft.compiler.errorcodes import ErrorCode, Severity


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One located problem. Lines and columns are 1-based; ``None`` when unknown."""

    code: ErrorCode
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    hint: str | None = None
    end_column: int | None = None
    severity: Severity | None = None

    @property
    def level(self) -> Severity:
        return self.severity or self.code.severity

    def sort_key(self) -> tuple:
        return (self.file or "", self.line or 0, self.column or 0, self.code.code, self.message)

    def to_dict(self) -> dict:
        return {
            "severity": str(self.level),
            "code": self.code.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "hint": self.hint,
        }


class DiagnosticError(Exception):
    """Raised by library calls that cannot go on; carries the diagnostics that explain why."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=Diagnostic.sort_key)
        super().__init__("\n".join(d.message for d in self.diagnostics))


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.level is Severity.ERROR for d in diagnostics)


# Control characters of a quoted source line are shown as their Unicode pictures (NUL as U+2400, ESC as
# U+241B): a pack's bytes never reach the terminal as escape sequences, and carets stay aligned.
_PICTURES = {code: 0x2400 + code for code in range(0x20) if code != 0x09} | {0x7F: 0x2421}


def _source_line(file: str, line: int, cache: dict[str, list[str] | None]) -> str | None:
    if file not in cache:
        try:
            cache[file] = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            cache[file] = None
    lines = cache[file]
    if lines is None or not 1 <= line <= len(lines):
        return None
    return lines[line - 1].translate(_PICTURES)


def format_human(diagnostics: Iterable[Diagnostic]) -> str:
    """``file:line:col: error[code]: message``, then the source line, a caret and the hint."""
    cache: dict[str, list[str] | None] = {}
    out: list[str] = []
    for d in sorted(diagnostics, key=Diagnostic.sort_key):
        where = ":".join(str(p) for p in (d.file, d.line, d.column) if p is not None)
        out.append(f"{where + ': ' if where else ''}{d.level}[{d.code.code}]: {d.message}")
        if d.file and d.line:
            text = _source_line(d.file, d.line, cache)
            if text is not None:
                gutter = f"{d.line:>5} | "
                out.append(gutter + text.expandtabs(1))
                if d.column:
                    width = max(1, (d.end_column or d.column + 1) - d.column)
                    out.append(" " * (len(gutter) - 2) + "| " + " " * (d.column - 1) + "^" * width)
        if d.hint:
            out.append(f"      = hint: {d.hint}")
    return "\n".join(out)


def format_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([d.to_dict() for d in sorted(diagnostics, key=Diagnostic.sort_key)], indent=2)


def _github_escape(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def format_github(diagnostics: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands: ``::error file=…,line=…,col=…,title=…::message``."""
    kinds = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}
    out = []
    for d in sorted(diagnostics, key=Diagnostic.sort_key):
        props = [f"{k}={v}" for k, v in (("file", d.file), ("line", d.line), ("col", d.column)) if v]
        props.append(f"title={d.code.code}")
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        out.append(f"::{kinds[d.level]} {','.join(props)}::{_github_escape(message)}")
    return "\n".join(out)


FORMATTERS = {"human": format_human, "json": format_json, "github": format_github}
