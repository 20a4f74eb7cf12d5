"""The language server: checks the stack of every open file as ``rulecraft check`` does, on open and, a
moment after the last keystroke, on change, with the editor's unsaved texts; publishes each file's
diagnostics and clears those fixed; offers did-you-mean quick fixes. A change in a pack re-checks too
every stack checked before that layers on it. Completion, hover, highlighting, go to definition,
references and rename read the pack's last resolved stack (kept while the buffer does not resolve).

One check runs at a time, in a worker thread, so the server keeps answering while it runs; a change that
comes while a check waits out its delay restarts the delay (the debounce: ``DEBOUNCE`` seconds, or the
editor's ``initializationOptions.debounce``). A check whose texts a newer change has overtaken publishes
nothing (the newer one's check is on its way), so no diagnostics older than the editor's text reach it;
each publication names the document version it was checked at, and each check is logged with its time
(``rulecraft.lsp``'s log lines go to the editor's log, ``window/logMessage``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidRequest
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from rulecraft.compiler.check import CheckResult
from rulecraft.compiler.effects.pack import ability_fields
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.packs import MANIFEST
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.lsp import (
    completion,
    context,
    expected,
    highlight,
    hover,
    navigation,
    references,
    scalars,
)
from rulecraft.plugins.lsp.diagnostics import quick_fixes, to_lsp
from rulecraft.plugins.lsp.measured import measured
from rulecraft.plugins.lsp.stacks import buffers, check_stack, file_of, pack_folder
from rulecraft.plugins.wiring import stack_words

LOG = logging.getLogger("rulecraft.lsp.server")
DEBOUNCE = 0.25   # seconds after the last change before the stack is checked again
MAX_DEBOUNCE = 10.0


def _version() -> str:
    try:
        return version("rulecraft")
    except PackageNotFoundError:   # pragma: no cover - running from an uninstalled tree
        return "0"


class PackServer(LanguageServer):
    """A pygls server that knows, per pack folder, its last resolved stack and the files it published for."""

    def __init__(self) -> None:
        super().__init__("rulecraft", _version())
        self.stacks: dict[Path, Stack] = {}     # per pack folder, its last resolved stack
        self.published: dict[Path, set[str]] = defaultdict(set)
        self.waiting: dict[Path, asyncio.Task[None]] = {}
        self.changes: dict[Path, int] = defaultdict(int)   # per pack folder, the changes scheduled so far
        self.checking = asyncio.Lock()
        self.debounce = DEBOUNCE

    def texts(self) -> dict[Path, bytes]:
        """Every open document's text, by resolved path: what the check reads in place of the disk."""
        open_files = [(Path(path), doc.source) for doc in self.workspace.text_documents.values()
                      if (path := to_fs_path(doc.uri)) is not None]
        return dict(buffers(open_files))

    def schedule(self, uri: str, delay: float) -> None:
        """Check the stack of the file at ``uri`` after ``delay``, unless another change comes first."""
        path = to_fs_path(uri)
        changed = pack_folder(Path(path).resolve()) if path else None
        if changed is None:
            return
        for folder in [changed, *self.dependents(changed)]:
            self.changes[folder] += 1
            pending = self.waiting.pop(folder, None)
            if pending is not None:
                pending.cancel()
            self.waiting[folder] = asyncio.ensure_future(self._check_later(folder, delay))

    def dependents(self, changed: Path) -> list[Path]:
        """The other pack folders whose last stack holds the pack at ``changed``."""
        return [folder for folder, stack in self.stacks.items() if folder != changed
                and any(Path(str(pack.folder)).resolve() == changed for pack in stack.packs)]

    async def _check_later(self, folder: Path, delay: float) -> None:
        await asyncio.sleep(delay)
        self.waiting.pop(folder, None)      # from here on the check runs to its end
        async with self.checking:
            seen, versions = self.changes[folder], self.versions()
            LOG.info("checking %s's stack", folder.name)
            start = time.perf_counter()
            result = await asyncio.to_thread(check_stack, folder, self.texts())
        overtaken = self.changes[folder] != seen
        LOG.info("checked %s's stack in %.0f ms%s", folder.name, (time.perf_counter() - start) * 1000,
                 "; a newer change overtook it: not published" if overtaken else "")
        if result.stack is not None:
            self.stacks[folder] = result.stack
        if not overtaken:
            self.publish(folder, result, versions)

    def versions(self) -> dict[str, int]:
        return {uri: doc.version for uri, doc in self.workspace.text_documents.items()
                if doc.version is not None}

    def publish(self, folder: Path, result: CheckResult, versions: dict[str, int]) -> None:
        """Each file's diagnostics, and an empty list for each file of the pack open or published before
        that has none now (an editor clears a file's problems only when told), with the version of an open
        document checked. An open file is named by the editor's own URI for it (which may reach it through
        a link)."""
        opened = {Path(path).resolve(): uri for uri in self.workspace.text_documents
                  if (path := to_fs_path(uri)) is not None}
        by_uri: dict[str, list[types.Diagnostic]] = defaultdict(list)
        for d in result.diagnostics:
            file = file_of(d.file) if d.file else folder / MANIFEST
            file = file if file.is_file() else folder / MANIFEST
            uri = opened.get(file) or from_fs_path(str(file)) or ""
            by_uri[uri].append(to_lsp(d, uri))
        mine = {uri for path, uri in opened.items() if path.is_relative_to(folder)}
        cleared: dict[str, list[types.Diagnostic]] = {
            uri: [] for uri in sorted((self.published[folder] | mine) - set(by_uri))}
        for uri, found in {**cleared, **by_uri}.items():
            params = types.PublishDiagnosticsParams(uri, found, versions.get(uri))
            self.text_document_publish_diagnostics(params)
        self.published[folder] = set(by_uri)

    def at(self, uri: str) -> tuple[Path, Stack, Sequence[str]] | None:
        """The resolved file, its pack's last stack and the editor's lines of ``uri``."""
        path = to_fs_path(uri)
        file = Path(path).resolve() if path else None
        folder = pack_folder(file) if file else None
        stack = self.stacks.get(folder) if folder else None
        if file is None or stack is None:
            return None
        return file, stack, self.workspace.get_text_document(uri).lines


