"""Diagnostics: the registry of every error code the compiler can report.

Codes are stable, kebab-case and documented here once, like mypy's ``errorcodes.py``: tools,
tests and users match on the code, never on the message. Each stage adds its codes in its own
section below; a code registered twice is a bug and fails at import.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class ErrorCode:
    code: str
    summary: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        return self.code


REGISTRY: dict[str, ErrorCode] = {}


def register(code: str, summary: str, severity: Severity = Severity.ERROR) -> ErrorCode:
    """Add a code to the registry; a duplicate is a programming error."""
    if code in REGISTRY:
        raise ValueError(f"error code {code!r} registered twice")
    entry = ErrorCode(code, summary, severity)
    REGISTRY[code] = entry
    return entry


# --- usage and internal ------------------------------------------------------------------
USAGE = register("usage", "The command was called with arguments it cannot use.")
FILE_NOT_FOUND = register("file-not-found", "A path named on the command line or in a pack does not exist.")
INTERNAL = register("internal-error", "A bug in rulecraft, not in your content; please report it.")

# --- load: reading YAML safely -----------------------------------------------------------
FILE_TOO_LARGE = register("file-too-large", "A content file is larger than the loader accepts.")
NOT_UTF8 = register("not-utf8", "A content file is not valid UTF-8 text.")
BYTE_ORDER_MARK = register("byte-order-mark", "A content file starts with a byte order mark.")
YAML_SYNTAX = register("yaml-syntax", "The file is not well-formed YAML.")
YAML_ANCHOR = register("yaml-anchor", "Anchors and aliases are not allowed; `extends:` reuses an entry.")
YAML_DUPLICATE_KEY = register("duplicate-key", "A mapping names the same key twice.")
YAML_TAG = register("yaml-tag", "A tag outside YAML's core schema was used.")
YAML_TOO_DEEP = register("too-deep", "Nesting is deeper than the loader accepts.")
YAML_COMPLEX_KEY = register("complex-key", "A mapping key is a list or mapping; keys must be plain text.")
YAML_MULTI_DOCUMENT = register("multiple-documents", "A content file holds more than one YAML document.")
