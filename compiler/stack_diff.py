"""Resolve: what content differs between two resolved stacks (the base A and the variant B of a comparison).

``content_diff(a, b)`` lists, kind by kind and entity by entity (A's order, then what only B has), every
leaf field (``Entity.fields``: a scalar, a list of scalars, an empty mapping) whose value differs, every
field only one side has, and every entity only one side has, each with the origin that made it so (from
the provenance ``explain`` shows): the pack and file:line where B set a changed or added value, where B's
pack removed an entity, where B's last change of an entity dropped a field. Values, not origins, are
compared: a patch that sets a value to the one it had is no difference. The rows are plain data, so a
report of any game prints them without the compiler (``rulecraft.runtime.balance.content``).
"""

from __future__ import annotations

from typing import Any

from rulecraft.compiler.loader import JsonPath
from rulecraft.compiler.resolve import Entity, Origin, Stack

Row = dict[str, Any]


def field_name(path: JsonPath) -> str:
    """``cost.credits``, ``sides[0].health``; ``(entity)`` for the entity itself."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(entity)"


def _where(stack: Stack, origin: Origin) -> dict[str, Any]:
    """An origin as a report shows it: the pack, the file inside the pack's folder, the line and column."""
    shown = {p.id: p.display for p in stack.packs}.get(origin.pack, "")
    file = origin.file.removeprefix(shown + "/") if shown else origin.file
    return {"pack": origin.pack, "file": file, "line": origin.line, "column": origin.column}


def _row(kind: str, entity_id: str, path: JsonPath, change: str, a: Any, b: Any,
         where: dict[str, Any]) -> Row:
    return {"kind": kind, "id": entity_id, "field": field_name(path), "change": change, "a": a, "b": b,
            "set_by": where}


def _last_change(entity: Entity) -> Origin:
    """Where B last changed the entity (a patch or replace), else where it was defined."""
    return entity.changes[-1] if entity.changes else entity.origins[()]


def _entity_diff(b_stack: Stack, old: Entity, new: Entity) -> list[Row]:
    before = {path: value for path, value, _ in old.fields()}
    after = {path: (value, origin) for path, value, origin in new.fields()}
    rows = []
    for path, value in before.items():
        if path not in after:
            rows.append(_row(new.kind, new.id, path, "removed", value, None,
                             _where(b_stack, _last_change(new))))
        elif after[path][0] != value:
            rows.append(_row(new.kind, new.id, path, "changed", value, after[path][0],
                             _where(b_stack, after[path][1])))
    rows += [_row(new.kind, new.id, path, "added", None, value, _where(b_stack, origin))
             for path, (value, origin) in after.items() if path not in before]
    return rows


def content_diff(a: Stack, b: Stack) -> list[Row]:
    """Every content difference of ``b`` against ``a`` (see module docstring), in data order."""
    rows: list[Row] = []
    for kind in dict.fromkeys([*a.kinds(), *b.kinds()]):
        olds, news = a.entities.get(kind, {}), b.entities.get(kind, {})
        for entity_id in dict.fromkeys([*olds, *news]):
            old, new = olds.get(entity_id), news.get(entity_id)
            if new is None:
                assert old is not None
                removal = b.removals.get((kind, entity_id))
                where = _where(b, removal) if removal is not None else {"pack": "", "file": "", "line": 0,
                                                                         "column": 0}
                rows.append(_row(kind, entity_id, (), "removed entity", old.data.get("name", entity_id),
                                 None, where))
            elif old is None:
                rows.append(_row(kind, entity_id, (), "new entity", None, new.data.get("name", entity_id),
                                 _where(b, new.origins[()])))
            else:
                rows += _entity_diff(b, old, new)
    return rows