def _words(stack: Stack) -> Vocabulary:
    return stack_words(stack)


SERVER = PackServer()


@SERVER.feature(types.INITIALIZE)
def initialize(server: PackServer, params: types.InitializeParams) -> None:
    options = params.initialization_options
    debounce = options.get("debounce") if isinstance(options, dict) else None
    if isinstance(debounce, int | float) and 0 <= debounce <= MAX_DEBOUNCE:
        server.debounce = float(debounce)


@SERVER.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(server: PackServer, params: types.DidOpenTextDocumentParams) -> None:
    server.schedule(params.text_document.uri, 0)


@SERVER.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(server: PackServer, params: types.DidChangeTextDocumentParams) -> None:
    server.schedule(params.text_document.uri, server.debounce)


@SERVER.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(server: PackServer, params: types.DidSaveTextDocumentParams) -> None:
    server.schedule(params.text_document.uri, 0)


@SERVER.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def code_action(server: PackServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    return quick_fixes(params.text_document.uri, params.context.diagnostics)


@SERVER.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", ":"]))
def complete(server: PackServer, params: types.CompletionParams) -> list[types.CompletionItem]:
    found = server.at(params.text_document.uri)
    if found is None:
        return []
    file, stack, lines = found
    line, character = params.position.line, params.position.character
    text = lines[line] if line < len(lines) else ""
    kind = context.kind_of("".join(lines))
    before = context.effect_before(text, character)
    if before is None:
        before = scalars.effect_before("".join(lines), str(file), line, character)
    if before is not None:
        place = expected.place(before)
        if place is None:
            return []
        entity_kind = ability_fields(stack.game).get(kind or "", (None, None))[0]
        return completion.EffectWords(_words(stack), entity_kind).at(place, lambda length: types.Range(
            types.Position(line, character - length), params.position))
    field, section = context.id_field_at(text, character), context.section_of(lines, line)
    if field == "id" and section == "depends":
        return completion.pack_ids(p.id for p in stack.packs)
    if field == "extends" or (field == "id" and section in completion.CHANGES):
        return completion.entity_ids(stack, kind)
    siblings = context.sibling_keys(lines, line, character)
    return completion.keyed_ids(stack, siblings) if siblings else []


@SERVER.feature(types.TEXT_DOCUMENT_HOVER)
def hover_over(server: PackServer, params: types.HoverParams) -> types.Hover | None:
    found = server.at(params.text_document.uri)
    if found is None:
        return None
    file, stack, _ = found
    at = navigation.field_at(stack, file, params.position.line, params.position.character)
    if at is None:
        return None
    entity, path, origin = at
    parts = [hover.provenance(entity, path, origin)]
    if path and path[-1] == "ability":
        shown = hover.ability(stack, _words(stack), entity, path)
        parts[:0] = [*shown, "---"] if shown else []
    folder = pack_folder(file)
    pack = next((p for p in stack.packs if Path(str(p.folder)).resolve() == folder), None)
    if path in ((), ("id",)) and folder is not None and pack is not None:
        figures = measured(folder, pack.id, entity.id)
        parts += ["---", figures] if figures else []
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, "\n\n".join(parts)))


