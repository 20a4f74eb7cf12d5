"""Packs and logs name plugins by registered name only (issue 9): no string from a file is ever imported.

A name resolves to a plugin rulecraft ships or one an installed distribution registers under its game's
``rulecraft.plugins.<game>`` entry-point group; anything else is ``plugin-unknown`` at the manifest entry
(a pack) or a usage error naming the log's line (a log). Each case runs the real CLI as a user would
(``python -m`` in the folder holding the stranger's files, where the current folder is first on
``sys.path``).
"""

from __future__ import annotations

import json

import pytest
from security_helpers import cli, write_pack

from rulecraft.cli.main import main
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime import logs
from rulecraft.runtime.decisions import RandomAgent

PAYLOAD = "import pathlib; pathlib.Path('RAN').write_text('a pack ran code')\n"


def _hostile_folder(tmp_path):
    """A pack naming `this`, `os` and `evil`, with `evil.py` beside it and a distribution's metadata that
    registers `evil` as a plugin, all in the folder the user runs rulecraft from."""
    folder = write_pack(tmp_path / "pk", plugins="[this, os, evil]")
    (folder / "evil.py").write_text(PAYLOAD, encoding="utf-8")
    dist = folder / "evil-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: evil\nVersion: 1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[rulecraft.plugins.tem]\nevil = evil\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("command", [["check", "."], ["sim", ".", "--games", "1", "--quiet"],
                                     ["docs", ".", "--out", "../site"], ["print", ".", "--out", "../c.pdf"],
                                     ["play", "."]])
def test_a_pack_naming_modules_is_refused_and_runs_nothing(tmp_path, command):
    folder = _hostile_folder(tmp_path)
    result = cli(*command, cwd=folder)
    assert result.returncode == 1, result.stderr
    for column, name in ((11, "this"), (17, "os"), (21, "evil")):
        assert f"pack.yaml:6:{column}: error[plugin-unknown]: no plugin is registered as '{name}'" \
            in result.stdout + result.stderr      # check prints diagnostics on stdout, the others on stderr
    assert "Traceback" not in result.stderr and "Beautiful is better" not in result.stdout + result.stderr
    assert not (folder / "RAN").exists()
    assert not (tmp_path / "site").exists() and not (tmp_path / "c.pdf").exists()


def test_an_unknown_name_gets_a_did_you_mean_over_the_registered_names(tmp_path):
    folder = write_pack(tmp_path / "pk", plugins="[robot-pilot]")
    [problem] = check_packs([folder]).diagnostics
    assert (problem.code.code, problem.line, problem.column) == ("plugin-unknown", 6, 11)
    assert problem.hint == "did you mean 'robot-pilots'?"


def test_a_registered_plugin_still_loads(tmp_path):
    folder = write_pack(tmp_path / "pk", plugins="[robot-pilots]")
    assert check_packs([folder]).ok


def test_the_command_line_names_plugins_by_registered_name_too(tmp_path, capsys):
    assert main(["sim", "--games", "1", "--quiet", "--plugin", "this"]) == 2
    assert "no plugin is registered as 'this'" in capsys.readouterr().err


# --- logs ------------------------------------------------------------------------------------------
def _log(core, path, **changes):
    game = Game(core, [RandomAgent(f"log/{i}") for i in range(2)], seed="log")
    game.play()
    head = logs.header(core, [], [], "log", [p.colour for p in game.players], ["random"] * 2)
    head.update(changes)
    logs.write(path, head, game.events)
    return path


@pytest.mark.parametrize("command", [["replay", "game.jsonl"], ["replay", "game.jsonl", "--watch"],
                                     ["play", "--resume", "game.jsonl"]])
def test_a_log_naming_a_module_is_a_usage_error_before_anything_loads(core, tmp_path, command):
    _log(core, tmp_path / "game.jsonl", plugins=["venv.__main__"], play={"human": 0, "solo": False})
    (tmp_path / "evil.py").write_text(PAYLOAD, encoding="utf-8")
    for name in ("venv.__main__", "evil"):
        _log(core, tmp_path / "game.jsonl", plugins=[name], play={"human": 0, "solo": False})
        result = cli(*command, cwd=tmp_path)
        assert result.returncode == 2, result.stderr
        assert f"game.jsonl:1: the header names plugin '{name}', which is not registered" in result.stderr
        assert "verified" not in result.stdout and "Traceback" not in result.stderr
        assert sorted(p.name for p in tmp_path.iterdir()) == ["evil.py", "game.jsonl"]   # no venv, no RAN


@pytest.mark.parametrize(("changes", "message"), [
    ({"seed": {"a": 1}}, "header field 'seed' must be a number or a text"),
    ({"colours": 3}, "header field 'colours' must be a list of texts"),
    ({"plugins": "robot-pilots"}, "header field 'plugins' must be a list of texts"),
    ({"play": {"human": 7}}, "header field 'play' must give the human's seat (0-1)"),
])
def test_a_malformed_header_is_a_usage_error_naming_line_1(core, tmp_path, capsys, changes, message):
    path = _log(core, tmp_path / "game.jsonl", **changes)
    for command in (["replay", str(path)], ["replay", str(path), "--watch"], ["play", "--resume", str(path)]):
        assert main(command) == 2, command
        assert f"game.jsonl:1: {message}" in capsys.readouterr().err


def test_a_decision_for_a_seat_the_log_does_not_have_is_a_usage_error_naming_its_line(core, tmp_path,
                                                                                      capsys):
    path = _log(core, tmp_path / "game.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if '"e":"decision"' in line)
    event = json.loads(lines[number])
    lines[number] = logs.dumps({**event, "player": 5})
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    expected = f"game.jsonl:{number + 1}: decision for player 5, not a seat of this log"
    assert expected in capsys.readouterr().err
