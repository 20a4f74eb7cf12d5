"""The author guides' code samples run as written: files are written, commands are run, results checked."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from rulecraft.cli.main import main

DOCS = Path(__file__).resolve().parents[2] / "site" / "docs"
FILE_BLOCK = re.compile(r'^```\w+ title="([^"]+)"\n(.*?)^```', re.MULTILINE | re.DOTALL)
SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)


def samples(page: str) -> tuple[dict[str, str], list[list[str]]]:
    text = (DOCS / page).read_text(encoding="utf-8")
    files = {name: body for name, body in FILE_BLOCK.findall(text)}
    commands = [shlex.split(line) for block in SHELL_BLOCK.findall(text) for line in block.splitlines()
                if line.startswith("rulecraft ")]
    return files, commands


def test_modding_tutorial_runs_as_written(tmp_path, monkeypatch, capsys):
    files, commands = samples("guides/modding.md")
    assert set(files) == {"my-pack/pack.yaml", "my-pack/weapons.yaml"}
    assert [c[1] for c in commands] == ["check", "explain", "sim", "docs"]
    for name, body in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for command in commands:
        assert main(command[1:]) == 0, " ".join(command)
    err = capsys.readouterr().err
    assert "check ok: tem-core, my-pack: 0 error(s)" in err  # what the tutorial promises
    weapons = (tmp_path / "build" / "my-site" / "reference" / "weapons.html").read_text(encoding="utf-8")
    assert "Ion Harpoon" in weapons
    assert "After you attack: The enemy loses 1 Credit." in weapons  # generated from the new ability
    assert "changed by <code>my-pack</code>: damage, power_damage" in weapons
