"""One ``rulecraft lsp`` per test module, spoken to over stdio with pygls's client (no editor), on a copy of
a small Mecha Game pack in the module's own temporary folder (parallel-safe under pytest-xdist)."""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

PACK = Path(__file__).parent / "packs" / "my-mecha"
WAIT = 60.0   # seconds: a loaded machine checks slowly; a test waits for what it needs, never a fixed time


class Session:
    """A client with its own event loop; each call runs the loop until its answer (or notification) came."""

    def __init__(self, cwd: Path, options: dict[str, Any] | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("rulecraft-tests", "1")
        self.diagnostics: dict[str, list[types.Diagnostic]] = {}
        self.history: list[tuple[str, int | None, list[types.Diagnostic]]] = []   # every publication
        self.logs: list[str] = []
        self.arrived = asyncio.Event()
        self.versions: dict[str, int] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)
            self.history.append((params.uri, params.version, list(params.diagnostics)))
            self.arrived.set()

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def logged(params: types.LogMessageParams) -> None:
            self.logs.append(params.message)

        self.run(self.client.start_io(sys.executable, "-m", "rulecraft.cli", "lsp", cwd=str(cwd)))
        self.capabilities: types.ServerCapabilities = self.run(self.client.initialize_async(
            types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=from_fs_path(str(cwd)),
                                   initialization_options=options))).capabilities
        self.client.initialized(types.InitializedParams())

    def run(self, awaitable: Any) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, WAIT))

    def open(self, path: Path) -> str:
        uri = from_fs_path(str(path)) or ""
        self.versions[uri] = 1
        self.arrived.clear()
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri, "yaml", 1, path.read_text(encoding="utf-8"))))
        return uri

    def change(self, uri: str, text: str) -> int:
        """The whole buffer replaced by ``text``, unsaved; returns the document's new version."""
        self.versions[uri] += 1
        self.arrived.clear()
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(self.versions[uri], uri),
            [types.TextDocumentContentChangeWholeDocument(text)]))
        return self.versions[uri]

    def diagnostics_of(self, uri: str, until: Any) -> list[types.Diagnostic]:
        """The diagnostics published for ``uri`` once ``until(them)`` holds."""
        async def wait() -> list[types.Diagnostic]:
            while not until(self.diagnostics.get(uri)):
                self.arrived.clear()
                await self.arrived.wait()
            return self.diagnostics[uri]
        return self.run(wait())

    def close(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    """A fresh copy of the test pack (over mecha-core), for one module."""
    folder = tmp_path_factory.mktemp("lsp") / "my-mecha"
    shutil.copytree(PACK, folder)
    return folder


@pytest.fixture(scope="module")
def lsp(pack: Path) -> Iterator[Session]:
    session = Session(pack.parent)
    yield session
    session.close()
