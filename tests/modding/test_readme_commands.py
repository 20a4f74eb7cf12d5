"""Issue 20 item 2: the README's "What a modder runs" commands, for both games, run as written (in a fresh
folder, as a modder's shell would) and succeed."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rulecraft.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SECTION = re.search(r"## What a modder runs\n(.*?)\n## ", (ROOT / "README.md").read_text(encoding="utf-8"),
                    re.DOTALL)
COMMANDS = [shlex.split(line) for line in re.search(r"```sh\n(.*?)```", SECTION.group(1), re.DOTALL)
            .group(1).splitlines() if line.strip()] if SECTION else []


def test_the_readme_shows_every_command_for_both_games():
    packs = {argv[3] for argv in COMMANDS if argv[1:3] == ["new", "pack"]}
    assert {argv[argv.index("--depends") + 1] for argv in COMMANDS if "--depends" in argv} == \
        {"tem-core", "mecha-core"}
    for pack in packs:
        assert [argv[1] for argv in COMMANDS if pack in argv] == ["new", "check", "sim", "sweep"]


def test_the_readme_commands_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for argv in COMMANDS:
        assert argv[0] == ".venv/bin/rulecraft"
        status = main(argv[1:])
        assert status == 0, (argv, capsys.readouterr().err[-2000:])
    assert (tmp_path / "build/report/report.html").is_file()
    assert (tmp_path / "build/mecha-report/report.html").is_file()


@pytest.fixture(autouse=True, scope="module")
def _commands_found():
    assert COMMANDS, "README.md has no ```sh block under 'What a modder runs'"
