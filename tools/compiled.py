"""Build or remove the optional compiled game loop (issue 14): ``python tools/compiled.py build|clean``.

The modules a simulation spends its time in (the runtime core and Tiny Epic Mechs' rule areas) are
compiled with Cython, as they are, into extension modules beside their sources, which Python imports in
their place; without them the same pure-Python modules run, so ``make run`` never needs a C compiler.
Both play identical games (``make test``'s goldens pass either way). Each compiled copy ends with a check
of its source's SHA-256, so a module edited after the build is refused at import until rebuilt
(``rulecraft.runtime.native``). ``make compiled`` and ``make clean-compiled`` run this script; ``python -m
bench sim`` measures it.
"""

from __future__ import annotations

import hashlib
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


# Appended to each compiled copy: the extension refuses to load once its source has changed.
VERIFY = ("\n\nfrom rulecraft.runtime.native import verify_source as _verify_source\n"
          "_verify_source(__file__, {digest!r})\ndel _verify_source\n")


def build() -> None:
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    sources = BUILD / "src"
    extensions = []
    for name, path in HOT.items():
        text = (ROOT / path).read_bytes()
        copy = sources / path
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(text + VERIFY.format(digest=hashlib.sha256(text).hexdigest()).encode())
        extensions.append(Extension(name, [str(copy)]))
    os.chdir(BUILD)      # setuptools must not read the project's own pyproject.toml
    setup(name="rulecraft-compiled", ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES,
                                                           build_dir=str(BUILD / "c"), quiet=True),
          script_args=["build_ext", "--build-lib", str(BUILD / "lib"), "--parallel", "2", "--quiet"])
    for name, path in HOT.items():
        built = next((BUILD / "lib").glob(name.replace(".", "/") + ".*"))
        shutil.copy(built, (ROOT / path).with_name(built.name))


def clean() -> None:
    for path in HOT.values():
        for suffix in EXTENSION_SUFFIXES:
            (ROOT / (path.removesuffix(".py") + suffix)).unlink(missing_ok=True)
    shutil.rmtree(BUILD, ignore_errors=True)


if __name__ == "__main__":
    if sys.argv[1:] not in (["build"], ["clean"]):
        sys.exit("usage: python tools/compiled.py build|clean")
    build() if sys.argv[1] == "build" else clean()
