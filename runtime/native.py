"""Run: the optional compiled game loop: ``python -m rulecraft.runtime.native build|clean MODULE...``.

``make compiled`` names the modules a simulation spends its time in (the runtime core and a game's rule
areas) and builds each with Cython, as it is, into an extension module beside its source, which Python
then imports in its place; ``make clean-compiled`` removes them. Without them the same pure-Python modules
run, so nothing else ever needs Cython or a C compiler. Both play identical games (the goldens pass
either way). Each compiled copy ends with a call of :func:`verify_source` with the SHA-256 of the source it
was built from, so an extension whose ``.py`` has changed since (an edit, a checkout) is an ImportError
saying how to rebuild or remove it, never stale code running. ``python -m bench sim`` measures the gain.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# Appended to each compiled copy: the extension refuses to load once its source has changed.
VERIFY = ("\n\nfrom rulecraft.runtime.native import verify_source as _verify_source\n"
          "_verify_source(__file__, {digest!r})\ndel _verify_source\n")
DIRECTIVES = {"language_level": 3, "binding": True,
              "annotation_typing": False}   # type hints stay hints: a dict-like argument need not be a dict


def verify_source(built: str, digest: str) -> None:
    """Raise ImportError unless the ``.py`` beside the extension module ``built`` (its ``__file__``) hashes
    to ``digest``; an extension without its source beside it (an installed wheel) is accepted."""
    path = Path(built)
    stem = next((path.name.removesuffix(s) for s in EXTENSION_SUFFIXES if path.name.endswith(s)), path.stem)
    source = path.with_name(stem + ".py")
    if source.exists() and hashlib.sha256(source.read_bytes()).hexdigest() != digest:
        raise ImportError(f"{path}: compiled from an older {source.name}; rebuild the compiled game loop "
                          "with `make compiled` or remove it with `make clean-compiled`")


def _source(module: str) -> Path:
    """The ``.py`` source of ``module`` (also when its compiled extension is what would be imported)."""
    spec = importlib.util.find_spec(module)
    source = Path(spec.origin).with_name(module.rpartition(".")[2] + ".py") if spec and spec.origin else None
    if source is None or not source.exists():
        raise SystemExit(f"{module}: not a module with a Python source")
    return source


def build(modules: Sequence[str]) -> None:
    """Compile ``modules`` (dotted names) into extension modules beside their sources."""
    import os
    import shutil
    import tempfile

    # build-time tools, optional: imported by name so that nothing else needs them (or their stubs)
    cythonize = importlib.import_module("Cython.Build").cythonize
    setuptools = importlib.import_module("setuptools")

    sources = {module: _source(module) for module in modules}
    with tempfile.TemporaryDirectory(prefix="rulecraft-compiled-") as work:
        extensions = []
        for module, source in sources.items():
            text = source.read_bytes()
            copy = Path(work, "src", *module.split(".")).with_suffix(".py")
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(text + VERIFY.format(digest=hashlib.sha256(text).hexdigest()).encode())
            extensions.append(setuptools.Extension(module, [str(copy)]))
        os.chdir(work)       # setuptools must not read the project's own pyproject.toml
        setuptools.setup(name="rulecraft-compiled",
                         script_args=["build_ext", "--build-lib", "lib", "--parallel", "2"],
                         ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES, build_dir="c",
                                               quiet=True))
        for module, source in sources.items():
            built = next(Path(work, "lib", *module.split(".")[:-1]).glob(module.rpartition(".")[2] + ".*"))
            shutil.copy(built, source.with_name(built.name))


def clean(modules: Sequence[str]) -> None:
    """Remove the extension modules of ``modules``: their pure-Python sources run again."""
    for module in modules:
        source = _source(module)
        for suffix in EXTENSION_SUFFIXES:
            source.with_suffix(suffix).unlink(missing_ok=True)


if __name__ == "__main__":
    command, *names = sys.argv[1:] or [""]
    if command not in ("build", "clean") or not names:
        sys.exit("usage: python -m rulecraft.runtime.native build|clean MODULE...")
    (build if command == "build" else clean)(names)
