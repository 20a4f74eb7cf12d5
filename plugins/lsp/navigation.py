"""What the cursor is on in a resolved stack, and where it is defined: the entity field an origin places on
that line (hover's provenance), the entity an id names (go to definition, in whichever pack defines it,
the core pack included), the pack a ``depends`` entry names."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

from rulecraft.compiler.loader import Document, JsonPath
from rulecraft.compiler.packs import MANIFEST, Pack
from rulecraft.compiler.resolve import Entity, Origin, Stack
from rulecraft.plugins.lsp.stacks import file_of


@lru_cache(maxsize=4096)
def _file(display: str) -> Path:
    return file_of(display)


def location(origin: Origin) -> types.Location:
    start = types.Position(origin.line - 1, origin.column - 1)
    end = types.Position(origin.end_line - 1, origin.end_column - 1) if origin.end_line else start
    return types.Location(from_fs_path(str(_file(origin.file))) or "", types.Range(start, end))


def field_at(stack: Stack, file: Path, line: int, character: int) -> tuple[Entity, JsonPath, Origin] | None:
    """The entity and field whose value (or entry) was written at the 0-based ``line`` of ``file``: the
    nearest starting at or before the cursor, else the line's first (the cursor on a key): a patch's
    line gives the field it set."""
    here = [(origin.column, len(path), entity, path, origin)
            for kind in stack.kinds() for entity in stack.of_kind(kind)
            for path, origin in entity.origins.items()
            if origin.line == line + 1 and _file(origin.file) == file]
    if not here:
        return None
    before = [found for found in here if found[0] <= character + 1]
    _, _, entity, path, origin = (max(before, key=lambda f: f[:2]) if before
                                  else min(here, key=lambda f: (f[0], -f[1])))
    return entity, path, origin


def defining(stack: Stack, word: str) -> list[tuple[Pack, Document, JsonPath]]:
    """Each ``entries`` item with the id ``word``, any kind, in load order: where it was defined (a
    ``replace`` or ``patch`` of it only changes it)."""
    found: list[tuple[Pack, Document, JsonPath]] = []
    for pack in stack.packs:
        for document in pack.documents:
            entries = document.data.get("entries") if isinstance(document.data, dict) else None
            found += [(pack, document, ("entries", index, "id")) for index, entry in enumerate(entries or [])
                      if isinstance(entry, dict) and entry.get("id") == word]
    return found


def definitions(stack: Stack, word: str) -> list[types.Location]:
    """Where each entity with the id ``word`` was defined, in whichever pack."""
    out = []
    for _, document, path in defining(stack, word):
        span = document.span_of(path)
        where = types.Range(types.Position(span.line - 1, span.column - 1),
                            types.Position(span.end_line - 1, span.end_column - 1))
        out.append(types.Location(from_fs_path(str(_file(document.path))) or "", where))
    return out


def pack_manifest(stack: Stack, pack_id: str) -> list[types.Location]:
    """The manifest of the stack's pack ``pack_id``, at its top."""
    start = types.Range(types.Position(0, 0), types.Position(0, 0))
    return [types.Location(from_fs_path(str(Path(str(p.folder)) / MANIFEST)) or "", start)
            for p in stack.packs if p.id == pack_id]
