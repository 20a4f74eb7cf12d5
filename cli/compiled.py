"""Run: the front end of the optional compiled game loop (``make compiled``, ``make clean-compiled``).

``python -m rulecraft.cli.compiled build|clean [--into DIR]`` builds or removes, with
:mod:`rulecraft.runtime.native`, the runtime core's modules and every registered game's ``compiled``
modules (its ``GameDefinition``), together: a game's rule classes subclass the core's, and mypyc compiles
a class with its bases. ``--into`` builds into a folder of its own (for ``native.use``), leaving the
checkout as it is. ``install`` (``make compiled``, ``make run``, ``make test``) builds into the
environment's folder the command line imports (``native.installed_folder``), only when the build there is
not current, and says in one line what it did: built, up to date, or why rulecraft runs pure Python (no
mypyc, no C compiler, no Python headers, or the build failed); it never fails ``make``.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Sequence
from pathlib import Path

from rulecraft.runtime import games, native


def modules() -> list[str]:
    """What the compiled loop is made of: the runtime core's modules, then each registered game's."""
    found = list(native.CORE)
    for game in games.known_games():
        found += games.get(game).compiled
    return found


def cannot_build() -> str | None:
    """Why this machine cannot build the compiled loop (no mypyc, C compiler or Python headers), or None."""
    import importlib.util

    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy, the test extra)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler} is not on PATH)"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "no Python headers (Python.h) to compile against"
    return None


def install() -> str:
    """Build the loop into the environment's folder unless the build there is current; one line of what
    it did."""
    found, folder = modules(), native.installed_folder()
    if native.unusable(folder, found) is None:
        return f"compiled game loop: up to date ({len(found)} modules, {folder})"
    why = cannot_build()
    if why is not None:
        return f"compiled game loop: not built, {why}; rulecraft runs pure Python"
    fresh = folder.with_name(folder.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "rulecraft.cli.compiled", "build", "--into", str(fresh)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        shutil.rmtree(fresh, ignore_errors=True)
        lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]   # the error last
        return (f"compiled game loop: the build failed ({lines[-1] if lines else f'exit {done.returncode}'});"
                " rulecraft runs pure Python")
    shutil.rmtree(folder, ignore_errors=True)
    fresh.rename(folder)
    took = time.perf_counter() - start
    return f"compiled game loop: built {len(found)} modules with mypyc in {took:.0f} s ({folder})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulecraft.cli.compiled",
                                     description="Build or remove the optional compiled game loop (mypyc).")
    parser.add_argument("command", choices=("install", "build", "clean", "list"),
                        help="build it into this environment unless it is current there, build it beside "
                             "the sources, remove both, or list the modules it compiles")
    parser.add_argument("--into", type=Path, metavar="DIR",
                        help="build into DIR's package folders instead (see rulecraft.runtime.native.use)")
    args = parser.parse_args(argv)
    if args.into is not None and args.command != "build":
        parser.error("--into goes with build")
    if args.into is not None and args.into.exists() and any(args.into.iterdir()):
        parser.error(f"--into {args.into}: not an empty folder (a build never writes over what is there)")
    if args.command == "install":
        print(install())
    elif args.command == "build":
        native.build(modules(), args.into)
    elif args.command == "clean":
        native.clean(modules())
        shutil.rmtree(native.installed_folder(), ignore_errors=True)
    else:
        print("\n".join(modules()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
