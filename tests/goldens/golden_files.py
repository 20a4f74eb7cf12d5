"""Goldens: a game's frozen hashes (a JSON file of name -> hash), what differs, and the script that lists or
rewrites them; shared by every game's goldens script (``tem_goldens.py``, ``mecha_goldens.py``,
``teq_goldens.py``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path


def frozen(path: Path) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8"))


def differences(want: dict[str, str], got: dict[str, str]) -> list[str]:
    return [f"{name}: {'missing' if name not in got else 'new' if name not in want else 'changed'}"
            for name in sorted(want.keys() | got.keys()) if want.get(name) != got.get(name)]


def main(path: Path, compute: Callable[[], dict[str, str]]) -> None:
    """List the goldens that differ from ``path``, or (``--write``) rewrite it."""
    current = compute()
    if "--write" in sys.argv[1:]:
        path.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {len(current)} goldens to {path.name}")
    else:
        print("\n".join(differences(frozen(path), current)) or f"all {len(current)} goldens match")
