"""Generate: a content kind's whole-file schema from its entity part, inside the one layering envelope.

Every content file has the same top level (site/docs/reference/pack-format.md): it declares its ``kind`` and
layers entities with ``entries``, ``replace``, ``patch`` and ``remove``, each entity identified by ``id`` and
free to ``extends`` another. That envelope is written once, here; what a kind writes is its **entity part**,
``<kind>.entity.json``: its ``$id``, ``title`` and ``description``, and ``definitions`` with ``fields``
(every field of an entity but ``id`` and ``extends``, none required) and ``entity`` (the fields plus what a
finished entity must have), and any other definitions its fields refer to. :func:`kind_schema` joins the
two into the ``<kind>.schema.json`` beside the part: what ``rulecraft check`` validates with and what
editors read, a self-contained draft-07 file (the YAML language server follows no reference out of it).
``python -m rulecraft.cli.kind_schemas`` writes them; a test fails when one is not the output of its part.
"""

from __future__ import annotations

import copy
import json
from typing import Any

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
PART_SUFFIX = ".entity.json"
SCHEMA_SUFFIX = ".schema.json"
ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"

# An entity id (also what `extends` and `remove` name): kebab-case, as rulecraft.compiler.resolve keys them.
_ID = {"type": "string", "pattern": ID_PATTERN, "minLength": 1, "maxLength": 64}
FIELDS, ENTITY = {"$ref": "#/definitions/fields"}, {"$ref": "#/definitions/entity"}

# The layering fields every entity has, first in its ``fields``.
IDENTITY = {
    "id": {**_ID,
           "description": "Kebab-case identifier, unique within its kind across the whole pack stack."},
    "extends": {**_ID, "description": "The id of another entity of the same kind whose fields this one "
                                      "inherits and then overrides; an entry that extends another may be "
                                      "partial."},
}

# The file's top level after ``kind``: how its entities layer over those of the packs it depends on.
LAYERS = {
    "entries": {
        "type": "array",
        "description": "New entities. An entry with `extends` may be partial; any other entry must be "
                       "complete.",
        "items": {"if": {"required": ["extends"]}, "then": FIELDS, "else": ENTITY},
    },
    "replace": {
        "type": "array",
        "description": "Whole replacements of entities defined by a dependency pack, matched by id.",
        "items": ENTITY,
    },
    "patch": {
        "type": "array",
        "description": "Field-level changes to entities defined by a dependency pack, matched by id "
                       "(mappings merge, lists replace).",
        "items": {"allOf": [FIELDS, {"required": ["id"]}]},
    },
    "remove": {
        "type": "array",
        "description": "Ids of dependency entities to drop.",
        "uniqueItems": True,
        "items": {**_ID, "description": "The id of an entity a dependency pack defined."},
    },
}


class PartError(ValueError):
    """An entity part that cannot be joined to the envelope (it names what is missing or doubled)."""


def kind_schema(part: dict[str, Any], kind: str) -> dict[str, Any]:
    """The whole-file schema of content kind ``kind`` from its entity part (see the module docstring)."""
    definitions = part.get("definitions")
    if not isinstance(definitions, dict) or not {"fields", "entity"} <= set(definitions):
        raise PartError(f"the entity part of {kind!r} needs definitions.fields and definitions.entity")
    unknown = set(part) - {"$id", "title", "description", "definitions"}
    if unknown:
        raise PartError(f"the entity part of {kind!r} has {', '.join(sorted(unknown))}: only $id, title, "
                        "description and definitions (the envelope writes the rest)")
    fields = copy.deepcopy(definitions["fields"])
    own = fields.get("properties", {})
    if doubled := sorted(set(own) & set(IDENTITY)):
        raise PartError(f"the entity part of {kind!r} defines {', '.join(doubled)}: the envelope does")
    fields["properties"] = {**copy.deepcopy(IDENTITY), **own}
    head: dict[str, Any] = {"$schema": DRAFT_07}
    head.update((key, part[key]) for key in ("$id", "title", "description") if key in part)
    kind_property = {"const": kind, "description": f"The content kind of this file: always `{kind}`."}
    return {**head, "type": "object", "additionalProperties": False, "required": ["kind"],
            "properties": {"kind": kind_property, **copy.deepcopy(LAYERS)},
            "definitions": {**copy.deepcopy(definitions), "fields": fields}}


def render(schema: dict[str, Any]) -> str:
    """A schema as its file's text (two-space indent, UTF-8 as written, a final newline)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def kind_of(part_name: str) -> str:
    """The content kind an entity part's file name gives: ``weapons.entity.json`` -> ``weapons``."""
    if not part_name.endswith(PART_SUFFIX):
        raise PartError(f"{part_name} is not an entity part (<kind>{PART_SUFFIX})")
    return part_name[: -len(PART_SUFFIX)]


def schema_text(part_name: str, part_text: str) -> tuple[str, str]:
    """(the schema's file name, its text) for the entity part ``part_name`` holding ``part_text``."""
    kind = kind_of(part_name)
    try:
        part = json.loads(part_text)
    except ValueError as exc:
        raise PartError(f"{part_name}: not JSON: {exc}") from None
    if not isinstance(part, dict):
        raise PartError(f"{part_name}: an entity part is a JSON object")
    return kind + SCHEMA_SUFFIX, render(kind_schema(part, kind))
