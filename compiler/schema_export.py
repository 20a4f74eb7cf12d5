"""Generate: copy the shipped JSON Schemas into a folder, for editors outside this repository.

The schemas inside the installed package are the ones ``rulecraft check`` validates with; an editor
(the YAML language server in VS Code, Neovim, JetBrains...) needs them as files at a stable path. The
export writes every ``*.schema.json`` of ``rulecraft.schemas`` (the manifest's) and, under a folder named
after each registered game (``tem/``; a new pack's export: its own game only, and a refresh the games
the folder already has), every schema of the packages its content kinds live in, and a marker file,
``.rulecraft-schemas.json``, with the SHA-256 of each file it wrote. Running it again refreshes those
files (after an upgrade of rulecraft), but it never overwrites a file it did not write or that was
edited since: such a file is a conflict and nothing at all is written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
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


def schema_files(only: Collection[str] | None = None) -> dict[str, Traversable]:
    """Every schema by its path in the export (``pack.schema.json``, ``tem/weapons.schema.json``) and the
    installed file it is: the manifest's and those of every registered game, or of the games in ``only``."""
    found = {name + SUFFIX: schema_file(name) for name in schema_names()}
    for gid in games.known_games():
        if only is not None and gid not in only:
            continue
        packages = sorted({resource.partition(":")[0] for resource in games.get(gid).kinds.values()})
        for package in packages:
            for entry in sorted(resources.files(package).iterdir(), key=lambda e: e.name):
                if entry.name.endswith(SUFFIX):
                    found[f"{gid}/{entry.name}"] = entry
    return found


def shipped_schemas(only: Collection[str] | None = None) -> dict[str, bytes]:
    """Every schema by its path in the export (of the games in ``only``, when given), as bytes."""
    return {name: entry.read_bytes() for name, entry in schema_files(only).items()}


def exported_games(folder: Path) -> set[str] | None:
    """The games an earlier export into ``folder`` wrote schemas of (its marker's files under a game's
    folder); None when there was none, or it wrote no game's."""
    found = {name.partition("/")[0] for name in _recorded(folder) if "/" in name}
    return found or None


def _recorded(folder: Path) -> dict[str, str]:
    """The files (name -> SHA-256) an earlier export recorded in the marker; empty if none or unreadable."""
    try:
        data = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    return {k: v for k, v in files.items() if isinstance(v, str)} if isinstance(files, dict) else {}


def plan(folder: Path, only: Collection[str] | None = None) -> tuple[dict[str, bytes], list[str], list[str]]:
    """(files to write, files already identical, conflicts) for exporting into ``folder``."""
    recorded = _recorded(folder)
    to_write: dict[str, bytes] = {}
    unchanged, conflicts = [], []
    for name, data in shipped_schemas(only).items():
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


def export_schemas(folder: Path, only: Collection[str] | None = None) -> Export:
    """Write the shipped schemas and the marker into ``folder`` (created if missing); see module docstring.
    ``only`` names the games whose schemas are written (a new pack's: its own game's); by default the
    games an earlier export there wrote (a refresh keeps a pack's folder to its game), else every game.

    Raises ``ExportRefused`` before writing anything when a file would overwrite one rulecraft did not
    write, and ``NotADirectoryError`` when ``folder`` is a file.
    """
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder")
    if only is None and folder.exists():
        only = exported_games(folder)
    fresh: tuple[dict[str, bytes], list[str], list[str]] = (shipped_schemas(only), [], [])
    to_write, unchanged, conflicts = plan(folder, only) if folder.exists() else fresh
    if conflicts:
        raise ExportRefused(folder, conflicts)
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in to_write.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    files = {name: _digest(data) for name, data in shipped_schemas(only).items()}
    marker = {"written_by": "rulecraft schemas --write", "files": files}
    (folder / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
    return Export(folder, tuple(sorted(to_write)), tuple(sorted(unchanged)))
