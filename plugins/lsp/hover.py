"""Hover: over an ability, the English it generates (the card's wording, from the same tree as its
handler); over any field, which pack and line set it, as ``rulecraft explain`` shows it (over an entry's
id, every field's)."""

from __future__ import annotations

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import sites
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.loader import JsonPath
from rulecraft.compiler.resolve import Entity, Origin, Stack
from rulecraft.compiler.stack_diff import field_name


def _value(value: object) -> str:
    return f"`{value}`" if not isinstance(value, dict | list) or value else "(empty)"


def english(stack: Stack, vocabulary: Vocabulary, entity: Entity, path: JsonPath) -> str | None:
    """The generated text of the ability at ``path`` of ``entity``, or why it has none."""
    for site in sites(stack):
        if site.entity is entity and (*site.holder, "ability") == tuple(path):
            compiled = compile_effect(site.source, site.entity_kind, vocabulary)
            if compiled.ok:
                return compiled.text
            return "; ".join(problem.message for problem in compiled.problems)
    return None


def provenance(entity: Entity, path: JsonPath, origin: Origin) -> str:
    """Markdown: the field, its value and where it was set; for the entry itself, every field."""
    title = f"**{entity.kind}:{entity.id}**"
    if path in ((), ("id",)):
        rows = [f"| `{field_name(p)}` | {_value(v)} | {o} |" for p, v, o in entity.fields()]
        return "\n".join([title, "", "| field | value | set by |", "|---|---|---|", *rows])
    value: object = entity.data
    for key in path:
        value = value[key] if isinstance(value, dict | list) else None   # type: ignore[index]
    return f"{title} `{field_name(path)}` = {_value(value)}, set by {origin}"
