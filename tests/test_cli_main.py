"""The dispatcher's promise: no traceback reaches a user; a bug gives exit 3 and a crash report file."""

from __future__ import annotations

import re

import pytest

from rulecraft.cli import main as cli
from rulecraft.runtime.native import StaleBuild


def _broken_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `rulecraft check` hit a bug (commands register their `run` when the parser is built)."""
    import rulecraft.cli.check

    monkeypatch.setattr(rulecraft.cli.check, "run", lambda args: {}["a bug"])


def test_an_internal_bug_exits_3_with_a_short_message_and_a_crash_report(monkeypatch, capsys):
    monkeypatch.delenv("RULECRAFT_DEBUG", raising=False)
    _broken_command(monkeypatch)
    assert cli.main(["check", "content/tem-core"]) == cli.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert "error[internal-error]: rulecraft check: KeyError" in err and "Traceback" not in err
    report = re.search(r"details are in (\S+):", err).group(1)
    with open(report, encoding="utf-8") as saved:
        text = saved.read()
    assert "command: rulecraft check content/tem-core" in text and "Traceback" in text


def test_debug_mode_shows_the_traceback(monkeypatch):
    monkeypatch.setenv("RULECRAFT_DEBUG", "1")
    _broken_command(monkeypatch)
    with pytest.raises(KeyError):
        cli.main(["check", "content/tem-core"])


STALE = StaleBuild("rulecraft.runtime.game was compiled from an older runtime/game.py: rebuild it beside its "
                   "sources with `python -m rulecraft.cli.compiled build` or remove it with `make "
                   "clean-compiled` (`make compiled` builds the venv's instead)")


def _stale(*_: object) -> None:
    raise STALE


@pytest.mark.parametrize("where", ["building the parser", "running the command"])
def test_a_stale_compiled_loop_is_a_usage_error_saying_how_to_rebuild(where, monkeypatch, capsys):
    """Importing a compiled module whose source changed since `make compiled` (runtime.native.StaleBuild),
    when a command's module is imported for the parser or later while it runs: exit 2 and the two ways out,
    no crash report."""
    import rulecraft.cli.check

    if where == "building the parser":
        monkeypatch.setattr(cli, "build_parser", _stale)
    else:
        monkeypatch.setattr(rulecraft.cli.check, "run", _stale)
    assert cli.main(["check", "content/tem-core"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "error[usage]: rulecraft" in err and "make compiled" in err and "make clean-compiled" in err
    assert "details are in" not in err and "Traceback" not in err


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["no-such-command"])
    assert exit_.value.code == cli.EXIT_USAGE
    assert "error[usage]" in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    said = capsys.readouterr().out
    assert exit_.value.code == 0 and said.startswith("rulecraft ")
    # which game loop runs (issue 27): this test process imported the pure-Python modules
    assert said.rstrip().endswith(")") and ", pure Python (" in said, said


@pytest.mark.parametrize("argv", [
    ["check", "no/such/pack"], ["explain", "no/such/pack", "weapons:x"], ["sim", "no/such/pack"],
    ["print", "no/such/pack", "--out", "cards.pdf"], ["docs", "no/such/pack", "--out", "site"],
    ["test", "no/such.yaml"], ["replay", "no/such.jsonl"], ["play", "--resume", "no/such.jsonl"],
], ids=lambda argv: argv[0])
def test_a_path_that_does_not_exist_is_file_not_found_in_every_command(argv, tmp_path, monkeypatch, capsys):
    """One code for one mistake, whichever command meets it (exit 2: a usage error, not content)."""
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert f"error[file-not-found]: rulecraft {argv[0]}: no such" in err
    assert not any(tmp_path.iterdir())     # nothing written
