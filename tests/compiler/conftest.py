"""Helpers to write small packs into a temp folder for compiler tests."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest


def weapon(weapon_id: str, **fields) -> dict:
    """A complete weapons entity (designed test data, not the core pack's)."""
    base = {"id": weapon_id, "name": weapon_id.title(), "tier": "basic", "type": "melee",
            "cost": {"credits": 2}, "damage": 1, "power_damage": 2, "vp": 0, "copies": 1}
    return {**base, **fields}


class PackWriter:
    def __init__(self, root: Path):
        self.root = root

    def pack(self, pack_id: str, files: dict[str, str], *, version: str = "1.0.0",
             depends: str = "[]", extra: str = "") -> Path:
        """Write pack ``pack_id`` with ``files`` (name -> YAML text, dedented) and return its folder."""
        folder = self.root / pack_id
        folder.mkdir(parents=True, exist_ok=True)
        names = ", ".join(files)
        (folder / "pack.yaml").write_text(
            f"id: {pack_id}\nname: {pack_id}\nversion: {version}\nrulecraft: '>=0.1'\n"
            f"depends: {depends}\nfiles: [{names}]\n{extra}", encoding="utf-8")
        for name, text in files.items():
            (folder / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return folder


@pytest.fixture
def packs(tmp_path: Path) -> PackWriter:
    return PackWriter(tmp_path)
