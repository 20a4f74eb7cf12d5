"""Validate: check content files and resolved entities against the draft-07 schemas.

The schemas are the same files editors use through the YAML language server, so a modder sees the same
rules inline as ``rulecraft check`` reports. ``rulecraft.schemas`` holds the core's own
(``pack.schema.json``, a manifest); the content kinds are the game's (``GameDefinition.kinds``) and the
stack's plugins' (``rulecraft_register_content_kinds``), each named by its resource string
``"package:file.schema.json"`` (a file inside an importable package). Layout: ``<kind>.schema.json``
describes one whole content FILE of that kind (``kind``, ``entries``, ``replace``, ``patch``, ``remove``)
and carries ``definitions.fields`` (every field, no ``required``) and ``definitions.entity`` (fields plus
what a finished entity must have); it is written from the kind's entity part inside the one layering
envelope (``rulecraft.compiler.kind_schema``). Wherever this module takes a schema ``name``, a resource
string is accepted too, and ``validate_document``/``validate_entity`` take the stack's kinds as
``{kind: resource}``.

Every validator is built once. All errors are reported, each mapped from the JSON path of the
failing value back to the author's line and column: unknown keys point at the key, a missing
field at the object that lacks it, anything else at the value. ``oneOf``/``anyOf`` report their
most relevant branch; unknown keys and misspelled choices get "did you mean ...". An unknown key close to
a required field missing from the same object is one diagnostic at the key (the cause), not also a
missing-field error (its consequence).
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from importlib.metadata import version
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.errorcodes import ErrorCode
from rulecraft.compiler.loader import Document, JsonPath
from rulecraft.compiler.signed_store import SignedStore, digest

if TYPE_CHECKING:   # jsonschema is imported only to validate (start-up, issue 14): see ``validator``
    from jsonschema import Draft7Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

SCHEMA_PACKAGE = "rulecraft.schemas"
MANIFEST_SCHEMA = "pack"
SUFFIX = ".schema.json"
NO_KINDS: Mapping[str, str] = MappingProxyType({})


class Locate(Protocol):
    """Makes a located diagnostic for a JSON path (``Document.diagnostic`` has this shape)."""

    def __call__(self, code: ErrorCode, message: str, path: JsonPath = (), *, key: bool = False,
                 hint: str | None = None) -> Diagnostic: ...


@cache
def schema_names() -> tuple[str, ...]:
    """Every schema of the core in ``rulecraft.schemas``, by name (``pack`` for pack.schema.json)."""
    names = (p.name[: -len(SUFFIX)] for p in resources.files(SCHEMA_PACKAGE).iterdir()
             if p.name.endswith(SUFFIX))
    return tuple(sorted(names))


def kinds(stack_kinds: Mapping[str, str] = NO_KINDS) -> tuple[str, ...]:
    """The content kinds a file of the stack may declare: the game's, then its plugins' (``stack_kinds``,
    ``{kind: schema resource}``)."""
    return tuple(stack_kinds)


def schema_file(name: str) -> Traversable:
    """The file of schema ``name``: a shipped one, or a plugin's ``"package:file.schema.json"``."""
    package, sep, file = name.partition(":")
    if sep:
        return resources.files(package).joinpath(file)
    return resources.files(SCHEMA_PACKAGE).joinpath(name + SUFFIX)


@cache
def load_schema(name: str) -> dict[str, Any]:
    return json.loads(schema_file(name).read_text(encoding="utf-8"))


