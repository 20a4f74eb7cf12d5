"""Plugin results are checked at the hook facade (issue 9): a wrong type or range, or a SystemExit, is a
PluginError naming the plugin and the hook; the game aborts cleanly and `sim` reports the failed games
and exits 1. KeyboardInterrupt still stops the run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rulecraft.plugins import manager
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.game import VARIANTS
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.errors import PluginError
from rulecraft.runtime.games import Ref

PLUGINS = {
    "wrong_type": "@hookimpl\ndef rulecraft_round_scores(game, player):\n    return 'lots'\n",
    "huge_vp": "@hookimpl\ndef rulecraft_round_scores(game, player):\n    return [('bribe', 10**9)]\n",
    "bad_seat": "@hookimpl\ndef rulecraft_starting_player(game):\n    return 9\n",
    "bool_seat": "@hookimpl\ndef rulecraft_starting_player(game):\n    return True\n",
    "off_board": "@hookimpl\ndef rulecraft_move_destination(game, player, card, orientation):\n"
                 "    return 10**6\n",
    "exits": "@hookimpl\ndef rulecraft_round_start(game):\n    raise SystemExit(0)\n",
    "interrupts": "@hookimpl\ndef rulecraft_round_start(game):\n    raise KeyboardInterrupt\n",
}


@pytest.fixture
def plugin_folder(tmp_path, monkeypatch):
    """Each plugin of PLUGINS as a module, registered under its name like a shipped one."""
    for name, body in PLUGINS.items():
        (tmp_path / f"rulecraft_test_{name}.py").write_text(
            "from rulecraft.plugins.hookspecs import hookimpl\n\n\n" + body, encoding="utf-8")
        monkeypatch.setitem(VARIANTS, name, Ref(f"rulecraft_test_{name}"))
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def _play(core, plugin: str) -> Game:
    game = Game(core, [RandomAgent(f"r/{i}") for i in range(2)], seed="results",
                hooks=manager.make_hooks("tem", [plugin], installed=False))
    with pytest.raises(PluginError) as raised:
        game.play()
    assert raised.value.plugin == plugin
    return game


@pytest.mark.parametrize(("plugin", "hook", "expected"), [
    ("wrong_type", "rulecraft_round_scores", "returned 'lots'; expected a list of (source, vp) pairs"),
    ("huge_vp", "rulecraft_round_scores", "between -1000 and 1000"),
    ("bad_seat", "rulecraft_starting_player", "returned 9; expected a seat number 0-1"),
    ("bool_seat", "rulecraft_starting_player", "returned True; expected a seat number"),
    ("off_board", "rulecraft_move_destination", "expected a cell of the arena holding a zone"),
    ("exits", "rulecraft_round_start", "SystemExit"),
])
def test_a_bad_result_or_a_system_exit_aborts_the_game_naming_plugin_and_hook(core, plugin_folder, plugin,
                                                                                hook, expected):
    game = _play(core, plugin)
    assert game.aborted.startswith(f"PluginError: plugin '{plugin}' failed in hook {hook}")
    assert expected in game.aborted
    assert game.events[-1]["e"] == "abort"


def test_keyboard_interrupt_still_stops_the_run(core, plugin_folder):
    game = Game(core, [RandomAgent(f"r/{i}") for i in range(2)], seed="results",
                hooks=manager.make_hooks("tem", ["interrupts"], installed=False))
    with pytest.raises(KeyboardInterrupt):
        game.play()


@pytest.mark.parametrize("plugin", ["wrong_type", "exits"])
def test_sim_reports_the_failed_games_and_exits_1(tmp_path, plugin):
    """The real CLI, with the plugin installed as a distribution (its entry point on PYTHONPATH)."""
    site = tmp_path / "site"
    (site / "bad-0.1.dist-info").mkdir(parents=True)
    (site / "bad-0.1.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: bad\nVersion: 0.1\n")
    (site / "bad-0.1.dist-info" / "entry_points.txt").write_text(
        "[rulecraft.plugins.tem]\nbad = rulecraft_test_bad\n")
    (site / "rulecraft_test_bad.py").write_text("from rulecraft.plugins.hookspecs import hookimpl\n\n\n"
                                               + PLUGINS[plugin], encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run([sys.executable, "-m", "rulecraft.cli", "sim", "--games", "3", "--quiet",
                             "--players", "2", "--plugin", "bad"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    assert result.stdout.count("aborted game") == 3
    assert "plugin 'bad' failed in hook" in result.stdout and "Traceback" not in result.stderr
