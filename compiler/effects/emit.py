"""Generate: show one entity's effects at a compiler stage, for ``rulecraft explain --emit``.

``ast`` is the syntax tree (with spans), ``python`` the generated handler source, ``text`` the rule
text. An effect that does not compile shows its problems instead (the command also prints them as
located diagnostics).
"""

from __future__ import annotations

from rulecraft.compiler.effects import nodes
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import game_vocabulary, sites
from rulecraft.compiler.resolve import Entity, Stack

STAGES = ("ast", "python", "text")


def emit(stack: Stack, entity: Entity, stage: str) -> str | None:
    """The entity's effects at ``stage``, or ``None`` when the entity has no effect."""
    out = []
    vocabulary = game_vocabulary(stack.game)
    for site in sites(stack):
        if site.entity is not entity:
            continue
        field = ".".join(str(p) for p in (*site.holder, "ability"))
        where = site.entity.locate((*site.holder, "ability"))
        out.append(f"# {entity.kind}:{entity.id} {field} ({where.file}:{where.line}:{where.column}): "
                   f"{site.source!r}")
        compiled = compile_effect(site.source, site.entity_kind, vocabulary)
        if stage == "ast" and compiled.tree is not None:
            out.append(nodes.dump(compiled.tree))
        elif not compiled.ok:
            out.extend(f"{p.code}: {p.message} (offset {p.start})" for p in compiled.problems)
        elif stage == "python":
            out.extend(compiled.python)
        elif stage == "text":
            out.append(compiled.text)
    return "\n".join(out) if out else None
