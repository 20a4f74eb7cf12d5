"""The dispatcher's promise: no traceback reaches a user; a bug gives exit 3 and a crash report file."""

from __future__ import annotations

import re

import pytest

from rulecraft.cli import main as cli


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


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["no-such-command"])
    assert exit_.value.code == cli.EXIT_USAGE
    assert "error[usage]" in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.startswith("rulecraft ")
