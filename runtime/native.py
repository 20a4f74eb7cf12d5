"""Run: the optional compiled game loop, built and removed by ``make compiled`` / ``make clean-compiled``.

:func:`build` compiles the modules a simulation spends its time in (:data:`CORE`, the runtime core, and
each game's ``compiled`` modules; the front end is :mod:`rulecraft.cli.compiled`) with mypyc, as one
group, into extension modules beside their sources, which Python then imports in their place; :func:`clean`
removes them. mypyc turns each class into a native class (its attributes in a C struct, its methods called
through a vtable) and each call between the compiled modules into a C call: what a game loop is made of.
It reads the type hints mypy checks and enforces them at run time, so a hint that lies is a ``TypeError``
there, and a native class takes one base (a game's rule areas stack in one line of inheritance for it).
Without the extensions the same pure-Python modules run, so nothing else ever needs mypyc or a C compiler.
Both play identical games (``tests/runtime/test_compiled.py`` builds one with :func:`use` and compares).
Each compiled copy ends with a call of :func:`verify_source` with the SHA-256 of the source it was built
from, so an extension whose ``.py`` has changed since (an edit, a checkout) is an ImportError saying how to
rebuild or remove it, never stale code running. A compiled module must not read its own ``__file__``: in a
group mypyc derives it from the group library's folder, so it names no real file (the check goes by the
module's name). ``python -m bench sim`` measures the gain.

The build a user gets: ``make compiled`` (and so ``make run`` and ``make test``) builds the loop into the
environment rulecraft runs in (:func:`installed_folder`, a ``build --into`` folder beside the venv's
``bin``), where :data:`MANIFEST` records the SHA-256 of each source it was compiled from. The command line
(``rulecraft``, ``python -m rulecraft.cli``) calls :func:`activate` before it imports anything else: it
imports that build only while every source still hashes as recorded, for this Python, and runs pure
Python otherwise (``RULECRAFT_PURE=1`` asks for pure Python); :func:`running` says which
(``rulecraft --version``). So an edit or a checkout never runs stale or foreign compiled code, and never
stops a command either: it runs pure Python until the next ``make compiled``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# Appended to each compiled copy: the extension refuses to load once its source has changed.
VERIFY = ("\n\nfrom rulecraft.runtime.native import verify_source as _verify_source\n"
          "_verify_source(__name__, {digest!r})\ndel _verify_source\n")
# The runtime core's part of the loop: GameCore, its chance (every roll of Pig's die), the decisions and the
# choices in steps (Pig's Big Pig asks each die set aside as one).
CORE = ("rulecraft.runtime.game", "rulecraft.runtime.chance", "rulecraft.runtime.decisions",
        "rulecraft.runtime.steps")
# The C library every compiled module of the group lives in (the modules themselves are small shims that
# load it), beside this module's source: ``rulecraft.runtime.compiled_loop__mypyc``.
GROUP = "rulecraft.runtime.compiled_loop"
# What mypy reads of the rest of rulecraft to compile the group: the packages, under their installed names.
PACKAGES = ("cli", "compiler", "runtime", "plugins")
# A build folder's record of what it was compiled from: {"python": cache tag, "sources": {module: SHA-256}}.
MANIFEST = "sources.json"
PURE = "RULECRAFT_PURE"     # set (to anything but "" or "0"): the command line runs pure Python
_why_pure = "no compiled game loop is installed (`make compiled` builds it)"


class StaleBuild(ImportError):
    """A compiled module's source has changed since it was built: rebuild or remove the compiled loop."""


def verify_source(module: str, digest: str) -> None:
    """Raise :class:`StaleBuild` unless the source of ``module`` (its ``.py`` in its package's folders)
    hashes to ``digest``; a compiled module with no source beside it (an installed wheel) is accepted. By
    name, not by ``__file__``: a module of a group does not know its own file while it is being imported."""
    package, _, name = module.rpartition(".")
    for folder in sys.modules[package].__path__:
        source = Path(folder, f"{name}.py")
        if source.exists():
            if hashlib.sha256(source.read_bytes()).hexdigest() != digest:
                raise StaleBuild(f"{module} was compiled from an older {source}: rebuild it beside its "
                                 "sources with `python -m rulecraft.cli.compiled build` or remove it with "
                                 "`make clean-compiled` (`make compiled` builds the venv's instead)")
            return


def installed_folder() -> Path:
    """Where ``make compiled`` installs the compiled game loop: in the environment rulecraft runs in."""
    return Path(sys.prefix, "rulecraft-compiled")


def digests(modules: Sequence[str]) -> dict[str, str]:
    """Each module's source, by its SHA-256 now."""
    return {module: hashlib.sha256(_source(module).read_bytes()).hexdigest() for module in modules}


def _digest(module: str) -> str | None:
    """The SHA-256 of ``module``'s source now; None when it has none (a module gone since a build)."""
    package, _, name = module.rpartition(".")
    spec = importlib.util.find_spec(package)
    folders = spec.submodule_search_locations if spec is not None else None
    for folder in folders or ():
        source = Path(folder, f"{name}.py")
        if source.exists():
            return hashlib.sha256(source.read_bytes()).hexdigest()
    return None


