"""Resolve: layer the packs of a stack into one set of entities that remember where each field came from.

Contract (later stages build on it):

- ``Origin(pack, file, line, column, end_line, end_column)``: where a value was written.
- ``Entity(kind, id, data, origins)``: ``data`` is the final plain data (``id`` included);
  ``origins`` maps a field path tuple relative to the entity (``("cost", "credits")``,
  ``("sides", 0, "health")``; ``()`` is the entity itself) to the ``Origin`` that last set it.
  ``entity.locate(path)`` gives the origin of the nearest ancestor that has one, and
  ``entity.diagnostic(code, message, path)`` a diagnostic located there (the same shape as
  ``Document.diagnostic``, so validators and checks can locate through either).
- ``Stack(packs, entities)``: ``stack.get(kind, id)`` (``None`` when absent),
  ``stack.of_kind(kind)`` (definition order: load order of packs, then file order),
  ``stack.kinds()``. The ``rules`` kind holds one entity, id ``rules``.

Layering, pack by pack in load order (``packs.load_packs``), file by file in manifest order:
``entries`` add (an id already in the stack is ``duplicate-id``), ``replace`` swaps a whole entity,
``patch`` deep-merges fields into one (mappings merge, anything else, lists included, is replaced),
``remove`` drops one; the last three need the id to exist (``unknown-id``). Two packs changing the
same field (or one changing a field inside the other's, or replacing or removing the entity the
other patched) where neither depends on the other is ``patch-conflict``, in whichever order the two
packs load (an unrelated pack patching an entity another removed is a conflict, not "no such id").
Then ``extends: OTHER`` merges the parent's resolved fields under the child's own (same kind;
``unknown-id`` or ``extends-cycle`` otherwise); inherited fields keep their origin.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.errorcodes import ErrorCode
from rulecraft.compiler.loader import Document, JsonPath, plain_copy
from rulecraft.compiler.packs import Pack
from rulecraft.compiler.validate import did_you_mean

RULES_KIND = "rules"
SECTIONS = ("entries", "replace", "patch", "remove")


class Origin(NamedTuple):
    """Where a value was written: the pack, the file as shown in diagnostics, 1-based line and column.

    A named tuple, not a dataclass: a stack holds one per value, and tuples are cheap to make.
    """

    pack: str
    file: str
    line: int
    column: int
    end_line: int = 0     # where the value ends (exclusive); 0 when unknown
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.pack} {self.file}:{self.line}:{self.column}"


@dataclass(slots=True)
class Entity:
    """One resolved entity and the origin of every field (see module docstring)."""

    kind: str
    id: str
    data: dict[str, Any]
    origins: dict[JsonPath, Origin] = field(default_factory=dict)
    # True while ``data`` is exactly a complete entity its file's schema already checked; a patch or
    # ``extends`` clears it, and only such entities are validated again after resolution.
    checked: bool = False
    # Where later packs changed the entity after it was defined (replace/patch items), in load order.
    changes: list[Origin] = field(default_factory=list)

    def locate(self, path: JsonPath = ()) -> Origin:
        """The origin of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path and path not in self.origins:
            path = path[:-1]
        return self.origins[path]

    def diagnostic(self, code: ErrorCode, message: str, path: JsonPath = (), *, key: bool = False,
                   hint: str | None = None) -> Diagnostic:
        """A diagnostic located where the value at ``path`` was written (``key`` is accepted for symmetry).

        A problem with the whole entity (no field of ``path`` has its own origin) of an entity that
        later packs changed points at the last change, which is the likelier culprit, and names the
        definition in the hint.
        """
        origin = self.locate(path)
        if self.changes and origin == self.origins[()]:
            defined = f"{self.kind} '{self.id}' is defined at {origin.file}:{origin.line}:{origin.column}"
            origin, hint = self.changes[-1], "; ".join(filter(None, (hint, defined)))
        return Diagnostic.spanning(code, message, origin.file, (origin.line, origin.column),
                                   (origin.end_line, origin.end_column), hint)

    def fields(self) -> Iterator[tuple[JsonPath, Any, Origin]]:
        """Every leaf value (scalars, lists of scalars, empty mappings) with its path and origin, in order."""
        yield from ((path, value, self.locate(path)) for path, value in _leaves(self.data, ()))