@cache
def _registry() -> Registry:
    """All shipped schemas, under their file name and their ``$id``, so cross-file refs resolve."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT7

    pairs = []
    for name in schema_names():
        resource = Resource.from_contents(load_schema(name), default_specification=DRAFT7)
        pairs.append((name + SUFFIX, resource))
        if (uri := resource.id()) is not None:
            pairs.append((uri, resource))
    return Registry().with_resources(pairs)


@cache
def validator(name: str, definition: str | None = None) -> Draft7Validator:
    """The validator for schema ``name``, or for its ``definitions[definition]`` (built once).

    jsonschema is imported here, on the first validation a process really makes: a check whose content
    the signed store records as valid (:func:`validate_data`) never imports it (~60 ms)."""
    from jsonschema import Draft7Validator

    schema = load_schema(name)
    if definition is not None:
        if definition not in schema.get("definitions", {}):
            raise KeyError(f"schema {name} has no definitions.{definition}")
        # draft-07 ignores siblings of a top-level $ref, so wrap it in allOf to keep $id for refs
        schema = {key: schema[key] for key in ("$schema", "$id", "definitions") if key in schema}
        schema["allOf"] = [{"$ref": f"#/definitions/{definition}"}]
    return Draft7Validator(schema, registry=_registry())


def did_you_mean(word: Any, choices: Iterable[Any]) -> str | None:
    """A hint naming the closest choice to a misspelt ``word``, if one is close enough."""
    texts = [c for c in choices if isinstance(c, str)]
    if not isinstance(word, str) or not texts:
        return None
    close = difflib.get_close_matches(word, texts, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def _choices_hint(word: Any, choices: Iterable[Any]) -> str:
    choices = list(choices)
    listed = ", ".join(_short(c) for c in choices[:12]) + (", ..." if len(choices) > 12 else "")
    return did_you_mean(word, choices) or f"allowed: {listed}"


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
               dict: "object", type(None): "null"}
_RANGE = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
          "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "uniqueItems"}
_PATTERN = {"pattern", "format"}
_SHAPE = {"type", "const", "enum"}


def _field_hint(error: ValidationError) -> str | None:
    """The failing field's own description: it says what the value should be."""
    return error.schema.get("description") if isinstance(error.schema, dict) else None


def _most_relevant(error: ValidationError) -> ValidationError:
    """For oneOf/anyOf failures, the error of the branch that came closest, not all the noise.

    A branch whose shape (type, const, enum) already fails at the value itself is further away than
    one that fails deeper inside; then a branch naming more of the object's keys is closer (a keyword
    union: ``{armour: 0}`` is about the ``armour`` branch); then fewer errors; then the branch whose keys
    are nearest the object's unknown ones (``{flyght: true}`` is about ``flight``, so its did-you-mean
    leads there); then the earlier branch. Within the chosen branch the deepest error is the most specific.
    """
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        _, closest = min(branches.items(), key=functools.partial(_distance, error))
        error = max(closest, key=lambda e: len(e.relative_path))
    return error


def _distance(parent: ValidationError,
              branch_errors: tuple[Any, list[ValidationError]]) -> tuple[bool, int, int, float]:
    """How far one branch of ``parent`` (a oneOf/anyOf; ``branch_errors``: its index and its errors) is from
    the value, in :func:`_most_relevant`'s order: shape, keys it names, errors, nearness to unknown keys."""
    index, errors = branch_errors
    shape = any(e.validator in _SHAPE and not e.relative_path for e in errors)
    branches = parent.validator_value if isinstance(parent.validator_value, list) else []
    branch = branches[index] if isinstance(index, int) and index < len(branches) else {}
    known = list(branch.get("properties", {})) if isinstance(branch, dict) else []
    instance = parent.instance
    keys = [key for key in instance if isinstance(key, str)] if isinstance(instance, dict) else []
    unknown = [key for key in keys if key not in known]
    nearest = max((difflib.SequenceMatcher(None, key, name).ratio() for key in unknown for name in known),
                  default=0.0)
    return shape, -(len(keys) - len(unknown)), len(errors), -nearest


# (object path, misspelt key) -> the missing required field that key was meant to be
Typos = dict[tuple[JsonPath, str], str]


def _schema(error: ValidationError) -> dict[str, Any]:
    """The schema object an error is about (``True``/``False`` schemas have no fields to name)."""
    return error.schema if isinstance(error.schema, dict) else {}


def _unknown(error: ValidationError) -> list[str]:
    """The keys an ``additionalProperties: false`` error is about (none for any other error)."""
    if error.validator != "additionalProperties" or error.validator_value is not False:
        return []
    if not isinstance(error.instance, dict):
        return []
    known = _schema(error).get("properties", {})
    patterns = list(_schema(error).get("patternProperties", {}))
    return [key for key in error.instance
            if key not in known and not any(re.search(p, key) for p in patterns)]


def _missing(error: ValidationError) -> list[str]:
    """The fields a ``required`` error finds missing (none for any other error)."""
    if error.validator != "required" or not isinstance(error.instance, dict):
        return []
    required = error.validator_value
    return [name for name in required if name not in error.instance] if isinstance(required, list) else []


