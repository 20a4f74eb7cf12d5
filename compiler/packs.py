"""Load: find content packs, read their manifests and files, and put them in load order.

A pack is a folder with ``pack.yaml`` (see ``site/docs/reference/pack-format.md``). Contract:

- ``read_pack(folder, display) -> (Pack | None, diagnostics)`` reads one folder: manifest
  (validated against ``pack.schema.json``), versions parsed with ``packaging`` (PEP 440), and
  every file listed in ``files`` loaded with the safe loader, in manifest order.
- ``load_packs(paths, pack_path) -> (packs, diagnostics)`` reads the packs named on the command
  line and, transitively, the packs they depend on. A dependency is looked up by id in this order:
  the explicit paths, then each ``--pack-path`` folder (the folder itself and its subfolders), then
  the packs shipped in ``rulecraft.content`` (e.g. ``tem-core``) and by the installed games (each
  ``GameDefinition.packs``, e.g. the test-only game's ``pig-core``). The result is in load order:
  dependencies first, then by id. Each ``Pack.requires`` holds the ids of all packs it depends
  on, directly or not, which is what decides whether two packs may change the same field.

Packs are data from strangers: every file a pack reads (its manifest and each listed file) must resolve,
after symlinks, inside the pack folder (``file-outside-pack``) and be a regular file
(``not-a-regular-file``: a folder, a device, a pipe, a symlink loop), so a symlink to ``/etc/passwd``,
``/proc/self/environ`` or ``/dev/zero``, or a linked sub-folder, is never read.

An editor's unsaved buffers (``rulecraft lsp``) reach the packs as ``buffers``: the text to read in place of
a file, keyed by its resolved path. A buffer replaces only what a file the pack may read holds, after every
check above (``pack_file``), so it opens no file to a pack that the disk would not.

Errors (each located in the manifest that causes it): missing ``pack.yaml``, a listed file that
does not exist, a listed file outside the pack or not a regular file, a dependency cycle, a missing
dependency, a dependency version outside the range, a rulecraft version outside the pack's
``rulecraft`` range, a malformed version or range.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.errorcodes import ErrorCode
from rulecraft.compiler.loader import YAML_SUFFIXES, Document, file_kind, load_bytes, load_file
from rulecraft.compiler.validate import validate_manifest
from rulecraft.runtime.games import GameLoadError, get, known_games

MANIFEST = "pack.yaml"
CONTENT_PACKAGE = "rulecraft.content"

# An editor's unsaved texts by resolved file path; none: every file is read from disk.
Buffers = Mapping[Path, bytes]
NO_BUFFERS: Buffers = {}


def rulecraft_version() -> Version:
    try:
        return Version(metadata.version("rulecraft"))
    except metadata.PackageNotFoundError:  # pragma: no cover - running from an uninstalled tree
        return Version("0")


@dataclass(frozen=True, slots=True)
class Dependency:
    """One ``depends`` entry: a pack id and the versions accepted; ``index`` locates it."""

    id: str
    versions: SpecifierSet
    index: int
    text: str = "(any version)"


@dataclass(slots=True)
class Pack:
    """A pack as read from its folder: manifest data, parsed versions and its loaded files."""

    id: str
    version: Version
    folder: Traversable
    display: str
    manifest: Document
    depends: list[Dependency]
    documents: list[Document] = field(default_factory=list)
    requires: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        return self.manifest.data["name"]

    @property
    def plugins(self) -> list[str]:
        return list(self.manifest.data.get("plugins", []))

    def depends_on(self, other: str) -> bool:
        """True when ``other`` is one of this pack's dependencies, directly or not."""
        return other in self.requires


