"""rulecraft never deletes or overwrites what it did not write (issue 9): an output folder must be new,
empty, or an earlier output of the same command (its marker file); a file name rulecraft chose must be new.
"""

from __future__ import annotations

import json
import shutil

import pytest
from security_helpers import cli

from rulecraft.cli.main import main
from rulecraft.cli.outputs import MARKER
from rulecraft.plugins.tem.build import core_pack_path


def _user_folder(tmp_path):
    """A user's folder: their README and a pack (a copy of tem-core under its own id)."""
    folder = tmp_path / "work"
    pack = folder / "mypack"
    shutil.copytree(core_pack_path(), pack)
    (folder / "README.md").write_text("my notes\n", encoding="utf-8")
    return folder


def _tree(folder):
    return sorted((str(p.relative_to(folder)), p.read_bytes()) for p in folder.rglob("*") if p.is_file())


def test_docs_out_dot_over_a_pack_and_a_readme_deletes_nothing(tmp_path):
    folder = _user_folder(tmp_path)
    before = _tree(folder)
    result = cli("docs", "mypack", "--out", ".", cwd=folder, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "error[usage]: rulecraft docs: . holds files rulecraft did not write" in result.stderr
    assert _tree(folder) == before


@pytest.mark.parametrize("command", [["sim", "--games", "1", "--quiet", "--out"],
                                     ["sim", "--games", "1", "--quiet", "--log"]])
def test_sim_refuses_a_folder_it_did_not_write(tmp_path, capsys, command):
    folder = _user_folder(tmp_path)
    before = _tree(folder)
    assert main([*command, str(folder)]) == 2
    assert f"{folder} holds files rulecraft did not write" in capsys.readouterr().err
    assert _tree(folder) == before


def test_an_earlier_output_of_the_same_command_is_written_again(tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["sim", "--games", "1", "--quiet", "--players", "2", "--out", str(out)]) == 0
    assert json.loads((out / MARKER).read_text(encoding="utf-8"))["rulecraft-output"] == "sim"
    assert main(["sim", "--games", "1", "--quiet", "--players", "2", "--out", str(out)]) == 0
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["sim", "--games", "1", "--quiet", "--players", "2", "--out", str(empty)]) == 0


def test_another_commands_output_or_a_forged_marker_is_refused(tmp_path, capsys):
    out = tmp_path / "report"
    out.mkdir()
    (out / MARKER).write_text(json.dumps({"rulecraft-output": "docs"}), encoding="utf-8")
    (out / "index.html").write_text("site", encoding="utf-8")
    assert main(["sim", "--games", "1", "--quiet", "--out", str(out)]) == 2
    assert "holds the output of `rulecraft docs`" in capsys.readouterr().err
    (out / MARKER).unlink()
    (out / MARKER).symlink_to(tmp_path / "elsewhere.json")      # a marker that is a symlink is no marker
    (tmp_path / "elsewhere.json").write_text(json.dumps({"rulecraft-output": "sim"}), encoding="utf-8")
    assert main(["sim", "--games", "1", "--quiet", "--out", str(out)]) == 2
    assert (out / "index.html").read_text(encoding="utf-8") == "site"


def test_a_file_is_not_an_output_folder(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["sim", "--games", "1", "--quiet", "--out", str(tmp_path / "notes.txt")]) == 2
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_print_writes_the_file_it_is_told_to_and_refuses_a_folder(tmp_path, capsys):
    (tmp_path / "cards.pdf").mkdir()
    assert main(["print", str(core_pack_path()), "--out", str(tmp_path / "cards.pdf")]) == 2
    assert "is a folder; name the file to write" in capsys.readouterr().err


def test_plays_default_log_name_never_writes_over_a_file(tmp_path, monkeypatch, capsys):
    from rulecraft.cli import play_ui

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play_ui, "default_log", lambda directory, seed: directory / "taken.jsonl")
    (tmp_path / "rulecraft-games").mkdir()
    (tmp_path / "rulecraft-games" / "taken.jsonl").write_text("mine", encoding="utf-8")
    assert main(["play", "--seed", "1"]) == 2
    assert "taken.jsonl already exists" in capsys.readouterr().err
    assert (tmp_path / "rulecraft-games" / "taken.jsonl").read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("name", ["pack.yaml", "weapons.yaml"])
def test_print_never_writes_over_a_file_of_the_pack_it_prints(tmp_path, capsys, name):
    """`print PACK --out PACK/pack.yaml` wrote the PDF over the pack's own manifest (issue 28)."""
    pack = tmp_path / "tem-core"
    shutil.copytree(core_pack_path(), pack)
    before = (pack / name).read_bytes()
    assert main(["print", str(pack), "--out", str(pack / name)]) == 2
    assert f"tem-core's own {name}" in capsys.readouterr().err
    assert (pack / name).read_bytes() == before
