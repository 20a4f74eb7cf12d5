"""A scaffolded pack in the real YAML language server (issue 10, item 4): what an editor shows.

``yaml-language-server`` (the server behind VS Code's YAML extension and most editors' YAML support) is
installed from npm at test time into ``build/test-tools/`` (git-ignored; reused by later runs; under a file
lock, so two pytest-xdist workers never install it at once) and spoken to over stdio: initialize, open
every YAML file of a fresh ``rulecraft new pack``, wait for ``textDocument/publishDiagnostics``. A fresh
scaffold has zero diagnostics; a broken file gets the diagnostic at the line ``rulecraft check`` reports.
Skipped, with the reason, when node or npm is missing or the install fails (offline). The schema store is
off, so the server reads only the modelines' files.
"""

from __future__ import annotations

import fcntl
import json
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from rulecraft.cli.main import main
from rulecraft.plugins.wiring import check_packs

ROOT = Path(__file__).resolve().parents[2]
VERSION = "1.15.0"
TOOLS = ROOT / "build" / "test-tools" / f"yaml-language-server-{VERSION}"
SERVER = TOOLS / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"
SETTINGS = {"validate": True, "hover": False, "completion": False, "schemaStore": {"enable": False},
            "schemas": {}}
QUIET = 1.5      # seconds without a new message after the last expected publish
TIMEOUT = 60.0


def _server() -> Path:
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("node and npm are needed to run yaml-language-server; not on PATH")
    TOOLS.mkdir(parents=True, exist_ok=True)
    with (TOOLS / "install.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)      # released when the file closes, even if this process dies
        if not SERVER.is_file():
            _install()
    return SERVER


def _install() -> None:
    try:
        done = subprocess.run(["npm", "install", "--prefix", str(TOOLS), "--no-audit", "--no-fund",
                               "--loglevel=error", f"yaml-language-server@{VERSION}"],
                              capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.skip("npm install yaml-language-server timed out (offline?)")
    if done.returncode != 0 or not SERVER.is_file():
        pytest.skip(f"npm install yaml-language-server failed (offline?): {done.stderr.strip()[-300:]}")


class LanguageServer:
    """A minimal LSP client over stdio: JSON-RPC frames with Content-Length headers."""

    def __init__(self, server: Path, root: Path):
        self.process = subprocess.Popen(["node", str(server), "--stdio"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0
        self.request("initialize", {"processId": None, "rootUri": root.as_uri(),
                                    "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
                                    "capabilities": {"workspace": {"configuration": True},
                                                     "textDocument": {"publishDiagnostics": {}}}})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": {"yaml": SETTINGS}})

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            headers = {}
            while (line := stream.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("ascii").partition(":")
                headers[name.strip().lower()] = value.strip()
            if not headers:
                return
            self.messages.put(json.loads(stream.read(int(headers["content-length"]))))

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        self._send({"id": self.next_id, "method": method, "params": params})
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            message = self._next(deadline)
            if message is not None and message.get("id") == self.next_id and "method" not in message:
                return message.get("result")
        raise TimeoutError(f"no answer to {method}")

    def _next(self, deadline: float) -> dict[str, Any] | None:
        try:
            message = self.messages.get(timeout=max(0.01, min(deadline - time.monotonic(), QUIET)))
        except queue.Empty:
            return None
        if "method" in message and "id" in message:  # a request from the server: answer it
            items = message.get("params", {}).get("items", [])
            result = [SETTINGS if item.get("section") == "yaml" else None for item in items] \
                if message["method"] == "workspace/configuration" else None
            self._send({"id": message["id"], "result": result})
        return message

    def diagnostics(self, files: list[Path]) -> dict[Path, list[dict[str, Any]]]:
        """Open ``files`` and collect the last diagnostics published for each."""
        for path in files:
            self.notify("textDocument/didOpen", {"textDocument": {
                "uri": path.as_uri(), "languageId": "yaml", "version": 1,
                "text": path.read_text(encoding="utf-8")}})
        by_uri: dict[str, list[dict[str, Any]]] = {}
        deadline = time.monotonic() + TIMEOUT
        last = time.monotonic()
        while time.monotonic() < deadline:
            message = self._next(deadline)
            if message is not None and message.get("method") == "textDocument/publishDiagnostics":
                by_uri[message["params"]["uri"]] = message["params"]["diagnostics"]
                last = time.monotonic()
            elif len(by_uri) >= len(files) and time.monotonic() - last >= QUIET:
                break
        missing = [p.name for p in files if p.as_uri() not in by_uri]
        assert not missing, f"the server published no diagnostics for {missing}"
        return {path: by_uri[path.as_uri()] for path in files}

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.process.wait(timeout=5)
        except (TimeoutError, OSError, subprocess.TimeoutExpired):
            self.process.kill()


@pytest.fixture(scope="module")
def server() -> Path:
    return _server()


def _scaffold(tmp_path: Path, *flags: str) -> Path:
    folder = tmp_path / "editor-pack"
    assert main(["new", "pack", str(folder), "--depends", "tem-core", *flags]) == 0
    return folder


def _run(server: Path, folder: Path, files: list[Path]) -> dict[Path, list[dict[str, Any]]]:
    client = LanguageServer(server, folder)
    try:
        return client.diagnostics(files)
    finally:
        client.close()


def test_a_fresh_scaffold_has_no_diagnostics_in_the_editor(server: Path, tmp_path: Path, capsys):
    folder = _scaffold(tmp_path)
    files = sorted(folder.rglob("*.yaml"))
    found = _run(server, folder, files)
    assert {path.name: diags for path, diags in found.items() if diags} == {}


def test_a_broken_file_gets_the_diagnostic_rulecraft_check_reports(server: Path, tmp_path: Path, capsys):
    """A pilot's health written as text: the editor flags the same line as ``rulecraft check``, and a
    misspelt key in the manifest is flagged at its line (the examples enabled: a comment is not checked)."""
    folder = _scaffold(tmp_path, "--examples")
    pilots = folder / "pilots.yaml"
    pilots.write_text(pilots.read_text(encoding="utf-8").replace("health: 5", "health: five"),
                      encoding="utf-8")
    [checked] = check_packs([folder]).diagnostics
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("plugins: []", "plugin: []"),
                        encoding="utf-8")
    found = _run(server, folder, [pilots, manifest])
    [editor] = found[pilots]
    assert checked.code.code == "schema-type"
    assert editor["range"]["start"]["line"] + 1 == checked.line
    assert editor["range"]["start"]["character"] + 1 == checked.column
    assert "integer" in editor["message"].lower()
    [unknown] = found[manifest]
    lines = manifest.read_text(encoding="utf-8").splitlines()
    assert unknown["range"]["start"]["line"] == lines.index("plugin: []")
    assert "plugin" in unknown["message"]
