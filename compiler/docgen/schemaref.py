"""Generate: a field-by-field reference of a JSON Schema (draft-07), from its own descriptions.

Used for the scenario format: every field path (``scenarios[].then.players.<colour>.vp``), its type and
the schema's description, so the page changes whenever the schema does. Local ``$ref``s are followed
(another file's through :func:`bundle`), ``allOf`` parts are read as one node; a definition already on
the current path is not entered again.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any


def bundle(schema: dict[str, Any], file: str, other: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with the definitions it refers to in ``file`` (``other``, e.g. the shared scenario
    skeleton ``../scenario.schema.json``) copied in as ``<file>:<name>``, its refs made local."""
    prefix = f"{file}#/definitions/"

    def local(node: Any, own: str) -> Any:
        if isinstance(node, dict):
            out = {k: local(v, own) for k, v in node.items()}
            ref = out.get("$ref")
            if isinstance(ref, str) and ref.startswith(own):
                out["$ref"] = f"#/definitions/{file}:{ref.removeprefix(own)}"
            return out
        if isinstance(node, list):
            return [local(v, own) for v in node]
        return node

    bundled = local(schema, prefix)
    bundled["definitions"] = {**bundled.get("definitions", {}),
                              **{f"{file}:{k}": local(v, "#/definitions/")
                                 for k, v in other.get("definitions", {}).items()}}
    return bundled


def _merge(base: Any, over: Any) -> Any:
    """``over`` on top of ``base``: mappings merge key by key, anything else is replaced."""
    if isinstance(base, dict) and isinstance(over, dict):
        return {**base, **{k: _merge(base[k], v) if k in base else v for k, v in over.items()}}
    return over


def _resolve(node: dict[str, Any], root: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The node with its ``$ref`` followed and its ``allOf`` parts merged (its own description kept), and
    the definition name."""
    if "allOf" in node:
        merged: dict[str, Any] = {}
        for part in node["allOf"]:
            merged = _merge(merged, _resolve(part, root)[0])
        return _merge(merged, {k: v for k, v in node.items() if k != "allOf"}), None
    ref = node.get("$ref", "")
    if not ref.startswith("#/definitions/"):
        return node, None
    name = ref.removeprefix("#/definitions/")
    target = dict(root["definitions"][name])
    if "description" in node:
        target["description"] = node["description"]
    return target, name


def type_of(node: dict[str, Any], root: dict[str, Any]) -> str:
    node, _ = _resolve(node, root)
    if "enum" in node:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in node["enum"])
    if "const" in node:
        return f"`{json.dumps(node['const'])}`"
    kinds = node.get("type", "")
    kinds = kinds if isinstance(kinds, list) else [kinds] if kinds else []
    if "array" in kinds and isinstance(node.get("items"), dict):
        return "list of " + (type_of(node["items"], root) or "values")
    if not kinds and ("oneOf" in node or "anyOf" in node):
        return " or ".join(type_of(option, root) for option in node["oneOf" if "oneOf" in node else "anyOf"])
    return " or ".join(kinds)


def fields(node: dict[str, Any], root: dict[str, Any], path: str = "", seen: tuple[str, ...] = (),
           listed: dict[str, str] | None = None) -> Iterator[tuple[str, str, str]]:
    """``(path, type, description)`` for every field under ``node``, depth first; an object definition
    met a second time points at the first place its fields were listed instead of repeating them."""
    listed = {} if listed is None else listed
    resolved, name = _resolve(node, root)
    if name in seen:
        return
    description = resolved.get("description", "")
    if name in listed and _has_fields(resolved):
        yield path, type_of(node, root), f"{description} Fields as under `{listed[name]}`."
        return
    if path:
        yield path, type_of(node, root), description
    if name and _has_fields(resolved):
        listed[name] = path
    yield from _children(resolved, root, path, (*seen, name) if name else seen, listed)


def _has_fields(node: dict[str, Any]) -> bool:
    return bool(node.get("properties") or isinstance(node.get("additionalProperties"), dict))


def _children(node: dict[str, Any], root: dict[str, Any], path: str, seen: tuple[str, ...],
              listed: dict[str, str]) -> Iterator[tuple[str, str, str]]:
    for key, child in node.get("properties", {}).items():
        yield from fields(child, root, f"{path}.{key}" if path else key, seen, listed)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        key = node.get("propertyNames", {}).get("$ref", "").removeprefix("#/definitions/") or "key"
        yield from fields(extra, root, f"{path}.<{key}>", seen, listed)
    items = node.get("items")
    if isinstance(items, dict) and "array" in str(node.get("type", "")):
        yield from fields(items, root, f"{path}[]", seen, listed)
    for option in node.get("oneOf", []) + node.get("anyOf", []):  # an object form among alternatives
        resolved, name = _resolve(option, root)
        if name not in seen:
            yield from _children(resolved, root, path, (*seen, name) if name else seen, listed)


def table_cell(text: str) -> str:
    """Markdown (ours, not a pack's) in a table cell: escape the column separator outside code spans,
    where Python-Markdown's tables would split on it; inside them it is already literal."""
    parts = text.replace("\n", " ").split("`")
    return "`".join(part if i % 2 else part.replace("|", "\\|") for i, part in enumerate(parts))


def schema_reference(schema: dict[str, Any]) -> list[str]:
    """Markdown table lines: one row per field path."""
    rows = ["| field | type | meaning |", "|---|---|---|"]
    rows += [f"| `{path}` | {kind} | {table_cell(text)} |" for path, kind, text in fields(schema, schema)]
    return [*rows, ""]
