"""Run: the front end of the optional compiled game loop (``make compiled``, ``make clean-compiled``).

``python -m rulecraft.cli.compiled build|clean [--into DIR]`` builds or removes, with
:mod:`rulecraft.runtime.native`, the runtime core's modules and every registered game's ``compiled``
modules (its ``GameDefinition``), together: a game's rule classes subclass the core's, and mypyc compiles
a class with its bases. ``--into`` builds into a folder of its own (for ``native.use``), leaving the
checkout as it is.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from rulecraft.runtime import games, native


def modules() -> list[str]:
    """What the compiled loop is made of: the runtime core's modules, then each registered game's."""
    found = list(native.CORE)
    for game in games.known_games():
        found += games.get(game).compiled
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulecraft.cli.compiled",
                                     description="Build or remove the optional compiled game loop (mypyc).")
    parser.add_argument("command", choices=("build", "clean", "list"),
                        help="build it beside the sources, remove it, or list the modules it compiles")
    parser.add_argument("--into", type=Path, metavar="DIR",
                        help="build into DIR's package folders instead (see rulecraft.runtime.native.use)")
    args = parser.parse_args(argv)
    if args.into is not None and args.command != "build":
        parser.error("--into goes with build")
    if args.into is not None and args.into.exists() and any(args.into.iterdir()):
        parser.error(f"--into {args.into}: not an empty folder (a build never writes over what is there)")
    if args.command == "build":
        native.build(modules(), args.into)
    elif args.command == "clean":
        native.clean(modules())
    else:
        print("\n".join(modules()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
