"""The compiler's diagnostics as LSP diagnostics: ranges from their file:line:col spans, the hint as related
information, a did-you-mean as the replacement a quick fix offers."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types

from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.errorcodes import Severity

SOURCE = "rulecraft"
DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")
SEVERITIES = {Severity.ERROR: types.DiagnosticSeverity.Error,
              Severity.WARNING: types.DiagnosticSeverity.Warning}


def span(d: Diagnostic) -> types.Range:
    """The 0-based LSP range of a 1-based, end-exclusive span; a point widens to one character."""
    line = (d.line or 1) - 1
    column = (d.column or 1) - 1
    end = d.end
    stop = types.Position(end[0] - 1, end[1] - 1) if end else types.Position(line, column + 1)
    return types.Range(types.Position(line, column), stop)


def suggestion(d: Diagnostic) -> str | None:
    """What a did-you-mean hint proposes in place of the span."""
    found = DID_YOU_MEAN.search(d.hint or "")
    return found.group(1) if found else None


def to_lsp(d: Diagnostic, uri: str) -> types.Diagnostic:
    where = span(d)
    related = ([types.DiagnosticRelatedInformation(types.Location(uri, where), f"hint: {d.hint}")]
               if d.hint else None)
    fix = suggestion(d)
    severity = SEVERITIES.get(d.level, types.DiagnosticSeverity.Information)
    return types.Diagnostic(where, d.message, severity=severity,
                            code=d.code.code, source=SOURCE, related_information=related,
                            data={"replace": fix} if fix else None)


def quick_fixes(uri: str, diagnostics: Sequence[types.Diagnostic]) -> list[types.CodeAction]:
    """One quick fix per did-you-mean: the suggested word in place of the span."""
    actions = []
    for d in diagnostics:
        fix = d.data.get("replace") if isinstance(d.data, dict) else None
        if d.source == SOURCE and isinstance(fix, str):
            edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(d.range, fix)]})
            actions.append(types.CodeAction(f"replace with '{fix}'", kind=types.CodeActionKind.QuickFix,
                                            diagnostics=[d], edit=edit, is_preferred=True))
    return actions
