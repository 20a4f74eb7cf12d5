"""CLI: where a command may write, so rulecraft never deletes or overwrites a file it did not write.

An output folder (``docs --out``, ``sim --out``, ``sim --log``) must be new, empty, or a previous output
of the same command, recognised by the marker file rulecraft writes into every output folder it makes;
anything else is a usage error naming the folder (``docs --out .`` in a folder holding a pack and a
README is refused before mkdocs would empty it). A single output file is written over only when the
user named it as the output; a file name rulecraft chose itself must be new.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from rulecraft.cli.main import UsageError

MARKER = ".rulecraft-output"
_MARKER_MAX_BYTES = 4096


def _marker_command(folder: Path) -> str | None:
    """The command whose output ``folder`` is, by its marker; ``None`` when it has no sound marker (a
    symlink, a folder or a file rulecraft did not write counts as none)."""
    marker = folder / MARKER
    try:
        if not stat.S_ISREG(marker.lstat().st_mode):
            return None
        with marker.open("rb") as handle:
            data = json.loads(handle.read(_MARKER_MAX_BYTES))
    except (OSError, ValueError):
        return None
    return data.get("rulecraft-output") if isinstance(data, dict) else None


def output_folder(folder: Path, command: str) -> Path:
    """Claim ``folder`` for the output of ``command`` (``"docs"``, ``"sim"``): create it, or accept it
    when empty or marked as that command's earlier output, and (re)write the marker. ``UsageError``
    names the folder otherwise; nothing in it is touched."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is a file, not a folder; name a new or empty folder for the output")
    if folder.is_dir() and any(folder.iterdir()):
        found = _marker_command(folder)
        if found != command:
            what = f"the output of `rulecraft {found}`" if found else "files rulecraft did not write"
            raise UsageError(f"{folder} holds {what}; rulecraft {command} writes only into a new or empty "
                             f"folder or its own earlier output (marked by {MARKER}); name another folder")
    folder.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(folder / MARKER, flags, 0o644), "w", encoding="utf-8") as out:
        json.dump({"rulecraft-output": command,
                   "note": "written by rulecraft: this folder may be replaced by the next run"}, out)
    return folder


def new_file(path: Path) -> Path:
    """A file name rulecraft chose itself (a default log name): refused when something is there."""
    if path.exists() or path.is_symlink():
        raise UsageError(f"{path} already exists; rulecraft does not write over a file it did not name "
                         "for you (give the output a name)")
    return path


def named_file(path: Path) -> Path:
    """A file the user named as the output: written over if it is a file, refused if it is a folder."""
    if path.is_dir():
        raise UsageError(f"{path} is a folder; name the file to write")
    return path