@SERVER.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(server: PackServer, params: types.DefinitionParams) -> list[types.Location]:
    found = server.at(params.text_document.uri)
    if found is None:
        return []
    file, stack, lines = found
    line, character = params.position.line, params.position.character
    word = context.word_at(lines[line], character) if line < len(lines) else None
    if word is None:
        return []
    if file.name == MANIFEST and context.section_of(lines, line) == "depends":
        return navigation.pack_manifest(stack, word)
    return navigation.definitions(stack, word)


def _word(server: PackServer, uri: str, at: types.Position) -> tuple[Stack, str] | None:
    found = server.at(uri)
    if found is None:
        return None
    _, stack, lines = found
    word = context.word_at(lines[at.line], at.character) if at.line < len(lines) else None
    return (stack, word) if word else None


@SERVER.feature(types.TEXT_DOCUMENT_REFERENCES)
def find_references(server: PackServer, params: types.ReferenceParams) -> list[types.Location]:
    found = _word(server, params.text_document.uri, params.position)
    return references.references(*found) if found else []


@SERVER.feature(types.TEXT_DOCUMENT_RENAME)
def rename(server: PackServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    found = _word(server, params.text_document.uri, params.position)
    if found is None:
        return None
    edit = references.rename(*found, params.new_name)
    if isinstance(edit, str):
        raise JsonRpcInvalidRequest(edit)
    return edit


@SERVER.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                types.SemanticTokensLegend(token_types=highlight.TYPES, token_modifiers=[]))
def semantic_tokens(server: PackServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
    found = server.at(params.text_document.uri)
    if found is None:
        return types.SemanticTokens(data=[])
    file, stack, _ = found
    text = server.workspace.get_text_document(params.text_document.uri).source
    return types.SemanticTokens(data=highlight.tokens(text, str(file), _words(stack)))


class ToEditor(logging.Handler):
    """The server's own log lines (``rulecraft.lsp``'s, all written on the event loop's thread) as the
    editor's log messages (``window/logMessage``: its output panel for the server)."""

    def emit(self, record: logging.LogRecord) -> None:
        SERVER.window_log_message(types.LogMessageParams(types.MessageType.Log, record.getMessage()))


def serve() -> None:
    """Speak LSP on stdin and stdout until the editor says exit."""
    logger = logging.getLogger("rulecraft.lsp")
    logger.addHandler(ToEditor())
    logger.setLevel(logging.INFO)
    SERVER.start_io()
