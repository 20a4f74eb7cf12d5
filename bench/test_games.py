"""The test-only games (``tests/games/<game>/``, Pig) registered for a benchmark's own process, the way
``tests/conftest.py`` registers them for a test session: each gets the metadata ``pip install`` would write
(its name, version and entry points) in a temporary folder, and its sources go on ``sys.path``. Nothing is
installed in the venv."""

from __future__ import annotations

import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def register() -> None:
    from rulecraft.runtime.games import registered

    site = Path(tempfile.mkdtemp(prefix="rulecraft-bench-games-"))
    sources = []
    for pyproject in sorted((ROOT / "tests" / "games").glob("*/pyproject.toml")):
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        games = project.get("entry-points", {}).get("rulecraft.games", {})
        if set(games) <= set(registered()):
            continue
        info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: "
                                       f"{project['version']}\n", encoding="utf-8")
        (info / "entry_points.txt").write_text("".join(
            f"[{group}]\n" + "".join(f"{key} = {target}\n" for key, target in points.items())
            for group, points in project.get("entry-points", {}).items()), encoding="utf-8")
        sources.append(str(pyproject.parent))
    sys.path[:0] = [*sources, str(site)]
