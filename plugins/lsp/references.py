"""Find references and rename: every place a pack of the stack names an id, as a whole YAML scalar or
key equal to it (an entry's or patch's ``id``, ``extends``, a deck's card, a ``depends`` entry), from the
loader's spans. A rename edits only the modder's packs (none shipped with rulecraft or a game), and only
an id one of them defines: renaming what a pack below defines would leave its references naming nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

from rulecraft.compiler.loader import Document, Span, value_at
from rulecraft.compiler.packs import Pack, shipped_packs
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.lsp.navigation import defining
from rulecraft.plugins.lsp.stacks import file_of

QUOTES = ("'", '"')


def _range(span: Span) -> types.Range:
    """The span's text without its quotes, 0-based."""
    inset = 1 if span.style in QUOTES else 0
    return types.Range(types.Position(span.line - 1, span.column - 1 + inset),
                       types.Position(span.end_line - 1, span.end_column - 1 - inset))


def _in(document: Document, word: str) -> Iterator[types.Range]:
    for path, span in document.spans.items():
        if path and value_at(document.data, path) == word:
            yield _range(span)
    for path, span in document.key_spans.items():
        if path and path[-1] == word:
            yield _range(span)


def references(stack: Stack, word: str, packs: list[Pack] | None = None) -> list[types.Location]:
    """Every place the documents of ``packs`` (default: the whole stack's, manifests too) name ``word``."""
    found = []
    for pack in stack.packs if packs is None else packs:
        for document in [pack.manifest, *pack.documents]:
            uri = from_fs_path(str(file_of(document.path))) or ""
            found += [types.Location(uri, where) for where in _in(document, word)]
    return found


def modders_packs(stack: Stack) -> list[Pack]:
    """The stack's packs that are no shipped pack: the ones a rename may edit."""
    shipped = {Path(str(folder)).resolve() for folder in shipped_packs()}
    return [p for p in stack.packs if Path(str(p.folder)).resolve() not in shipped]


def rename(stack: Stack, word: str, new: str) -> types.WorkspaceEdit | str:
    """The edit renaming ``word`` to ``new`` in the modder's packs, or why it may not."""
    mine = modders_packs(stack)
    ids = {p.id for p in mine}
    defined_by = [pack.id for pack, _, _ in defining(stack, word)]
    if word in {p.id for p in stack.packs}:
        defined_by.append(word)
    if not defined_by:
        return f"'{word}' is no id of this stack"
    outside = sorted({pack for pack in defined_by if pack not in ids})
    if outside:
        return f"'{word}' is defined in {', '.join(outside)}, which is not one of your packs"
    changes: dict[str, list[types.TextEdit]] = {}
    for location in references(stack, word, mine):
        changes.setdefault(location.uri, []).append(types.TextEdit(location.range, new))
    return types.WorkspaceEdit(changes=changes)
