"""Generate: pack text made safe to place in any output (Markdown, SVG/XML, PDF) as one plain line.

Packs are data: a name may hold a line break or a control character (YAML escapes allow both). Every
generator puts pack text through ``one_line`` before its own escaping.
"""

from __future__ import annotations

import unicodedata


def one_line(value: object) -> str:
    """Pack text on one line, without control characters (Python-Markdown uses some as placeholders,
    XML forbids most)."""
    kept = "".join(c for c in str(value) if unicodedata.category(c) != "Cc" or c.isspace())
    return " ".join(kept.split())
