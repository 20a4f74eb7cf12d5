"""Load: a Mecha Game pack folder (``content/mecha-core``) read into a :class:`Ruleset`.

The files are those the manifest lists, each a mapping with ``kind`` and ``entries``, read with PyYAML's
safe loader; a card's type is its file's kind (towers, mechas, commands). This reads plain entries only:
layering (``replace``, ``patch``, ``extends``) and located diagnostics come from the compiler once the game
host (issue 12) registers Mecha Game, which then builds the ruleset from the resolved entities through
the same :func:`~rulecraft.plugins.mecha.model.build_ruleset`.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from rulecraft.plugins.mecha.model import COMMAND, MECHA, TOWER, Ruleset, build_ruleset

CARD_KINDS = {"towers": TOWER, "mechas": MECHA, "commands": COMMAND}
CORE = "mecha-core"


def entities(folder: Path | Traversable) -> dict[str, list[dict[str, Any]]]:
    """Every entry of the pack's files, by kind; cards carry their ``type``."""
    manifest = yaml.safe_load(folder.joinpath("pack.yaml").read_text(encoding="utf-8"))
    found: dict[str, list[dict[str, Any]]] = {}
    for name in manifest.get("files", ()):
        doc = yaml.safe_load(folder.joinpath(name).read_text(encoding="utf-8"))
        kind = doc["kind"]
        for entry in doc.get("entries", ()):
            if kind in CARD_KINDS:
                entry = {**entry, "type": CARD_KINDS[kind]}
            found.setdefault(kind, []).append(entry)
    return found


def load_pack(folder: Path | Traversable) -> Ruleset:
    found = entities(folder)
    cards = [c for kind in CARD_KINDS for c in found.get(kind, ())]
    rules = (found.get("rules") or [{}])[0]
    return build_ruleset(cards, found.get("decks", []), rules)


@cache
def core_ruleset() -> Ruleset:
    """The shipped ``mecha-core`` pack (read once per process; the ruleset is immutable)."""
    return load_pack(resources.files("rulecraft.content").joinpath(CORE))
