"""Generate: the per-user cache of compiled packs, keyed by a hash of everything that shapes them.

Entries live under ``$XDG_CACHE_HOME/rulecraft`` (default ``~/.cache/rulecraft``), never next to
the installed package. An entry is JSON (generated Python source and texts, no pickle), written only
for a stack whose effects all compiled without a problem; the key covers the pack files' bytes, the
rulecraft version, the generator version, the effect compiler's own source
(:func:`compiler_fingerprint`) and the vocabulary fingerprint (so a plugin that adds a verb
invalidates it). ``rulecraft check`` compiles through it too, so a warm entry spares the parse of
every effect (issue 14).

Each compiled ability in an entry is bound to what produced it: :func:`binding` hashes the effect
source, the entity kind, the vocabulary fingerprint and the generator version together with the
generated code and texts; it is stored in the entry and re-derived on load from the pack's *current*
effect source, so an entry whose code was edited, or that was made for another source, is ignored and
recompiled (a debug note on the ``rulecraft`` logger), never run. Whatever is read back is still
verified by ``verify.py`` before it is compiled, whose limits (no unbounded loop, small constants,
bounded size) hold even for an entry someone re-hashed by hand.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

GENERATOR_VERSION = "3"   # 3: entries bind each ability to its source (binding)


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulecraft" / "effects"


@functools.cache
def compiler_fingerprint() -> str:
    """A hash of the effect compiler's own source (its modules and grammar): an entry records that its
    effects compiled without a problem, so a compiler that checks or generates differently, even one
    between two releases of the same version, must not trust it."""
    digest = hashlib.sha256()
    folder = resources.files("rulecraft.compiler.effects")
    for name in sorted(f.name for f in folder.iterdir() if f.name.endswith((".py", ".lark"))):
        data = folder.joinpath(name).read_bytes()
        digest.update(name.encode() + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def cache_key(parts: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for part in (GENERATOR_VERSION, compiler_fingerprint(), *parts):
        data = part.encode("utf-8")
        digest.update(len(data).to_bytes(8, "big") + data)  # length-prefixed: no ambiguous joins
    return digest.hexdigest()


def binding(source: str, entity_kind: str, vocabulary: str, triggers: Iterable[str],
            python: Iterable[str], texts: Iterable[str]) -> str:
    """The hash that binds one cached ability to the effect source and compiler that produced it."""
    return cache_key([source, entity_kind, vocabulary, *triggers, "\x00", *python, "\x00", *texts])


def read(key: str) -> tuple[str, dict[str, Any]] | None:
    """The entry stored under ``key`` with the text it was read from, or ``None`` when missing,
    unreadable or not for this key."""
    try:
        text = (cache_dir() / f"{key}.json").read_text(encoding="utf-8")
        entry = json.loads(text)
    except (OSError, ValueError):
        return None
    return (text, entry) if isinstance(entry, dict) and entry.get("key") == key else None


def write(key: str, entry: dict[str, Any]) -> None:
    """Store an entry atomically; a cache that cannot be written is silently skipped."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, suffix=".tmp",
                                         delete=False) as handle:
            json.dump({**entry, "key": key}, handle)
        os.replace(handle.name, folder / f"{key}.json")
    except OSError:
        return