def _typos(errors: list[ValidationError]) -> Typos:
    """Pair each unknown key with the missing required field of the same object it is closest to:
    a misspelt required field is one mistake, reported once at the key, not also as a missing field."""
    missing: dict[JsonPath, list[str]] = {}
    for error in errors:
        missing.setdefault(tuple(error.absolute_path), []).extend(_missing(error))
    typos: Typos = {}
    for error in errors:
        path = tuple(error.absolute_path)
        for key in _unknown(error):
            close = difflib.get_close_matches(key, missing.get(path, []), n=1, cutoff=0.6)
            if close:
                typos[(path, key)] = close[0]
                missing[path].remove(close[0])
    return typos


def _unknown_keys(error: ValidationError, path: JsonPath, locate: Locate, root: dict,
                  typos: Typos) -> list[Diagnostic]:
    known = _schema(error).get("properties", {})
    out = []
    for key in _unknown(error):
        meant = typos.get((path, key))
        if meant is not None:
            described = _property_hint(_schema(error), meant, root)
            message = f"unknown key '{key}': did you mean '{meant}', the required field missing here?"
            hint = f"rename it to '{meant}'" + (f" ({described})" if described else "")
            out.append(locate(codes.UNKNOWN_KEY, message, (*path, key), key=True, hint=hint))
            continue
        choices = _choices_hint(key, sorted(known)) if known else None
        out.append(locate(codes.UNKNOWN_KEY, f"unknown key '{key}'", (*path, key), key=True, hint=choices))
    return out


def _diagnose(error: ValidationError, locate: Locate, root: dict, typos: Typos) -> list[Diagnostic]:
    path: JsonPath = tuple(error.absolute_path)
    kind, value = error.validator, error.validator_value
    if kind == "additionalProperties" and isinstance(error.instance, dict) and value is False:
        return _unknown_keys(error, path, locate, root, typos)
    if kind == "required" and isinstance(error.instance, dict):
        meant = {name for (where, _), name in typos.items() if where == path}
        missing = [name for name in _missing(error) if name not in meant]
        where = f" in '{path[-1]}'" if path and isinstance(path[-1], str) else ""
        return [locate(codes.SCHEMA_REQUIRED, f"missing required field '{name}'{where}", path,
                       hint=_property_hint(_schema(error), name, root)) for name in missing]
    if kind == "enum":
        return [locate(codes.ENUM_VALUE, f"{_short(error.instance)} is not an allowed value", path,
                       hint=_choices_hint(error.instance, value if isinstance(value, list) else []))]
    if kind == "const":
        return [locate(codes.ENUM_VALUE, f"{_short(error.instance)} must be {_short(value)}", path,
                       hint=did_you_mean(error.instance, [value]))]
    if kind == "type":
        wanted = " or ".join(value) if isinstance(value, list) else value
        got = _JSON_TYPES.get(type(error.instance), type(error.instance).__name__)
        return [locate(codes.SCHEMA_TYPE, f"expected {wanted}, got {got} {_short(error.instance, 40)}",
                       path, hint=_field_hint(error))]
    if kind in _RANGE:
        return [locate(codes.SCHEMA_RANGE, _message(error), path, hint=_field_hint(error))]
    if kind in _PATTERN:
        hint = _field_hint(error) or f"expected {kind} {value}"
        return [locate(codes.SCHEMA_PATTERN, f"{_short(error.instance)} does not have the required form",
                       path, hint=hint)]
    if kind == "not" and _forbidden(value):
        names = " or ".join(f"'{name}'" for name in _forbidden(value))
        return [locate(codes.SCHEMA_VIOLATION, f"must not have {names} here", path, hint=_field_hint(error))]
    return [locate(codes.SCHEMA_VIOLATION, _message(error), path, hint=_field_hint(error))]


def _forbidden(schema: Any) -> list[str]:
    """The field names a ``not: {required: [...]}`` (or ``not: {anyOf: [{required: ...}, ...]}``) forbids."""
    if isinstance(schema, dict) and set(schema) == {"required"}:
        return list(schema["required"])
    if isinstance(schema, dict) and set(schema) == {"anyOf"}:
        parts = [_forbidden(branch) for branch in schema["anyOf"]]
        return [name for part in parts for name in part] if all(parts) else []
    return []


def _property_hint(schema: dict, name: str, root: dict) -> str | None:
    """The missing field's description, from the object's schema or else the kind's ``fields``."""
    fields = root.get("definitions", {}).get("fields", {})
    for where in (schema, fields if isinstance(fields, dict) else {}):
        prop = where.get("properties", {}).get(name)
        if isinstance(prop, dict) and "description" in prop:
            return f"{name}: {prop['description']}"
    return None


