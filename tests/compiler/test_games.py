"""Issue 12: a game is a plugin. The registry (``rulecraft.games`` entry points), ``rulecraft games``, the
manifest's ``game:`` (inherited through ``depends``) and logs whose header names their game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from rulecraft.cli.main import main
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime import games, logs
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import GameDefinition, GameLoadError, Ref, RegisteredGame, UnknownGame

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def core():
    from rulecraft.plugins.tem.build import load_ruleset

    return load_ruleset()


def test_tem_is_registered_through_the_entry_point_group_like_any_game():
    entry = games.registered()["tem"]
    assert entry.target == "rulecraft.plugins.tem.game:GAME"
    assert entry.distribution == "rulecraft"
    tem = games.get("tem")
    assert (tem.id, tem.name, tem.players, tem.default_pack) == ("tem", "Tiny Epic Mechs", (2, 4), "tem-core")


def test_every_member_of_every_registered_game_resolves():
    for gid in games.known_games():
        game = games.get(gid)
        refs = [getattr(game, name) for name in game.__dataclass_fields__
                if isinstance(getattr(game, name), Ref)]
        refs += [*game.stack_checks, *game.builtin_plugins, *game.variants.values(), *game.agents.values()]
        for ref in refs:
            assert ref.load() is not None, f"{gid}: {ref}"


def test_an_unknown_game_is_refused_with_did_you_mean():
    with pytest.raises(UnknownGame) as caught:
        games.get("tme")
    assert caught.value.hint == "did you mean 'tem'?"
    with pytest.raises(UnknownGame):
        games.get(["tem"])          # data from a stranger: only a registered id, never another value


def _registration(gid: str, target: str) -> RegisteredGame:
    return RegisteredGame(gid, target, "x", EntryPoint(gid, target, games.GAMES_ENTRY_POINT_GROUP))


def test_a_broken_registration_names_itself():
    with pytest.raises(GameLoadError, match="must agree"):
        _registration("pig", "rulecraft.plugins.tem.game:GAME").load()
    with pytest.raises(GameLoadError, match="not a GameDefinition"):
        _registration("tem", "rulecraft.plugins.tem.game:KINDS").load()
    with pytest.raises(GameLoadError, match="failed to load"):
        _registration("tem", "rulecraft.plugins.no_such_game:GAME").load()


def test_loading_every_definition_imports_no_engine_schema_or_dsl():
    """The registry (itself in the runtime package) imports nothing else of the core to list the games."""
    code = ("import sys; from rulecraft.runtime import games; [games.get(g) for g in games.known_games()]; "
            "print(sorted(m for m in sys.modules if m.startswith(('rulecraft.runtime', 'rulecraft.compiler', "
            "'lark', 'jsonschema', 'yaml')) and m not in ('rulecraft.runtime', 'rulecraft.runtime.games')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_rulecraft_games_lists_what_is_registered(capsys):
    assert main(["games", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"id": "tem", "name": "Tiny Epic Mechs", "players": [2, 4], "default_pack": "tem-core",
            "distribution": "rulecraft"} in rows


def test_a_definition_says_which_player_counts_it_accepts():
    game = GameDefinition(id="pig", name="Pig", players=(2, 6), default_pack="pig-core")
    assert game.accepts(2) and game.accepts(6) and not game.accepts(1) and not game.accepts(7)


def _pack(folder, **manifest):
    folder.mkdir(parents=True)
    data = {"id": folder.name, "name": folder.name, "version": "1.0.0", "files": [], **manifest}
    (folder / "pack.yaml").write_text(json.dumps(data), encoding="utf-8")
    return folder


def test_a_pack_inherits_its_game_from_what_it_depends_on(tmp_path):
    mod = _pack(tmp_path / "mod", depends=[{"id": "tem-core"}])
    on_mod = _pack(tmp_path / "on-mod", depends=[{"id": "mod"}])
    result = check_packs([on_mod], [tmp_path])
    assert result.ok, result.diagnostics
    assert result.game == "tem" and result.stack.game == "tem"
    assert check_packs([mod]).game == "tem"


def test_a_pack_may_name_the_game_it_inherits(tmp_path):
    assert check_packs([_pack(tmp_path / "mod", game="tem", depends=[{"id": "tem-core"}])]).ok


def test_the_built_ruleset_and_the_log_header_name_the_game(core):
    assert core.source["game"] == "tem"
    head = logs.header(core, [], [], 1, ["red", "blue"], ["random", "random"])
    assert head["game"] == "tem"


def test_a_log_of_an_unregistered_game_is_a_usage_error_with_did_you_mean(core, tmp_path, capsys):
    game = Game(core, [RandomAgent(f"g/{i}") for i in range(2)], seed="g")
    game.play()
    head = {**logs.header(core, [], [], "g", [p.colour for p in game.players], ["random"] * 2), "game": "tme"}
    logs.write(tmp_path / "game.jsonl", head, game.events)
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 2
    assert "did you mean 'tem'?" in capsys.readouterr().err
    del head["game"]
    logs.write(tmp_path / "old.jsonl", head, game.events)
    assert main(["replay", str(tmp_path / "old.jsonl")]) == 2
    assert "header field 'game'" in capsys.readouterr().err


def test_the_compiled_effects_cache_key_names_the_game():
    from rulecraft.compiler.effects.pack import stack_key
    from rulecraft.plugins.tem.vocabulary import VOCABULARY

    stack = check_packs([Path(__file__).resolve().parents[2] / "content" / "tem-core"]).stack
    key = stack_key(stack, VOCABULARY)
    stack.game = "another-game"
    assert stack_key(stack, VOCABULARY) != key


def test_a_users_venv_holds_the_shipped_games_only():
    """Issue 20 item 8: test-only games are registered for the test session (tests/conftest.py), never
    installed in the venv, so after `make test` a user's `rulecraft games` and its hints list the games
    rulecraft ships, and nothing else."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    listed = subprocess.run([sys.executable, "-m", "rulecraft.cli", "games", "--format", "json"], env=env,
                            capture_output=True, text=True, check=True).stdout
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert {row["id"] for row in json.loads(listed)} == set(project["entry-points"]["rulecraft.games"])
    assert "pig" in games.known_games()     # while this session sees the test-only game