def _leaves(value: Any, path: JsonPath) -> Iterator[tuple[JsonPath, Any]]:
    if isinstance(value, dict) and value:
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:  # scalars, empty mappings and lists of scalars are read (and replaced) whole
        yield path, value


@dataclass(slots=True)
class Stack:
    """The resolved content of a pack stack: packs in load order, entities by kind then id."""

    packs: list[Pack]
    entities: dict[str, dict[str, Entity]] = field(default_factory=dict)
    game: str | None = None      # the registered id of the stack's game (``rulecraft.compiler.stack_game``)
    # Where a pack's ``remove`` dropped an entity of a dependency, by (kind, id): what a content diff of
    # two stacks names as the origin of a removal.
    removals: dict[tuple[str, str], Origin] = field(default_factory=dict)

    def get(self, kind: str, entity_id: str) -> Entity | None:
        return self.entities.get(kind, {}).get(entity_id)

    def of_kind(self, kind: str) -> list[Entity]:
        return list(self.entities.get(kind, {}).values())

    def kinds(self) -> list[str]:
        return list(self.entities)

    def find(self, entity_id: str) -> list[Entity]:
        """Every entity with this id, whatever its kind."""
        return [by_id[entity_id] for by_id in self.entities.values() if entity_id in by_id]

    @property
    def rules(self) -> Entity | None:
        return self.get(RULES_KIND, RULES_KIND)

    def last_set(self, entity: Entity, *paths: JsonPath) -> JsonPath:
        """Of several fields a check relates, the one set by the latest pack in load order: the change
        most likely to have caused the problem, in the file the author is editing."""
        rank = {pack.id: index for index, pack in enumerate(self.packs)}
        return max(paths, key=lambda path: rank.get(entity.locate(path).pack, -1))


def _origin_at(doc: Document, pack: str, path: JsonPath) -> Origin:
    span = doc.span_of(path)
    return Origin(pack, doc.path, span.line, span.column, span.end_line, span.end_column)


def _get(value: Any, path: JsonPath) -> Any:
    for key in path:
        value = value[key]
    return value


def _origins(doc: Document, pack: str, base: JsonPath, value: Any) -> dict[JsonPath, Origin]:
    """The origin of each value inside ``value`` (found at ``base`` in ``doc``), keyed by its path in it."""
    return {path: _origin_at(doc, pack, (*base, *path)) for path, _ in _walk(value, ())}


