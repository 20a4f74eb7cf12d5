"""Start-up (issue 14): a command imports only what it runs. The CLI imports the module of the one command
on its command line; with the caches warm (the compiled effects, the parser tables, the validation records)
``check`` imports neither lark nor jsonschema nor a process pool; a seat's agent is imported only when a
seat uses it. Each command runs in a fresh interpreter (a subprocess), with caches of its own. Speed itself
is measured in ``bench/bench_startup.py``, never here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulecraft.cli.main import COMMANDS, build_parser, commands_for

CORE = str(Path(__file__).resolve().parents[1] / "content" / "tem-core")
PROBE = ("import json, sys\nfrom rulecraft.cli.main import main\ncode = main(sys.argv[2:])\n"
         "open(sys.argv[1], 'w').write(json.dumps(sorted(sys.modules)))\n")


def _imported(tmp_path: Path, *argv: str) -> set[str]:
    """The modules a fresh process holds after running ``rulecraft ARGV``, with caches in ``tmp_path``."""
    out = tmp_path / "modules.json"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", PROBE, str(out), *argv], capture_output=True, text=True,
                          env=env, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return set(json.loads(out.read_text(encoding="utf-8")))


def _packages(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_a_warm_check_imports_no_parser_no_validator_and_no_other_command(tmp_path):
    cold = _imported(tmp_path, "check", CORE)
    assert {"lark", "jsonschema"} <= _packages(cold), "a cold check parses and validates"
    warm = _imported(tmp_path, "check", CORE)
    assert not {"lark", "jsonschema", "rich", "matplotlib", "multiprocessing"} & _packages(warm)
    assert not {f"rulecraft.cli.{m}" for m in COMMANDS.values() if m != "check"} & warm
    # nor the effect compiler's checker and generators (their node and IR classes: ~25 ms): cached handler
    # source is only verified and loaded
    stages = {f"rulecraft.compiler.effects.{m}" for m in ("parse", "check", "nodes", "ir", "pygen", "text")}
    assert stages <= cold and not stages & warm


def test_random_seats_import_no_heuristic_agent(tmp_path):
    argv = ("sim", CORE, "--games", "1", "--agents", "random,random,random,random", "--quiet")
    _imported(tmp_path, *argv)
    warm = _imported(tmp_path, *argv)
    assert "rulecraft.plugins.tem.heuristic" not in warm
    assert not {"lark", "jsonschema"} & _packages(warm)
    assert "rulecraft.plugins.tem.heuristic" in _imported(tmp_path, "sim", CORE, "--games", "1",
                                                          "--agents", "heuristic", "--quiet")


@pytest.mark.parametrize("argv", [[], ["--help"], ["--version"], ["chek", "x"], ["-h", "check"]])
def test_any_other_command_line_gets_the_parser_of_every_command(argv):
    assert list(commands_for(argv)) == list(COMMANDS)


def test_a_command_line_naming_a_command_gets_only_its_parser():
    assert list(commands_for(["dsl-reference"])) == ["dsl-reference"]
    assert list(commands_for(["check", CORE])) == ["check"]
    parser = build_parser(commands_for(["check", CORE]))
    assert parser.parse_args(["check", CORE]).command == "check"
