"""``rulecraft replay``: a logged game replays identically (exit 0); a tampered log fails (exit 1)."""

from __future__ import annotations

from rulecraft.cli.main import main
from rulecraft.plugins.tem.engine import Game
from rulecraft.runtime import logs
from rulecraft.runtime.decisions import RandomAgent


def write_log(core, path, seed="cli"):
    game = Game(core, [RandomAgent(f"{seed}/{i}") for i in range(3)], seed=seed)
    game.play()
    head = logs.header(core, [], [], seed, [p.colour for p in game.players], ["random"] * 3)
    logs.write(path, head, game.events)
    return game


def test_replay_verifies_a_log(core, tmp_path, capsys):
    write_log(core, tmp_path / "game.jsonl")
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 0
    assert "replayed identically" in capsys.readouterr().out


def test_replay_reports_the_first_differing_event(core, tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    write_log(core, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if '"e":"decision"' in line and '"kind":"program"' in line)
    lines.insert(i, lines[i])                          # one answer too many: the game diverges
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "differs" in capsys.readouterr().out


def test_replay_of_a_missing_or_foreign_file_is_a_usage_error(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"hello": 1}\n', encoding="utf-8")
    assert main(["replay", str(foreign)]) == 2
    assert "not a rulecraft log" in capsys.readouterr().err
