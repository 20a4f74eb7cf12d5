"""``rulecraft schemas [--write DIR]`` (issue 10, item 4): the shipped schemas, for any editor.

The export refreshes only files it wrote (recorded with their SHA-256 in a marker file) and never
overwrites a file it did not write or that was edited since: it refuses (exit 2) and writes nothing.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rulecraft.cli.main import main
from rulecraft.compiler.schema_export import MARKER, export_schemas, shipped_schemas


def test_schemas_write_exports_every_schema_and_refreshes_only_its_own(tmp_path: Path, capsys):
    folder = tmp_path / "schemas"
    assert main(["schemas", "--write", str(folder)]) == 0
    shipped = shipped_schemas()
    exported = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.schema.json")}
    assert exported == shipped
    assert main(["schemas", "--write", str(folder)]) == 0
    assert f"0 written, {len(shipped)} already up to date" in capsys.readouterr().out
    # an older rulecraft's copy (recorded in the marker, unedited) is refreshed
    weapons = folder / "tem" / "weapons.schema.json"     # a game's kinds under its id
    old = b'{"old": true}\n'
    weapons.write_bytes(old)
    marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    marker["files"]["tem/weapons.schema.json"] = hashlib.sha256(old).hexdigest()
    (folder / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    assert main(["schemas", "--write", str(folder)]) == 0
    assert weapons.read_bytes() == shipped["tem/weapons.schema.json"]


def test_schemas_write_refuses_an_edited_or_foreign_file_and_writes_nothing(tmp_path: Path, capsys):
    folder = tmp_path / "schemas"
    assert main(["schemas", "--write", str(folder)]) == 0
    edited = folder / "tem" / "pilots.schema.json"
    edited.write_text('{"mine": true}', encoding="utf-8")
    (folder / "tem" / "zones.schema.json").unlink()
    assert main(["schemas", "--write", str(folder)]) == 2
    assert "pilots.schema.json" in capsys.readouterr().err
    assert edited.read_text(encoding="utf-8") == '{"mine": true}'
    assert not (folder / "tem" / "zones.schema.json").exists(), "a refused export writes nothing"
    foreign = tmp_path / "editor"
    foreign.mkdir()
    (foreign / "pack.schema.json").write_text("{}", encoding="utf-8")
    assert main(["schemas", "--write", str(foreign)]) == 2
    assert [p.name for p in foreign.iterdir()] == ["pack.schema.json"]


def test_schemas_lists_the_installed_files(capsys):
    assert main(["schemas"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(shipped_schemas())
    assert all(Path(line.split()[-1]).is_file() for line in lines)


def test_an_export_of_one_game_is_refreshed_as_one_game(tmp_path):
    """Issue 20 (item 8): a new pack's schemas are its own game's; `schemas --write` into its folder
    refreshes that game's, and does not bring in the others'."""
    folder = tmp_path / "schemas"
    export_schemas(folder, {"mecha"})
    games = sorted(p.name for p in folder.iterdir() if p.is_dir())
    assert games == ["mecha"]
    again = export_schemas(folder)
    assert again.written == () and sorted(p.name for p in folder.iterdir() if p.is_dir()) == ["mecha"]
    assert len(again.unchanged) == len(shipped_schemas({"mecha"}))
