"""Issue 12: the core names no game. No file under compiler/ or runtime/ mentions Tiny Epic Mechs' own
things (its Mighty Mech, pilots, Robots); they live in its game plugin, plugins/tem/."""

from __future__ import annotations

import re
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