def _message(error: ValidationError) -> str:
    text = error.message
    return text if len(text) <= 200 else text[:197] + "..."


def validate_instance(data: Any, checker: Draft7Validator, locate: Locate) -> list[Diagnostic]:
    """Every schema error in ``data``, located by ``locate``, deduplicated and in file order."""
    found: dict[tuple, Diagnostic] = {}
    errors = [_most_relevant(error) for error in checker.iter_errors(data)]
    typos = _typos(errors)
    root = checker.schema if isinstance(checker.schema, dict) else {}
    for error in errors:
        for d in _diagnose(error, locate, root, typos):
            found.setdefault((d.code.code, d.file, d.line, d.column, d.message), d)
    return sorted(found.values(), key=Diagnostic.sort_key)


VALID = SignedStore("valid")     # an empty signed file per (schema, data) that passed: nothing to re-check


@cache
def _validation_fingerprint() -> str:
    """What else decides whether data passes a schema: this module's source and jsonschema's version."""
    return digest([resources.files(__package__).joinpath("validate.py").read_bytes(), version("jsonschema")])


@cache
def _schema_digest(name: str) -> str:
    """The bytes of schema ``name`` and of every shipped schema its refs may reach (``_registry``)."""
    return digest([schema_file(name).read_bytes(), *(schema_file(n).read_bytes() for n in schema_names())])


def record_key(data: Any, name: str, definition: str | None = None) -> str:
    """The key of the record that ``data`` passed schema ``name`` (``definitions[definition]``)."""
    return digest([_validation_fingerprint(), _schema_digest(name), name, definition or "", repr(data)])


def validate_data(data: Any, name: str, locate: Locate, definition: str | None = None) -> list[Diagnostic]:
    """Every error of ``data`` against schema ``name`` (or its ``definitions[definition]``), as
    :func:`validate_instance`. Data that passed the same schema before, in any process of this user, is
    not validated again: the signed store (``rulecraft.compiler.signed_store``) keeps a record keyed by the
    schema, this module's source, jsonschema's version and the data itself, so any change is a miss. A
    record only ever says "no error", and only a file signed with the user's own secret counts."""
    key = record_key(data, name, definition)
    if VALID.read(key) is not None:
        return []
    found = validate_instance(data, validator(name, definition), locate)
    if not found:
        VALID.write(key)
    return found


def validate_manifest(doc: Document) -> list[Diagnostic]:
    """Check a ``pack.yaml`` against ``pack.schema.json``."""
    if not isinstance(doc.data, dict):
        return [doc.diagnostic(codes.SCHEMA_TYPE, "a pack manifest must be a mapping",
                               hint="it needs at least id, name, version and files")]
    return validate_data(doc.data, MANIFEST_SCHEMA, doc.diagnostic)


def validate_document(doc: Document, stack_kinds: Mapping[str, str] = NO_KINDS) -> list[Diagnostic]:
    """Check a content file against the schema of the ``kind`` it declares, one of ``stack_kinds``
    (``{kind: "package:file.schema.json"}``: the game's and its plugins')."""
    data = doc.data
    if not isinstance(data, dict):
        return [doc.diagnostic(codes.SCHEMA_TYPE,
                               "a content file must be a mapping with `kind` and `entries`",
                               hint="start the file with `kind: <kind>`")]
    if "kind" not in data:
        return [doc.diagnostic(codes.SCHEMA_REQUIRED, "missing required field 'kind'",
                               hint="known kinds: " + ", ".join(kinds(stack_kinds)))]
    kind = data["kind"]
    known = kinds(stack_kinds)
    if not isinstance(kind, str) or kind not in known:
        return [doc.diagnostic(codes.UNKNOWN_KIND, f"unknown kind {_short(kind)}", ("kind",),
                               hint=_choices_hint(kind, known))]
    return validate_data(data, stack_kinds[kind], doc.diagnostic)


def validate_entity(kind: str, data: dict[str, Any], locate: Locate,
                    stack_kinds: Mapping[str, str] = NO_KINDS) -> list[Diagnostic]:
    """Check one resolved entity against its kind schema's ``definitions.entity``."""
    name = stack_kinds[kind]
    if "entity" not in load_schema(name).get("definitions", {}):
        return []
    return validate_data(data, name, locate, "entity")