def unusable(folder: Path, modules: Sequence[str] | None = None) -> str | None:
    """Why the build in ``folder`` must not be imported (none there, built for another Python, a source
    changed since, or, given ``modules``, built of other modules), or None when it is current."""
    try:
        recorded = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        python, built = recorded["python"], dict(recorded["sources"])
    except (OSError, ValueError, KeyError, TypeError):
        return "no compiled game loop is installed (`make compiled` builds it)"
    if python != sys.implementation.cache_tag:
        return f"the compiled game loop was built for {python} (`make compiled` rebuilds it)"
    if modules is not None and list(built) != list(modules):
        return "the compiled game loop was built of other modules (`make compiled` rebuilds it)"
    changed = [module for module, digest in built.items() if _digest(module) != digest]
    if changed:
        return f"{changed[0]} changed since the compiled game loop was built (`make compiled` rebuilds it)"
    return None


def activate() -> None:
    """Import the installed compiled game loop (:func:`installed_folder`) from now on in this process, when
    it is current and pure Python was not asked for; else run pure Python. Call it before any module of
    the loop is imported (the command line does, first); a build already in use is kept."""
    global _why_pure
    if _compiled():
        return
    if os.environ.get(PURE, "") not in ("", "0"):
        _why_pure = f"{PURE} is set"
        return
    folder = installed_folder()
    why = unusable(folder)
    if why is None:
        use(folder)
    else:
        _why_pure = why


def _compiled() -> bool:
    spec = importlib.util.find_spec(CORE[0])
    return spec is not None and spec.origin is not None and spec.origin.endswith(tuple(EXTENSION_SUFFIXES))


def running() -> str:
    """Which game loop this process imports: the compiled one, or pure Python and why."""
    if _compiled():
        return "compiled game loop (mypyc)"
    return f"pure Python ({_why_pure})"


def _folder(package: str) -> Path:
    """The folder of ``package`` (dotted), found without importing anything compiled in it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{package}: not a package")
    return Path(next(iter(spec.submodule_search_locations)))


def _source(module: str) -> Path:
    """The ``.py`` source of ``module`` (also when its compiled extension is what would be imported)."""
    package, _, name = module.rpartition(".")
    source = _folder(package) / f"{name}.py"
    if not source.exists():
        raise SystemExit(f"{module}: not a module with a Python source")
    return source


def _mirror(modules: Sequence[str], src: Path) -> list[str]:
    """rulecraft's packages under ``src`` by their installed names, for mypy to read: the modules to compile
    copied with :data:`VERIFY` appended, every other source linked. Returns the copies' paths."""
    compiled = {_source(module): module for module in modules}
    copies = []
    for package in PACKAGES:
        folder = _folder(f"rulecraft.{package}")
        for path in folder.rglob("*.py"):
            target = src / "rulecraft" / package / path.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            if path in compiled:
                text = path.read_bytes()
                target.write_bytes(text + VERIFY.format(digest=hashlib.sha256(text).hexdigest()).encode())
                copies.append(str(target.relative_to(src.parent)))
            else:
                target.symlink_to(path)
    if len(copies) != len(compiled):
        raise SystemExit("a module to compile is outside rulecraft's packages")
    return copies


def build(modules: Sequence[str], into: Path | None = None) -> None:
    """Compile ``modules`` (dotted names) with mypyc into extension modules beside their sources, or into
    the package folders under ``into`` (a build for :func:`use`, which leaves the checkout as it is)."""
    import os
    import shutil
    import tempfile

    # build-time tools, optional: imported by name so that nothing else needs them (or their stubs)
    mypycify = importlib.import_module("mypyc.build").mypycify
    setuptools = importlib.import_module("setuptools")

    into = into.resolve() if into is not None else None
    recorded = {"python": sys.implementation.cache_tag, "sources": digests(modules)}   # what it is built from
    with tempfile.TemporaryDirectory(prefix="rulecraft-compiled-") as work:
        copies = _mirror(modules, Path(work, "src"))
        os.chdir(work)       # setuptools must not read the project's own pyproject.toml
        os.environ["MYPYPATH"] = str(Path(work, "src"))
        extensions = mypycify(["--explicit-package-bases", "--follow-imports=silent", *copies],
                              opt_level="3", group_name=GROUP)
        setuptools.setup(name="rulecraft-compiled", ext_modules=extensions,
                         script_args=["--quiet", "build_ext", "--build-lib", "lib", "--parallel", "2"])
        for module in [*modules, f"{GROUP}__mypyc"]:
            package, _, name = module.rpartition(".")
            built = next(Path(work, "lib", *package.split(".")).glob(f"{name}.*"))
            folder = _folder(package) if into is None else into.joinpath(*package.split("."))
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy(built, folder / built.name)
    if into is not None:
        (into / MANIFEST).write_text(json.dumps(recorded, indent=1), encoding="utf-8")


def use(into: Path) -> None:
    """Import the compiled modules of a build made with ``into`` (``build --into``) in place of their
    sources, for the rest of this process: each package with extensions there looks in that folder first.
    Call it before any of them is imported (a test and ``bench sim`` run a compiled build this way). It
    holds for this process and the processes it forks; a process started afresh (``spawn``) imports the
    modules beside the sources unless it calls ``use`` too."""
    root = into.resolve()
    built = {path.parent for path in root.rglob("*") if path.name.endswith(tuple(EXTENSION_SUFFIXES))}
    for folder in sorted(built):
        package = importlib.import_module(".".join(folder.relative_to(root).parts))
        package.__path__.insert(0, str(folder))


def clean(modules: Sequence[str]) -> None:
    """Remove the extension modules of ``modules`` and their group's library: the pure-Python sources run
    again."""
    package, _, name = GROUP.rpartition(".")
    for path in [_source(module) for module in modules] + [_folder(package) / f"{name}__mypyc.py"]:
        for suffix in EXTENSION_SUFFIXES:
            path.with_suffix(suffix).unlink(missing_ok=True)
