"""Generate: the Markdown every game's generated pages share: pack text shown safely, tables, designed marks.

Packs are data, never markup: ``esc`` shows pack text as written inside a table cell, ``code`` as a code
span. A value the pack marks as designed (``designed: [field, ...]`` or ``designed: true``, the convention
every game's schemas share) gets the dagger of the ruling that says so (``designed_mark``); with more than
one pack in the stack, ``provenance`` says which pack defined or changed an entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import Any

from rulecraft.compiler.docgen.plaintext import one_line
from rulecraft.compiler.docgen.schemaref import table_cell
from rulecraft.compiler.resolve import Entity, Stack

MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_\[\]|])")


def esc(value: object) -> str:
    """Text from a pack, shown as written inside a Markdown table cell: one line, no HTML, no Markdown
    (packs are data, never markup)."""
    return MARKDOWN_PUNCTUATION.sub(r"\\\1", escape(one_line(value), quote=False))


def code(value: object) -> str:
    """Text from a pack as a Markdown code span: shown literally (tables do not split on `|` inside)."""
    text = one_line(value)
    if not text:
        return ""
    longest = max(map(len, re.findall("`+", text)), default=0)
    if not longest:
        return f"`{text}`"
    fence = "`" * (longest + 1)     # a run of backticks in the text never closes a longer one (CommonMark)
    return f"{fence} {text} {fence}"


def words(value: object) -> str:
    """An id or enum value as words: ``rail-gun`` -> ``rail gun``."""
    return esc(str(value).replace("-", " ").replace("_", " "))


def designed(data: dict[str, Any], field: str) -> bool:
    """Whether the entity (or mapping) marks ``field`` as designed."""
    marks = data.get("designed", [])
    return marks is True or field in marks


def designed_mark(ruling: str) -> str:
    """The dagger of a designed value, titled with the ruling that says no rule text gives it."""
    return f'<sup class="designed" title="designed value ({ruling})">†</sup>'


def cell(data: dict[str, Any], field: str, mark: str, show: Callable[[Any], str] = esc) -> str:
    """One field of an entity for a table: formatted, ``mark`` when designed, a dash when absent."""
    if field not in data:
        return "—"
    return show(data[field]) + (mark if designed(data, field) else "")


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
            *("| " + " | ".join(row) + " |" for row in rows), ""]


def provenance(entity: Entity, stack: Stack) -> str:
    """Which pack defined the entity and which changed its fields; empty for a one-pack stack."""
    if len(stack.packs) < 2:
        return ""
    order = [p.id for p in stack.packs]
    definer = entity.locate(()).pack
    changed: dict[str, list[str]] = {}
    for path, _value, origin in entity.fields():  # fields inherited through `extends` keep an earlier pack
        if path and order.index(origin.pack) > order.index(definer):
            changed.setdefault(origin.pack, []).append(str(path[0]))
    text = code(definer)
    if "extends" in entity.data:
        text += f", extends {code(entity.data['extends'])}"
    for pack, fields in changed.items():
        text += f", changed by {code(pack)}: " + ", ".join(esc(f) for f in dict.fromkeys(fields))
    return text


def from_pack(entity: Entity, stack: Stack, label: str = "From") -> list[str]:
    """A line saying which pack an entry came from (``provenance``); none for a one-pack stack."""
    return [f"{label}: {provenance(entity, stack)}.", ""] if len(stack.packs) > 1 else []


def rule_values(stack: Stack) -> dict[str, Any]:
    """The rule parameters of ``stack`` (its ``rules`` entity's data), empty when it has none."""
    return stack.rules.data if stack.rules else {}


def with_source(stack: Stack, header: list[str], rows: list[list[str]], entities: list[Entity]) -> list[str]:
    """``table`` with a "from" column (each row's provenance) when the stack has more than one pack."""
    if len(stack.packs) < 2:
        return table(header, rows)
    sourced = [[*row, provenance(e, stack)] for row, e in zip(rows, entities, strict=True)]
    return table([*header, "from"], sourced)


def pack_table(stack: Stack) -> list[str]:
    """The stack's packs in load order, one row each."""
    return table(["pack", "name", "version", "folder"],
                 [[code(p.id), esc(p.name), esc(p.version), code(p.display)] for p in stack.packs])


def kind_counts(stack: Stack) -> list[str]:
    """One bullet per content kind of the stack with its number of entries."""
    counts = {kind: len(stack.of_kind(kind)) for kind in stack.kinds()}
    return [f"- {code(kind)}: {n} {'entry' if n == 1 else 'entries'}" for kind, n in counts.items()]


WIDE = ["---", "hide: [toc]", "---", ""]  # front matter: wide tables get the table of contents' width


def value(shown: Any) -> str:
    """A rule parameter's value for a table cell: mappings one entry a line, lists with commas."""
    if isinstance(shown, dict):
        return "<br>".join(f"{esc(k)}: {value(v)}" for k, v in shown.items()) or "—"
    if isinstance(shown, list):
        return ", ".join(value(v) for v in shown) or "—"
    if isinstance(shown, bool):
        return "yes" if shown else "no"
    return esc(shown)


def rules_page(stack: Stack, fields: dict[str, dict[str, Any]], mark: str, legend: str) -> str:
    """The stack's rule parameters with their values and, from the rules schema's ``fields``, meanings."""
    rules = stack.rules
    lines = [*WIDE, "# Rule parameters", "",
             "Every number of the rules a designer can change without code, with its value in this "
             "stack. The meaning column comes from the pack schema.", "", legend, ""]
    if rules is None:
        return "\n".join([*lines, "This stack defines no rule parameters."]) + "\n"
    skip = {"id", "designed", "notes", "extends"}
    meaning = {key: table_cell(field.get("description", "")) for key, field in fields.items()}
    rows = [[code(key), cell(rules.data, key, mark, value), meaning.get(key, "")]
            for key in rules.data if key not in skip]
    lines += table(["parameter", "value", "meaning"], rows)
    lines += from_pack(rules, stack, "Set by")
    return "\n".join(lines) + "\n"
