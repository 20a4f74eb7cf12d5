"""Run: the optional compiled game loop (``make compiled``) is only ever loaded while it matches its sources.

``make compiled`` builds the hot modules of the game loop with Cython into extension modules beside their
``.py`` files, which Python then imports in their place (identical games and logs, issue 14). An extension
older than its source would run code that is no longer in the tree, so each package holding some checks,
as it is imported, that none is: a stale one is an ImportError saying how to rebuild or remove it.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path


def check_fresh(package: str | Path) -> None:
    """Raise ImportError if an extension module in the folder of ``package`` (a package's ``__file__``)
    was built before its ``.py`` source last changed."""
    folder = Path(package).parent
    for suffix in EXTENSION_SUFFIXES:
        for built in folder.glob(f"*{suffix}"):
            source = folder / (built.name.removesuffix(suffix) + ".py")
            if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
                raise ImportError(f"{built}: compiled before {source.name} last changed; rebuild the "
                                  "compiled game loop with `make compiled` or remove it with "
                                  "`make clean-compiled`")
