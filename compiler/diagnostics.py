"""Diagnostics: one model for every problem the compiler reports, and its output formats.

A ``Diagnostic`` points at the author's own file, line and column so that an editor, a CI log
or a person can jump straight to it. Formats: ``human`` (yamllint/rustc style with the source
line and a caret), ``json``, ``github`` (workflow annotations) and ``sarif`` (SARIF 2.1.0, read by
code-scanning tools).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from rulecraft.compiler.errorcodes import ErrorCode, Severity
from rulecraft.runtime.terminal_text import visible


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One located problem. Lines and columns are 1-based; ``None`` when unknown.

    The problem spans from (``line``, ``column``) to (``end_line``, ``end_column``), the end exclusive;
    ``end_line`` defaults to ``line`` when only ``end_column`` is known.
    """

    code: ErrorCode
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    hint: str | None = None
    end_column: int | None = None
    severity: Severity | None = None
    end_line: int | None = None

    @classmethod
    def spanning(cls, code: ErrorCode, message: str, file: str, start: tuple[int, int],
                 end: tuple[int, int] | None, hint: str | None = None) -> Diagnostic:
        """A diagnostic from ``start`` to ``end`` (line, column; end exclusive); an end that is not after
        the start is unknown."""
        known = end if end is not None and end > start else None
        return cls(code, message, file, start[0], start[1], hint=hint, end_column=known[1] if known else None,
                   end_line=known[0] if known else None)

    @property
    def level(self) -> Severity:
        return self.severity or self.code.severity

    @property
    def end(self) -> tuple[int, int] | None:
        """(end line, end column), exclusive, when the end is known."""
        if self.end_column is None or self.line is None:
            return None
        return (self.end_line or self.line), self.end_column

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
            "end_line": self.end[0] if self.end else None,
            "end_column": self.end[1] if self.end else None,
            "hint": self.hint,
        }


class DiagnosticError(Exception):
    """Raised by library calls that cannot go on; carries the diagnostics that explain why."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=Diagnostic.sort_key)
        super().__init__("\n".join(d.message for d in self.diagnostics))


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.level is Severity.ERROR for d in diagnostics)


def _source_line(file: str, line: int, cache: dict[str, list[str] | None]) -> str | None:
    if file not in cache:
        try:
            cache[file] = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
        except (OSError, ValueError):          # ValueError: a name holding NUL names no file
            cache[file] = None
    lines = cache[file]
    if lines is None or not 1 <= line <= len(lines):
        return None
    return lines[line - 1]


def format_human(diagnostics: Iterable[Diagnostic]) -> str:
    """``file:line:col: error[code]: message``, then the source line, a caret and the hint; every control
    character of a path, a message quoting a value or the quoted line shown as its picture (``visible``:
    NUL as ␀, ESC as ␛), so nothing of a pack reaches the terminal as an escape sequence."""
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
                    end = d.end if d.end and d.end[0] == d.line else (d.line, d.column + 1)
                    width = max(1, end[1] - d.column)
                    out.append(" " * (len(gutter) - 2) + "| " + " " * (d.column - 1) + "^" * width)
        if d.hint:
            out.append(f"      = hint: {d.hint}")
    return visible("\n".join(out))


def format_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([d.to_dict() for d in sorted(diagnostics, key=Diagnostic.sort_key)], indent=2)


def _github_escape(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(value: object) -> str:
    """A property value of a workflow command: also ``:`` and ``,`` escaped, so a file named
    ``a,title=x.yaml`` cannot add or end properties (issue 28)."""
    return _github_escape(str(value)).replace(":", "%3A").replace(",", "%2C")


def format_github(diagnostics: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands: ``::error file=…,line=…,col=…,title=…::message``."""
    kinds = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}
    out = []
    for d in sorted(diagnostics, key=Diagnostic.sort_key):
        props = [f"{k}={_github_property(v)}" for k, v in (("file", d.file), ("line", d.line),
                                                              ("col", d.column)) if v]
        props.append(f"title={_github_property(d.code.code)}")
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        out.append(f"::{kinds[d.level]} {','.join(props)}::{_github_escape(message)}")
    return "\n".join(out)


SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def _artifact_uri(file: str) -> str:
    """A relative path stays relative (to the folder check ran in, ``%SRCROOT%``); others are file URIs."""
    path = Path(file)
    if path.is_absolute():
        return path.as_uri()
    return quote(PurePosixPath(*path.parts).as_posix())


def _sarif_result(d: Diagnostic, rule_index: int) -> dict:
    text = d.message + (f" (hint: {d.hint})" if d.hint else "")
    result: dict = {"ruleId": d.code.code, "ruleIndex": rule_index, "level": _SARIF_LEVELS[d.level],
                    "message": {"text": text}}
    if d.file:
        location: dict = {"artifactLocation": {"uri": _artifact_uri(d.file), "uriBaseId": "%SRCROOT%"}}
        if d.line:
            region = {"startLine": d.line, "startColumn": d.column or 1}
            if d.end and d.column:
                region |= {"endLine": d.end[0], "endColumn": d.end[1]}
            location["region"] = region
        result["locations"] = [{"physicalLocation": location}]
    return result


def format_sarif(diagnostics: Iterable[Diagnostic]) -> str:
    """One SARIF 2.1.0 log with one run: a rule per error code used, a result per diagnostic.

    Columns count Unicode code points, as the loader's do; paths are relative to the working folder.
    """
    ordered = sorted(diagnostics, key=Diagnostic.sort_key)
    codes = sorted({d.code.code: d.code for d in ordered}.values(), key=lambda c: c.code)
    index = {code.code: i for i, code in enumerate(codes)}
    try:
        tool_version = version("rulecraft")
    except PackageNotFoundError:  # running from a source tree that was never installed
        tool_version = "0"
    rules = [{"id": c.code, "name": c.code, "shortDescription": {"text": c.summary},
              "defaultConfiguration": {"level": _SARIF_LEVELS[c.severity]}} for c in codes]
    run = {
        "tool": {"driver": {"name": "rulecraft", "version": tool_version, "rules": rules}},
        "columnKind": "unicodeCodePoints",
        "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
        "results": [_sarif_result(d, index[d.code.code]) for d in ordered],
    }
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)


FORMATTERS = {"human": format_human, "json": format_json, "github": format_github, "sarif": format_sarif}
