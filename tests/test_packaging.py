"""The distribution installs under one namespace and no test or module imports a bare folder name."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGE_DIRS = PYPROJECT["tool"]["setuptools"]["package-dir"]
BARE_IMPORT = re.compile(r"^\s*(from|import)\s+(compiler|runtime|plugins|content|schemas|cli)(\.|\s|$)",
                         re.MULTILINE)


def test_every_package_folder_is_listed():
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = set()
    for package, folder in PACKAGE_DIRS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((package, *relative)))
    assert found == listed, "pyproject's [tool.setuptools] packages must list every package folder"


def test_every_top_level_folder_maps_into_the_rulecraft_namespace():
    assert all(name.startswith("rulecraft.") for name in PACKAGE_DIRS)


def test_no_bare_imports_of_top_level_folders():
    offenders = []
    for folder in [*PACKAGE_DIRS.values(), "tests", "bench"]:
        for source in (ROOT / folder).rglob("*.py"):
            for match in BARE_IMPORT.finditer(source.read_text(encoding="utf-8")):
                offenders.append(f"{source.relative_to(ROOT)}: {match.group(0).strip()}")
    assert not offenders, "import rulecraft.<package> instead:\n" + "\n".join(offenders)


def test_installed_namespace_imports():
    import rulecraft.cli
    import rulecraft.compiler
    import rulecraft.content
    import rulecraft.plugins
    import rulecraft.runtime
    import rulecraft.schemas  # noqa: F401
