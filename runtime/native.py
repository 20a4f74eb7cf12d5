"""Run: an optional compiled module (``make compiled``) only ever runs while its source is the one it was
built from.

``make compiled`` builds the hot modules of the game loop with Cython into extension modules beside their
``.py`` files, which Python then imports in their place (identical games and logs, issue 14). The build
appends to each a call of :func:`verify_source` with the SHA-256 of the source it compiled, so an
extension whose ``.py`` has changed since (an edit, a checkout) is an ImportError saying how to rebuild or
remove it, never stale code running. The pure-Python modules never call it.
"""

from __future__ import annotations

import hashlib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path


def verify_source(built: str, digest: str) -> None:
    """Raise ImportError unless the ``.py`` beside the extension module ``built`` (its ``__file__``) hashes
    to ``digest``; an extension without its source beside it (an installed wheel) is accepted."""
    path = Path(built)
    stem = next((path.name.removesuffix(s) for s in EXTENSION_SUFFIXES if path.name.endswith(s)), path.stem)
    source = path.with_name(stem + ".py")
    if source.exists() and hashlib.sha256(source.read_bytes()).hexdigest() != digest:
        raise ImportError(f"{path}: compiled from an older {source.name}; rebuild the compiled game loop "
                          "with `make compiled` or remove it with `make clean-compiled`")
