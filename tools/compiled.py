"""Build or remove the optional compiled game loop (issue 14): ``python tools/compiled.py build|clean``.

The modules a simulation spends its time in (the runtime core and Tiny Epic Mechs' rule areas) are
compiled with Cython, unchanged, into extension modules beside their sources, which Python imports in
their place; without them the same pure-Python modules run, so ``make run`` never needs a C compiler.
Both play identical games (``make test``'s goldens pass either way). A module edited after the build is
refused at import until rebuilt (``rulecraft.runtime.native``). ``make compiled`` and ``make
clean-compiled`` run this script; measured in ``python -m bench sim``.
"""

from __future__ import annotations

import os
import shutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"
# The hot path of `rulecraft sim` (cProfile: where the game loop's own time goes), by module name.
HOT = {f"rulecraft.runtime.{m}": f"runtime/{m}.py" for m in ("game", "decisions", "views")} | {
    f"rulecraft.plugins.tem.{m}": f"plugins/tem/{m}.py"
    for m in ("engine", "movement", "equipment", "abilities", "rounds", "actions", "combat", "knockouts",
              "mech", "state", "effects")}
DIRECTIVES = {"language_level": 3, "binding": True,
              "annotation_typing": False}   # type hints stay hints: a dict-like argument need not be a dict


def build() -> None:
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    BUILD.mkdir(parents=True, exist_ok=True)
    extensions = [Extension(name, [str(ROOT / path)]) for name, path in HOT.items()]
    os.chdir(BUILD)      # setuptools must not read the project's own pyproject.toml
    setup(name="rulecraft-compiled", ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES,
                                                           build_dir=str(BUILD / "c"), quiet=True),
          script_args=["build_ext", "--build-lib", str(BUILD / "lib"), "--parallel", "2", "--quiet"])
    for name, path in HOT.items():
        built = next((BUILD / "lib").glob(name.replace(".", "/") + ".*"))
        shutil.copy(built, (ROOT / path).with_name(built.name))   # written now: newer than its source


def clean() -> None:
    for path in HOT.values():
        for suffix in EXTENSION_SUFFIXES:
            (ROOT / (path.removesuffix(".py") + suffix)).unlink(missing_ok=True)
    shutil.rmtree(BUILD, ignore_errors=True)


if __name__ == "__main__":
    if sys.argv[1:] not in (["build"], ["clean"]):
        sys.exit("usage: python tools/compiled.py build|clean")
    build() if sys.argv[1] == "build" else clean()
