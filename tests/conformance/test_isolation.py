"""Conformance: no game imports another game's modules (issue 12: "no game imports another"), and a game's
print-and-play cards are built on the shared card sheet (``rulecraft.compiler.docgen.cards``), never on
another game's card code (as Mecha Game's once were on Tiny Epic Mechs')."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from conformance_harness import definition

from rulecraft.compiler.docgen.cards.model import CardTemplates
from rulecraft.runtime import games
from rulecraft.runtime.games import Ref

SHARED_CARDS = "rulecraft.compiler.docgen.cards"


def package_of(game: str) -> str:
    """The package every member of the game's definition lives in: the common prefix of its modules."""
    spec = definition(game)
    refs = [v for v in (getattr(spec, n) for n in spec.__dataclass_fields__) if isinstance(v, Ref)]
    first, *rest = [ref.target.partition(":")[0].split(".") for ref in refs]
    length = min(len(first), *(len(m) for m in rest))
    shared = next((i for i in range(length) if any(m[i] != first[i] for m in rest)), length)
    return ".".join(first[:shared])


def source_files(package: str) -> list[Path]:
    found = importlib.util.find_spec(package)
    assert found is not None and found.submodule_search_locations, f"{package} is not a package"
    return sorted(p for folder in found.submodule_search_locations for p in Path(folder).rglob("*.py"))


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of the file (function-level imports too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_a_games_package_is_its_own():
    packages = {game: package_of(game) for game in games.known_games()}
    assert packages["tem"] == "rulecraft.plugins.tem" and packages["mecha"] == "rulecraft.plugins.mecha"
    assert len(set(packages.values())) == len(packages), packages


def test_it_imports_no_other_game(game):
    own = package_of(game)
    others = [package_of(g) for g in games.known_games() if g != game]
    offences = [f"{path.name}: {name}" for path in source_files(own) for name in imported(path)
                if any(name == o or name.startswith(o + ".") for o in others)]
    assert offences == [], f"{game} imports another game's modules: {offences}"


def test_its_cards_are_built_on_the_shared_card_sheet(game):
    spec = definition(game)
    if spec.card_templates is None:
        return      # no cards to print: `rulecraft print` refuses it (test_pack)
    templates = spec.card_templates.load()
    assert isinstance(templates, CardTemplates) and templates.icons, f"{game}: not a CardTemplates"
    module = importlib.util.find_spec(spec.card_templates.target.partition(":")[0])
    assert module is not None and module.origin is not None
    assert any(name.startswith(SHARED_CARDS) for name in imported(Path(module.origin)))
