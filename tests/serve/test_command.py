"""``rulecraft serve`` itself: it listens on 127.0.0.1 unless ``--host`` says otherwise, and then says so;
it claims its tables folder like every output folder, and refuses a pack that is not there."""

from __future__ import annotations

import pytest
from serve_kit import PIG

from rulecraft.cli.main import main


@pytest.fixture
def listening(monkeypatch):
    import uvicorn

    calls: list[dict] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append(options))
    return calls


def test_serve_binds_the_loopback_unless_told(listening, tmp_path, capsys):
    assert main(["serve", PIG, "--tables", str(tmp_path / "t")]) == 0
    assert listening[-1]["host"] == "127.0.0.1" and listening[-1]["ws_max_size"] == 4096
    assert "not only on this computer" not in capsys.readouterr().out
    assert main(["serve", PIG, "--tables", str(tmp_path / "t"), "--host", "0.0.0.0"]) == 0
    assert listening[-1]["host"] == "0.0.0.0"
    assert "Listening on 0.0.0.0:8000, not only on this computer" in capsys.readouterr().out


def test_serve_never_takes_a_folder_it_did_not_write(listening, tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["serve", PIG, "--tables", str(tmp_path)]) == 2
    assert "files rulecraft did not write" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "mine" and not listening


def test_serve_refuses_a_missing_pack(listening, tmp_path, capsys):
    assert main(["serve", str(tmp_path / "nowhere"), "--tables", str(tmp_path / "t")]) == 2
    assert "no such pack folder" in capsys.readouterr().err and not listening