def display_path(folder: Traversable) -> str:
    """How a folder is shown in diagnostics: relative to the working directory when under it."""
    if isinstance(folder, Path):
        try:
            return str(folder.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return str(folder.resolve())
    return str(folder)


def pack_file(folder: Traversable, name: str) -> tuple[Traversable, tuple[ErrorCode, str] | None]:
    """``name`` (``/``-separated) in the pack ``folder``: the file to read, or the code and message saying
    why the pack may not read it. A shipped pack that is no plain folder (a zip) is rulecraft's own."""
    if not isinstance(folder, Path):
        entry = folder.joinpath(*name.split("/"))
        missing = (codes.MISSING_FILE, f"'{name}' does not exist in this pack")
        return entry, None if entry.is_file() else missing
    entry = folder.joinpath(*name.split("/"))
    try:
        resolved = entry.resolve(strict=True)
    except FileNotFoundError:
        return entry, (codes.MISSING_FILE, f"'{name}' does not exist in this pack")
    except (OSError, RuntimeError):   # a symlink loop: ELOOP, or RuntimeError before Python 3.13
        return entry, (codes.NOT_A_REGULAR_FILE, f"'{name}' is a symlink loop, not a regular file")
    if not resolved.is_relative_to(folder.resolve()):
        return entry, (codes.FILE_OUTSIDE_PACK, f"'{name}' leads outside the pack folder (to {resolved})")
    mode = resolved.stat().st_mode
    if file_kind(mode) != "a regular file":
        return entry, (codes.NOT_A_REGULAR_FILE, f"'{name}' is {file_kind(mode)}, not a regular file")
    return resolved, None


def _load(entry: Traversable, display: str,
          buffers: Buffers = NO_BUFFERS) -> tuple[Document | None, list[Diagnostic]]:
    """The document at ``entry`` (resolved and allowed by ``pack_file``), from its buffer when it has one."""
    if isinstance(entry, Path) and entry in buffers:
        return load_bytes(buffers[entry], display)
    if isinstance(entry, Path):
        return load_file(entry, display)
    return load_bytes(entry.read_bytes(), display)


def _join(display: str, name: str) -> str:
    return name if display in ("", ".") else f"{display}/{name}"


def _parse(manifest: Document) -> tuple[Version | None, list[Dependency], list[Diagnostic]]:
    data, problems = manifest.data, []
    version = None
    try:
        version = Version(data["version"])
    except InvalidVersion:
        problems.append(manifest.diagnostic(
            codes.PACK_MANIFEST, f"'{data['version']}' is not a valid version", ("version",),
            hint="use MAJOR.MINOR.PATCH, e.g. 1.0.0"))
    ranges: list[tuple[tuple, str]] = [(("rulecraft",), data["rulecraft"])] if "rulecraft" in data else []
    ranges += [(("depends", i, "version"), d["version"]) for i, d in enumerate(data.get("depends", []))
               if "version" in d]
    parsed: dict[tuple, SpecifierSet] = {}
    for path, text in ranges:
        try:
            parsed[path] = SpecifierSet(text)
        except InvalidSpecifier:
            problems.append(manifest.diagnostic(codes.PACK_MANIFEST, f"'{text}' is not a version range", path,
                                                hint="comma-separated comparisons, e.g. '>=1.0,<2'"))
    rulecraft = parsed.get(("rulecraft",))
    if rulecraft is not None and not rulecraft.contains(rulecraft_version(), prereleases=True):
        problems.append(manifest.diagnostic(
            codes.RULECRAFT_VERSION,
            f"pack needs rulecraft {rulecraft}, this is rulecraft {rulecraft_version()}", ("rulecraft",)))
    depends = [Dependency(d["id"], parsed.get(("depends", i, "version"), SpecifierSet()), i,
                          d.get("version", "(any version)")) for i, d in enumerate(data.get("depends", []))]
    return version, depends, problems


def _unlisted(folder: Traversable, listed: set[str], manifest: Document) -> list[Diagnostic]:
    names = sorted(entry.name for entry in folder.iterdir()
                   if entry.is_file() and entry.name.endswith(YAML_SUFFIXES) and entry.name != MANIFEST)
    return [manifest.diagnostic(codes.UNLISTED_FILE, f"'{name}' is in the pack folder but not in `files`",
                                ("files",), key=True, hint="add it to `files`, or move it out of the pack")
            for name in names if name not in listed]


def read_pack(folder: Traversable, display: str | None = None,
              buffers: Buffers = NO_BUFFERS) -> tuple[Pack | None, list[Diagnostic]]:
    """Read one pack folder: its manifest and every file it lists. ``None`` if the manifest is unusable."""
    display = display_path(folder) if display is None else display
    manifest_entry, refused = pack_file(folder, MANIFEST)
    if refused is not None and refused[0] is codes.MISSING_FILE:
        return None, [Diagnostic(codes.MISSING_MANIFEST, f"'{display}' is not a pack: it has no {MANIFEST}",
                                 display, hint="a pack folder starts with a pack.yaml manifest")]
    if refused is not None:
        return None, [Diagnostic(refused[0], refused[1], _join(display, MANIFEST))]
    manifest, problems = _load(manifest_entry, _join(display, MANIFEST), buffers)
    if manifest is None:
        return None, problems
    problems = validate_manifest(manifest)
    if problems:
        return None, problems
    version, depends, problems = _parse(manifest)
    if version is None:
        return None, problems
    pack = Pack(manifest.data["id"], version, folder, display, manifest, depends)
    files = manifest.data["files"]
    meant: set[str] = set()
    for index, name in enumerate(files):
        entry, refused = pack_file(folder, name)
        if refused is not None and refused[0] is codes.MISSING_FILE:
            missing, suggested = _missing_file(folder, name, set(files), manifest, index)
            problems.append(missing)
            meant.update(suggested)
            continue
        if refused is not None:
            problems.append(manifest.diagnostic(*refused, ("files", index)))
            continue
        document, found = _load(entry, _join(display, name), buffers)
        problems += found
        if document is not None:
            pack.documents.append(document)
    problems += _unlisted(folder, set(files) | meant, manifest)
    return pack, problems


def _folder_files(folder: Traversable, prefix: str = "", depth: int = 3) -> list[str]:
    """The files of a pack folder as ``files`` entries name them (``sub/name.yaml``), hidden ones left out."""
    found: list[str] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        if entry.is_file():
            found.append(prefix + entry.name)
        elif entry.is_dir() and depth > 0:
            found += _folder_files(entry, f"{prefix}{entry.name}/", depth - 1)
    return found


def _missing_file(folder: Traversable, name: str, listed: set[str], manifest: Document,
                  index: int) -> tuple[Diagnostic, list[str]]:
    """``missing-file`` for ``files[index]``, with did-you-mean over the folder's files not listed yet.
    Returns the suggested file too: it is the one meant, so it is not also reported as unlisted."""
    candidates = [f for f in _folder_files(folder) if f not in listed and f != MANIFEST]
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    yaml_files = [f for f in candidates if f.endswith(YAML_SUFFIXES)]
    hint = (f"did you mean '{close[0]}'?" if close else
            "files not listed yet: " + ", ".join(yaml_files[:8]) if yaml_files else None)
    return (manifest.diagnostic(codes.MISSING_FILE, f"'{name}' does not exist in this pack", ("files", index),
                                hint=hint), close)


def _peek_id(folder: Traversable) -> str | None:
    """A folder's pack id, read cheaply for lookup; ``read_pack`` reports any problem later."""
    entry, refused = pack_file(folder, MANIFEST)
    if refused is not None:
        return None
    document, _ = _load(entry, MANIFEST)
    data: Any = document.data if document is not None else None
    return data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None


def shipped_packs() -> list[Traversable]:
    """The pack folders shipped inside rulecraft (``rulecraft.content``), then those each installed game
    ships (the package its ``GameDefinition.packs`` names), by folder name within each package."""
    found: list[Traversable] = []
    for package in dict.fromkeys([CONTENT_PACKAGE, *_game_pack_packages()]):
        root = resources.files(package)
        found += sorted((e for e in root.iterdir() if e.is_dir() and e.joinpath(MANIFEST).is_file()),
                        key=lambda e: e.name)
    return found


def _game_pack_packages() -> list[str]:
    """The ``packs`` packages of the registered games, by game id. A game that fails to load is skipped
    here (``rulecraft games`` reports it): an unrelated broken game must not break another game's pack."""
    packages = []
    for game in known_games():
        try:
            package = get(game).packs
            if package:
                resources.files(package)   # the package exists and is importable
                packages.append(package)
        except (GameLoadError, ModuleNotFoundError, TypeError):
            continue
    return packages


class PackFinder:
    """Looks packs up by id: ``--pack-path`` folders first, then the shipped packs."""

    def __init__(self, pack_path: Sequence[Path] = ()):
        self.pack_path = list(pack_path)
        self._index: dict[str, tuple[Traversable, str]] | None = None

    def _candidates(self) -> Iterable[tuple[Traversable, str]]:
        for root in self.pack_path:
            if root.joinpath(MANIFEST).is_file():
                yield root, display_path(root)
            if root.is_dir():
                for child in sorted(root.iterdir()):
                    if child.is_dir() and child.joinpath(MANIFEST).is_file():
                        yield child, display_path(child)
        for folder in shipped_packs():
            yield folder, display_path(folder)

    def find(self, pack_id: str) -> tuple[Traversable, str] | None:
        """The folder (and its display path) of the first pack with this id, if any."""
        return self._packs().get(pack_id)

    def closest(self, pack_id: str) -> str | None:
        """The id of a findable pack ``pack_id`` is probably a misspelling of (``tem-kore``: ``tem-core``)."""
        close = difflib.get_close_matches(pack_id, sorted(self._packs()), n=1, cutoff=0.6)
        return close[0] if close else None

    def _packs(self) -> dict[str, tuple[Traversable, str]]:
        if self._index is None:
            self._index = {}
            for folder, display in self._candidates():
                found = _peek_id(folder)
                if found is not None:
                    self._index.setdefault(found, (folder, display))
        return self._index


def load_packs(paths: Sequence[Path], pack_path: Sequence[Path] = (),
               buffers: Buffers = NO_BUFFERS) -> tuple[list[Pack], list[Diagnostic]]:
    """Read the named packs and everything they depend on, in load order (see module docstring), each
    file from its editor's buffer in ``buffers`` when it has one."""
    problems: list[Diagnostic] = []
    packs: dict[str, Pack] = {}
    seen: set[Path] = set()
    for path in paths:
        folder = path.parent if path.name == MANIFEST else path
        if folder.resolve() in seen:  # the same folder named twice is one pack
            continue
        seen.add(folder.resolve())
        shown = display_path(folder) if folder.is_absolute() else str(folder)
        pack, found = read_pack(folder, shown, buffers)
        problems += found
        if pack is not None and pack.id in packs:
            problems.append(pack.manifest.diagnostic(
                codes.PACK_MANIFEST, f"pack '{pack.id}' is named twice (also at {packs[pack.id].display})",
                ("id",)))
        elif pack is not None:
            packs[pack.id] = pack
    problems += _add_dependencies(packs, PackFinder(pack_path), buffers)
    ordered, cycles = order(packs.values())
    return ordered, problems + cycles


def _add_dependencies(packs: dict[str, Pack], finder: PackFinder, buffers: Buffers) -> list[Diagnostic]:
    """Find, read and version-check every dependency of ``packs``, adding them to it."""
    problems: list[Diagnostic] = []
    queue, unreadable = list(packs.values()), set()
    while queue:
        pack = queue.pop(0)
        for dep in pack.depends:
            where = ("depends", dep.index, "id")
            if dep.id not in packs and dep.id not in unreadable:
                located = finder.find(dep.id)
                if located is None:
                    close = finder.closest(dep.id)
                    where_else = "name its folder on the command line or with --pack-path"
                    problems.append(pack.manifest.diagnostic(
                        codes.MISSING_DEPENDENCY, f"pack '{pack.id}' depends on '{dep.id}', not found",
                        where, hint=f"did you mean '{close}'? If not, {where_else}" if close else where_else))
                    continue
                found_pack, found = read_pack(*located, buffers)
                problems += found
                if found_pack is None:
                    unreadable.add(dep.id)
                    continue
                packs[dep.id] = found_pack
                queue.append(found_pack)
            other = packs.get(dep.id)
            if other is not None and not dep.versions.contains(other.version, prereleases=True):
                problems.append(pack.manifest.diagnostic(
                    codes.VERSION_MISMATCH, f"'{pack.id}' needs {dep.id} {dep.text}, found {other.version}",
                    ("depends", dep.index, "version"), hint=f"found in {other.display}"))
    return problems


def order(packs: Iterable[Pack]) -> tuple[list[Pack], list[Diagnostic]]:
    """Dependencies first, then by id; packs in a dependency cycle are reported and left out.

    Also fills each pack's ``requires`` with its transitive dependencies.
    """
    by_id = {p.id: p for p in packs}
    needs = {p.id: {d.id for d in p.depends if d.id in by_id} for p in by_id.values()}
    ordered: list[Pack] = []
    done: set[str] = set()
    while True:
        ready = sorted(pid for pid in by_id if pid not in done and needs[pid] <= done)
        if not ready:
            break
        pid = ready[0]
        pack = by_id[pid]
        pack.requires = frozenset(needs[pid]).union(*(by_id[d].requires for d in needs[pid]))
        ordered.append(pack)
        done.add(pid)
    return ordered, _cycles({pid: by_id[pid] for pid in by_id if pid not in done}, needs)


def _cycles(stuck: dict[str, Pack], needs: dict[str, set[str]]) -> list[Diagnostic]:
    """One located error per ``depends`` entry that closes a cycle among the packs left over."""
    problems = []
    for pid, pack in sorted(stuck.items()):
        for dep in pack.depends:
            if dep.id in stuck and _reaches(dep.id, pid, needs):
                problems.append(pack.manifest.diagnostic(
                    codes.DEPENDENCY_CYCLE, f"pack '{pid}' depends on '{dep.id}', which depends back on it",
                    ("depends", dep.index, "id"), hint="packs layer in one direction; remove one of the two"))
    return problems


def _reaches(start: str, goal: str, needs: dict[str, set[str]]) -> bool:
    seen, todo = set(), [start]
    while todo:
        current = todo.pop()
        if current == goal:
            return True
        if current not in seen:
            seen.add(current)
            todo.extend(needs.get(current, ()))
    return False