def _walk(value: Any, path: JsonPath) -> Iterator[tuple[JsonPath, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, (*path, index))


def _drop_under(origins: dict[JsonPath, Origin], prefix: JsonPath) -> None:
    size = len(prefix)
    for path in [p for p in origins if p[:size] == prefix and len(p) > size]:
        del origins[path]


def _patch_leaves(value: dict[str, Any], path: JsonPath) -> Iterator[JsonPath]:
    """The field paths a patch sets: mappings merge, so recurse; anything else is set whole."""
    for key, item in value.items():
        if isinstance(item, dict) and item:
            yield from _patch_leaves(item, (*path, key))
        else:  # an empty mapping is a leaf too: it makes sure a mapping is there
            yield (*path, key)


@dataclass(slots=True)
class _Write:
    """A field set by a pack's replace/patch, remembered to detect conflicts between unrelated packs."""

    pack: Pack
    origin: Origin


class _Layering:
    """Applies every pack's sections in load order, remembering which pack wrote which field."""

    def __init__(self, packs: list[Pack]):
        self.stack = Stack(packs)
        self.problems: list[Diagnostic] = []
        self.writes: dict[tuple[str, str], dict[JsonPath, _Write]] = {}
        self.defined_at: dict[tuple[str, str], Origin] = {}
        self.removed: dict[tuple[str, str], _Write] = {}

    def run(self) -> None:
        for pack in self.stack.packs:
            for doc in pack.documents:
                kind = doc.data["kind"]
                by_id = self.stack.entities.setdefault(kind, {})
                for section in SECTIONS:
                    for index, item in enumerate(doc.data.get(section, [])):
                        if section != "remove" and "id" not in item:
                            self.problems.append(doc.diagnostic(
                                codes.SCHEMA_REQUIRED, "missing required field 'id'", (section, index)))
                            continue
                        getattr(self, section)(pack, doc, kind, by_id, (section, index), item)
        for kind in [k for k, by_id in self.stack.entities.items() if not by_id]:
            del self.stack.entities[kind]

    def entries(self, pack: Pack, doc: Document, kind: str, by_id: dict, at: JsonPath, item: dict) -> None:
        entity_id = item["id"]
        if entity_id in by_id:
            first = self.defined_at[(kind, entity_id)]
            self.problems.append(doc.diagnostic(
                codes.DUPLICATE_ID, f"{kind} id '{entity_id}' is already defined", (*at, "id"),
                hint=f"first defined at {first}; use `replace:` or `patch:` to change it"))
            return
        origins = _origins(doc, pack.id, at, item)
        by_id[entity_id] = Entity(kind, entity_id, plain_copy(item), origins,
                                  checked="extends" not in item)
        self.defined_at[(kind, entity_id)] = origins[()]

    def _existing(self, pack: Pack, doc: Document, kind: str, by_id: dict, at: JsonPath, entity_id: Any,
                  verb: str) -> Entity | None:
        if entity_id in by_id:
            return by_id[entity_id]
        removal = self.removed.get((kind, entity_id)) if isinstance(entity_id, str) else None
        if removal is not None and not _related(pack, removal.pack):
            self.problems.append(_conflict(doc, removal, pack, "the whole entity", kind, entity_id, at))
            return None
        hint = did_you_mean(entity_id, by_id) if removal is None else \
            f"pack '{removal.pack.id}' removed it at {removal.origin.file}:{removal.origin.line}"
        self.problems.append(doc.diagnostic(
            codes.UNKNOWN_ID, f"cannot {verb} {kind} '{entity_id}': no such id", at, hint=hint))
        return None

    def replace(self, pack: Pack, doc: Document, kind: str, by_id: dict, at: JsonPath, item: dict) -> None:
        entity = self._existing(pack, doc, kind, by_id, (*at, "id"), item["id"], "replace")
        if entity is not None and self._claim(pack, doc, entity, [()], at):
            entity.data = plain_copy(item)
            entity.origins = _origins(doc, pack.id, at, item)
            entity.checked = True
            entity.changes = []

    def patch(self, pack: Pack, doc: Document, kind: str, by_id: dict, at: JsonPath, item: dict) -> None:
        entity = self._existing(pack, doc, kind, by_id, (*at, "id"), item["id"], "patch")
        changes = {key: value for key, value in item.items() if key != "id"}
        written = [path for path in _patch_leaves(changes, ()) if _get(changes, path) != {}]
        if entity is None or not self._claim(pack, doc, entity, written, at):
            return
        entity.checked = False
        entity.changes.append(_origin_at(doc, pack.id, at))
        own_origins = {path: origin for path, origin in _origins(doc, pack.id, at, item).items()
                       if path and path[0] != "id"}
        entity.data, entity.origins = _merge(entity.data, entity.origins, changes, own_origins)

    def remove(self, pack: Pack, doc: Document, kind: str, by_id: dict, at: JsonPath, item: str) -> None:
        entity = self._existing(pack, doc, kind, by_id, at, item, "remove")
        if entity is not None and self._claim(pack, doc, entity, [()], at):
            del by_id[item]
            self.removed[(kind, item)] = _Write(pack, _origin_at(doc, pack.id, at))
            self.stack.removals[(kind, item)] = self.removed[(kind, item)].origin

    def _claim(self, pack: Pack, doc: Document, entity: Entity, paths: list[JsonPath], at: JsonPath) -> bool:
        """Record that ``pack`` sets ``paths`` of ``entity``; False (and an error) on a conflict."""
        writes = self.writes.setdefault((entity.kind, entity.id), {})
        ok = True
        for path in paths:
            for other_path, other in writes.items():
                overlaps = other_path[: len(path)] == path or path[: len(other_path)] == other_path
                if not overlaps or _related(pack, other.pack):
                    continue
                field = ".".join(map(str, path)) or "the whole entity"
                self.problems.append(_conflict(doc, other, pack, field, entity.kind, entity.id,
                                               (*at, *path) if path else (*at, "id")))
                ok = False
                break
        if ok:
            for path in paths:
                writes[path] = _Write(pack, _origin_at(doc, pack.id, (*at, *path)))
        return ok


def _related(pack: Pack, other: Pack) -> bool:
    """The same pack, or one layered on the other: its changes may build on the other's."""
    return other.id == pack.id or pack.depends_on(other.id) or other.depends_on(pack.id)


def _conflict(doc: Document, other: _Write, pack: Pack, field: str, kind: str, entity_id: str,
              at: JsonPath) -> Diagnostic:
    """``patch-conflict``: two unrelated packs change the same ``field`` of one entity."""
    return doc.diagnostic(
        codes.PATCH_CONFLICT, f"packs '{other.pack.id}' and '{pack.id}' both change {field} of {kind} "
        f"'{entity_id}'", at,
        hint=f"'{other.pack.id}' changed it at {other.origin.file}:{other.origin.line}:"
             f"{other.origin.column}; make one pack depend on the other")


def _merge(base: dict[str, Any], base_origins: dict[JsonPath, Origin], own: dict[str, Any],
           own_origins: dict[JsonPath, Origin]) -> tuple[dict[str, Any], dict[JsonPath, Origin]]:
    """``own`` deep-merged over ``base``: mappings merge, anything else (lists too) replaces.

    The one merge of the stack (a patch into its entity, a child over its parent under ``extends``).
    Each field keeps the origin of whichever side set it; a merged mapping keeps the base's.
    """
    data = plain_copy(base)
    origins = dict(base_origins)
    for path in _patch_leaves(own, ()):
        target: dict[Any, Any] = data
        for depth, key in enumerate(path[:-1], start=1):
            if not isinstance(target.get(key), dict):
                target[key] = {}
                _drop_under(origins, path[:depth])
            target = target[key]
        value = _get(own, path)
        if value == {} and isinstance(target.get(path[-1]), dict):
            continue  # merging an empty mapping changes nothing
        target[path[-1]] = plain_copy(value)
        _drop_under(origins, path)
    for path, origin in own_origins.items():
        if path and isinstance(_get(own, path), dict) and _is_mapping(base, path):
            origins.setdefault(path, origin)
        elif path:
            origins[path] = origin
    return data, origins


def _is_mapping(value: Any, path: JsonPath) -> bool:
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return False
        value = value[key]
    return isinstance(value, dict)


def _extend(stack: Stack, problems: list[Diagnostic]) -> None:
    """Resolve every ``extends`` in the stack, parents first; cycles and unknown targets are errors."""
    for kind, by_id in stack.entities.items():
        broken: set[str] = set()
        done: set[str] = set()
        for entity in list(by_id.values()):
            chain: list[Entity] = []
            current = entity
            while current.id not in done and current.id not in broken and "extends" in current.data:
                if current.id in {e.id for e in chain}:
                    cycle = chain[chain.index(current):]
                    names = " -> ".join([e.id for e in cycle] + [current.id])
                    problems.extend(member.diagnostic(
                        codes.EXTENDS_CYCLE, f"{kind} extend each other: {names}", ("extends",))
                        for member in cycle)
                    broken.update(e.id for e in chain)
                    break
                chain.append(current)
                parent = by_id.get(current.data["extends"])
                if parent is None:
                    target = current.data["extends"]
                    problems.append(current.diagnostic(
                        codes.UNKNOWN_ID,
                        f"{kind} '{current.id}' extends '{target}', which is not a {kind} id",
                        ("extends",), hint=did_you_mean(target, by_id)))
                    broken.update(e.id for e in chain)
                    break
                current = parent
            for child in reversed(chain):
                if child.id in broken or child.id in done:
                    continue
                parent = by_id[child.data["extends"]]
                if parent.id in broken:
                    broken.add(child.id)
                    continue
                inherited = {key: value for key, value in parent.data.items() if key != "id"}
                origins = {p: origin for p, origin in parent.origins.items() if p and p[0] != "id"}
                data, origins = _merge(inherited, origins, child.data, child.origins)
                child.data = {"id": child.id, **{key: value for key, value in data.items() if key != "id"}}
                child.origins = {**origins, (): child.origins[()]}
                done.add(child.id)


def resolve(packs: list[Pack]) -> tuple[Stack, list[Diagnostic]]:
    """Layer ``packs`` (in load order, each file already schema-valid) into a ``Stack``."""
    layering = _Layering(packs)
    layering.run()
    _extend(layering.stack, layering.problems)
    return layering.stack, sorted(layering.problems, key=Diagnostic.sort_key)
