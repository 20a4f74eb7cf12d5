"""Generate: the per-user cache of compiled packs, keyed by a hash of everything that shapes them.

Entries are files of the user's signed store (``rulecraft.compiler.signed_store``: in a private folder
under ``$XDG_CACHE_HOME/rulecraft``, each HMAC-signed with the user's secret, read without following a
symlink, without blocking and under a size cap), never next to the installed package. An entry is JSON
(generated Python source and texts, no pickle), written only for a stack whose effects all compiled
without a problem; the key covers the pack files' bytes, the rulecraft version, the generator version,
the effect compiler's own source (:func:`compiler_fingerprint`) and the vocabulary fingerprint (so a
plugin that adds a verb invalidates it). ``rulecraft check`` compiles through it too, so a warm entry
spares the parse of every effect (issue 14).

Only an entry this user's rulecraft signed is read at all: one planted by anyone else, even with every
public hash below recomputed, fails its signature and is recompiled, never run (issue 28). Within a
signed entry each compiled ability is still bound to what produced it: :func:`binding` hashes the effect
source, the entity kind, the vocabulary fingerprint and the generator version together with the
generated code and texts, re-derived on load from the pack's *current* effect source; and whatever is
read back is verified by ``verify.py`` before it is compiled, whose limits (no unbounded loop, small
constants, bounded size) hold even for an entry someone re-hashed by hand.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable
from importlib import resources
from typing import Any

from rulecraft.compiler.signed_store import SignedStore

GENERATOR_VERSION = "4"   # 3: entries bind each ability to its source (binding); 4: in the signed store
STORE = SignedStore("effects")


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
    """The entry stored under ``key`` with the text it was read from, or ``None`` when missing, not
    signed by this user, unreadable or not for this key."""
    payload = STORE.read(key)
    if payload is None:
        return None
    try:
        text = payload.decode("utf-8")
        entry = json.loads(text)
    except ValueError:
        return None
    return (text, entry) if isinstance(entry, dict) and entry.get("key") == key else None


def write(key: str, entry: dict[str, Any]) -> None:
    """Store an entry, signed and atomically; a cache that cannot be written is silently skipped."""
    STORE.write(key, json.dumps({**entry, "key": key}).encode("utf-8"))
