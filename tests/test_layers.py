"""Issue 12: the core names no game, and every module has its place in the layers. No file under compiler/
or runtime/ mentions Tiny Epic Mechs' own things (its Mighty Mech, pilots, Robots); they live in its game
plugin, plugins/tem/. The import rules themselves are import-linter's contracts (`make lint`)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEM_WORDS = re.compile(r"mighty|pilot|robot", re.IGNORECASE)


def test_no_core_file_names_tiny_epic_mechs_pieces():
    offenders = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
                 for folder in ("compiler", "runtime") for path in sorted((ROOT / folder).rglob("*"))
                 if path.is_file() and path.suffix in (".py", ".lark", ".json", ".md", ".yaml")
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if TEM_WORDS.search(line)]
    assert offenders == [], "the core names no game:\n" + "\n".join(offenders)


def test_every_plugins_module_and_game_is_placed_in_the_layers():
    """Issue 12 item 6: the import-linter layers contract (pyproject.toml, run by `make lint`) names every
    module of the plugin host and every game folder under plugins/, so a new game is held to "no game
    imports another" and a new host module gets a place in the order the day it is added."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    [layers] = [contract["layers"] for contract in config["contracts"] if contract.get("id") == "layers"]
    placed = {name.strip(" ()") for layer in layers for name in re.split(r"[|:]", layer)}
    plugins = ROOT / "plugins"
    # a game's folder has its definition (game.py); any other package is the host's (the language server)
    games = [path.name for path in plugins.iterdir() if (path / "game.py").is_file()]
    host = [path.stem for path in plugins.glob("*.py") if path.stem != "__init__"]
    host += [path.name for path in plugins.iterdir()
             if (path / "__init__.py").is_file() and path.name not in games]
    found = {f"rulecraft.plugins.{name}" for name in [*games, *host]}
    assert sorted(found - placed) == []
    for contract in ("cli", "host"):   # the front ends and the plugin host reach every game by the registry
        [forbidden] = [c["forbidden_modules"] for c in config["contracts"] if c.get("id") == contract]
        assert sorted({f"rulecraft.plugins.{name}" for name in games} - set(forbidden)) == [], contract


def test_the_compiler_imports_nothing_from_plugins():
    """Issue 21 item 7: the registries live in the runtime, the layer the contract puts them in, so the
    folders show the layers: no compiler module imports from plugins/ (the `compiler` contract forbids the
    whole package, and this reads the sources as a reader would)."""
    imports = re.compile(r"^\s*(from|import)\s+rulecraft\.plugins\b", re.MULTILINE)
    offenders = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "compiler").rglob("*.py"))
                 if imports.search(path.read_text(encoding="utf-8"))]
    assert offenders == []
