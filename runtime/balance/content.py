"""Report: what content B changes against A, the blocks a comparison of any game opens with.

The rows are the compiler's content diff (``rulecraft.compiler.stack_diff.content_diff``, plain data the
wiring hands over as ``comparison["content"]``): every changed, added and removed field and entity, with
the pack, file and line that set it. Read it first: a row of the comparison that moves with no content
row behind it moved by chance, or through a rule that reads the changed content.
"""

from __future__ import annotations

import json
from typing import Any

from rulecraft.runtime.balance.report import Block, Lines, Section

TITLE = "What B changes in the content (B against A)"


LONGEST = 80     # a table cell's characters; a longer value (an ability's text) is cut, whole in the JSON


def value_text(value: Any) -> str:
    """A value on one line: text as written (blanks collapsed), ``-`` for none, anything else as JSON;
    cut to ``LONGEST`` characters."""
    if value is None:
        return "-"
    text = " ".join((value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)).split())
    return text if len(text) <= LONGEST else text[:LONGEST - 1] + "…"


def set_by(where: dict[str, Any]) -> str:
    """``my-pack weapons.yaml:7:13``; a removal no pack of B made (B does not load A's pack at all)."""
    if not where["pack"]:
        return "not in B's packs"
    return f"{where['pack']} {where['file']}:{where['line']}:{where['column']}"


def _plugins_line(plugins: dict[str, list[str]]) -> str:
    a, b = (", ".join(plugins[side]) or "none" for side in "ab")
    return f"Plugins differ: A loads {a}; B loads {b}." if plugins["a"] != plugins["b"] else ""


def content_blocks(comparison: dict[str, Any]) -> list[Block]:
    """The content diff as a table (or the line that says there is none), and the plugins when they
    differ."""
    content = comparison.get("content")
    if content is None:
        return []
    rows = content["changes"]
    plugins = _plugins_line(content["plugins"])
    if not rows:
        return [Lines(tuple(filter(None, (f"{TITLE}: nothing; every entity and field is the same.",
                                          plugins))))]
    entities = len({(r["kind"], r["id"]) for r in rows})
    note = (f"{len(rows)} change{'s' if len(rows) != 1 else ''} in {entities} "
            f"entit{'ies' if entities != 1 else 'y'}. {plugins}").strip()
    body = tuple((f"{r['kind']}:{r['id']}", r["field"], r["change"], value_text(r["a"]), value_text(r["b"]),
                  set_by(r["set_by"])) for r in rows)
    return [Section(TITLE, ("entity", "field", "change", "A", "B", "set by"), body, note,
                    justify="l" * 6)]
