"""Which stack an open file belongs to, and the editor's buffers it is checked with.

A file belongs to the pack whose folder holds it (the nearest ``pack.yaml`` above it); its stack is that
pack and its dependencies, found as ``rulecraft check`` finds them, with the pack's own parent folder as
``--pack-path`` (so sibling packs of a workspace find each other).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from rulecraft.compiler.check import CheckResult
from rulecraft.compiler.packs import MANIFEST, Buffers
from rulecraft.plugins.wiring import check_packs


def pack_folder(file: Path) -> Path | None:
    """The folder of the pack ``file`` is part of: the nearest above it with a manifest."""
    for folder in [file, *file.parents] if file.is_dir() else file.parents:
        if (folder / MANIFEST).is_file():
            return folder
    return None


def buffers(texts: Iterable[tuple[Path, str]]) -> Buffers:
    """The open documents' texts by resolved path, as the packs' loader reads them in place of the disk."""
    return {path.resolve(): text.encode("utf-8") for path, text in texts}


def check_stack(folder: Path, texts: Mapping[Path, bytes]) -> CheckResult:
    """``rulecraft check`` of the stack of the pack at ``folder``, with the unsaved ``texts``."""
    return check_packs([folder], [folder.parent], buffers=texts)


def file_of(display: str) -> Path:
    """The file a diagnostic names (relative to the working directory when under it)."""
    return (Path.cwd() / display).resolve()
