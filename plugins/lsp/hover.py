"""Hover: over an ability, the English it generates (the card's wording, from the same tree as its
handler) and that handler; over any field, which pack and line set it, as ``rulecraft explain`` shows it
(over an entry's id, every field's, and its last measured rates: ``measured``)."""

from __future__ import annotations

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import sites
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.loader import JsonPath
from rulecraft.compiler.resolve import Entity, Origin, Stack
from rulecraft.compiler.stack_diff import field_name


def _value(value: object) -> str:
    return f"`{value}`" if not isinstance(value, dict | list) or value else "(empty)"


def ability(stack: Stack, vocabulary: Vocabulary, entity: Entity, path: JsonPath) -> list[str]:
    """Markdown: the English the ability at ``path`` of ``entity`` generates and the Python handler the
    compiler generates for it (as ``rulecraft explain --emit python`` shows it), or why it has none."""
    for site in sites(stack):
        if site.entity is entity and (*site.holder, "ability") == tuple(path):
            compiled = compile_effect(site.source, site.entity_kind, vocabulary)
            if not compiled.ok:
                return ["; ".join(problem.message for problem in compiled.problems)]
            return [compiled.text, "Generated handler:", "```python\n" + "\n".join(compiled.python) + "\n```"]
    return []


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
