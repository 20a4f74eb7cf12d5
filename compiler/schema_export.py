"""Generate: copy the shipped JSON Schemas into a folder, for editors outside this repository.

The schemas inside the installed package are the ones ``rulecraft check`` validates with; an editor
(the YAML language server in VS Code, Neovim, JetBrains...) needs them as files at a stable path. The
export writes every ``*.schema.json`` of ``rulecraft.schemas`` (the manifest's) and, under a folder named
after each registered game (``tem/``), every schema of the packages its content kinds live in, and a
marker file,
``.rulecraft-schemas.json``, with the SHA-256 of each file it wrote. Running it again refreshes those
files (after an upgrade of rulecraft), but it never overwrites a file it did not write or that was
edited since: such a file is a conflict and nothing at all is written.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from rulecraft.compiler.validate import SUFFIX, schema_file, schema_names
from rulecraft.runtime import games

MARKER = ".rulecraft-schemas.json"


class ExportRefused(Exception):
    """The folder holds files of the same names that rulecraft did not write (or that were edited)."""

    def __init__(self, folder: Path, conflicts: list[str]):
        self.folder, self.conflicts = folder, conflicts
        super().__init__(f"{folder} already has {', '.join(conflicts)}, not written by rulecraft (or edited "
                         "since); move them away or choose another folder")


@dataclass(frozen=True, slots=True)
class Export:
    """What an export did: files written (new or refreshed) and files already up to date."""

    folder: Path
    written: tuple[str, ...]
    unchanged: tuple[str, ...]


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def schema_files() -> dict[str, Traversable]:
    """Every schema by its path in the export (``pack.schema.json``, ``tem/weapons.schema.json``) and the
    installed file it is."""
    found = {name + SUFFIX: schema_file(name) for name in schema_names()}
    for gid in games.known_games():
        packages = sorted({resource.partition(":")[0] for resource in games.get(gid).kinds.values()})
        for package in packages:
            for entry in sorted(resources.files(package).iterdir(), key=lambda e: e.name):
                if entry.name.endswith(SUFFIX):
                    found[f"{gid}/{entry.name}"] = entry
    return found


def shipped_schemas() -> dict[str, bytes]:
    """Every schema by its path in the export, as bytes."""
    return {name: entry.read_bytes() for name, entry in schema_files().items()}


def _recorded(folder: Path) -> dict[str, str]:
    """The files (name -> SHA-256) an earlier export recorded in the marker; empty if none or unreadable."""
    try:
        data = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    return {k: v for k, v in files.items() if isinstance(v, str)} if isinstance(files, dict) else {}


def plan(folder: Path) -> tuple[dict[str, bytes], list[str], list[str]]:
    """(files to write, files already identical, conflicts) for exporting into ``folder``."""
    recorded = _recorded(folder)
    to_write: dict[str, bytes] = {}
    unchanged, conflicts = [], []
    for name, data in shipped_schemas().items():
        target = folder / name
        if not target.exists():
            to_write[name] = data
            continue
        if not target.is_file():
            conflicts.append(name)
            continue
        current = target.read_bytes()
        if current == data:
            unchanged.append(name)
        elif recorded.get(name) == _digest(current):
            to_write[name] = data  # ours, unedited: an older rulecraft wrote it
        else:
            conflicts.append(name)
    marker = folder / MARKER
    if marker.exists() and not recorded and marker.read_bytes().strip():
        conflicts.append(MARKER)
    return to_write, unchanged, conflicts


def export_schemas(folder: Path) -> Export:
    """Write the shipped schemas and the marker into ``folder`` (created if missing); see module docstring.

    Raises ``ExportRefused`` before writing anything when a file would overwrite one rulecraft did not
    write, and ``NotADirectoryError`` when ``folder`` is a file.
    """
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder")
    to_write, unchanged, conflicts = plan(folder) if folder.exists() else (shipped_schemas(), [], [])
    if conflicts:
        raise ExportRefused(folder, conflicts)
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in to_write.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    files = {name: _digest(data) for name, data in shipped_schemas().items()}
    marker = {"written_by": "rulecraft schemas --write", "files": files}
    (folder / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
    return Export(folder, tuple(sorted(to_write)), tuple(sorted(unchanged)))
