"""Generate: run the diagnostic example cases (tests/content/*/CASE/expected.yaml) as a user would.

A case is a folder with an ``expected.yaml`` that pins the exact diagnostics (code, file, line, column)
a ``rulecraft`` command reports on it; the format is described in tests/content/README.md. The test
suite runs every case through ``run``, and the diagnostics reference runs the same cases at docs
build time to show each error code's real output, so the page can never show a message rulecraft
no longer prints.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import re
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from unittest import mock

import yaml

SPEC = "expected.yaml"
TMP = "{tmp}"                     # in a command: a fresh temporary folder, shown as $TMP
LIMITS = {"max_file_bytes": "MAX_FILE_BYTES", "max_depth": "MAX_DEPTH"}   # loader limits a case may lower
HEADER = re.compile(r"^(?:(?P<file>[^\s:][^:]*?)(?::(?P<line>\d+)(?::(?P<column>\d+))?)?: )?"
                    r"(?P<severity>error|warning|note)\[(?P<code>[a-z0-9-]+)\]: ", re.MULTILINE)

Located = tuple[str, str | None, int | None, int | None]   # code, file, line, column


@dataclass(frozen=True)
class Case:
    folder: Path
    spec: dict[str, Any]

    @property
    def name(self) -> str:
        return f"{self.folder.parent.name}/{self.folder.name}"

    @property
    def about(self) -> str:
        """The first comment of expected.yaml: what the case pins, in one sentence."""
        text = (self.folder / SPEC).read_text(encoding="utf-8")
        lines = [line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#")]
        return " ".join(lines)

    @property
    def argv(self) -> list[str]:
        """The command line after ``rulecraft``, paths relative to the case folder."""
        if "command" in self.spec:
            return [str(part) for part in self.spec["command"]]
        pack_path = [arg for folder in self.spec.get("pack_path", []) for arg in ("--pack-path", folder)]
        return ["check", *self.spec.get("check", ["pack"]), *pack_path]

    @property
    def expected(self) -> list[Located]:
        return sorted((d["code"], d["file"], d.get("line"), d.get("column"))
                      for d in self.spec.get("diagnostics", []))

    def codes(self) -> set[str]:
        return {code for code, *_ in self.expected}


def find_cases(*roots: Path) -> list[Case]:
    """Every case folder directly under ``roots`` (those that exist), by name; absolute, because a case
    runs from its own folder."""
    folders = sorted(p for root in roots if root.is_dir() for p in root.resolve().iterdir()
                     if (p / SPEC).is_file())
    return [Case(p, yaml.safe_load((p / SPEC).read_text(encoding="utf-8")) or {}) for p in folders]


@dataclass(frozen=True)
class Run:
    exit_code: int
    output: str                   # stderr then stdout, as printed, with the temporary folder as $TMP

    def diagnostics(self, case: Case, root: Path) -> list[Located]:
        """Each diagnostic printed, its file relative to the case folder (else to ``root``)."""
        found = []
        for match in HEADER.finditer(self.output):
            line, column = match["line"], match["column"]
            found.append((match["code"], _relative(case.folder, root, match["file"]),
                          int(line) if line else None, int(column) if column else None))
        return sorted(found)

    def has_errors(self) -> bool:
        return any(match["severity"] == "error" for match in HEADER.finditer(self.output))

    def shown(self) -> str:
        """Only the diagnostics (each header and its indented source, caret and hint lines)."""
        kept: list[str] = []
        inside = False
        for line in self.output.splitlines():
            inside = bool(HEADER.match(line)) or (inside and line.startswith(" "))
            if inside:
                kept.append(line)
        return "\n".join(kept)


def _relative(folder: Path, root: Path, file: str | None) -> str | None:
    if file is None:
        return None
    path = (folder / file).resolve()
    for base in (folder.resolve(), root.resolve()):
        if path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return file


def run(case: Case) -> Run:
    """Run the case's command in-process from its folder, with its test plugins, limits or injected bug."""
    from rulecraft.cli.main import main  # the CLI imports this library, not the reverse

    with tempfile.TemporaryDirectory(prefix="rulecraft-example-") as tmp, _context(case, tmp):
        argv = [arg.replace(TMP, tmp) for arg in case.argv]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:   # argparse's own usage errors
                code = exit_.code if isinstance(exit_.code, int) else 2
        output = err.getvalue() + out.getvalue()
        places = ((Path(tmp).resolve(), "$TMP"), (Path(tmp), "$TMP"), (case.folder.resolve(), "."))
        for folder, shown in places:
            output = output.replace(str(folder), shown)
        return Run(code, output)


@contextlib.contextmanager
def _context(case: Case, tmp: str) -> Iterator[None]:
    from rulecraft.compiler import loader
    from rulecraft.plugins import games

    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.chdir(case.folder))
        stack.enter_context(mock.patch.object(tempfile, "tempdir", tmp))     # crash reports land in $TMP
        for name, value in case.spec.get("limits", {}).items():
            stack.enter_context(mock.patch.object(loader, LIMITS[name], value))
        if case.spec.get("plugins"):      # test plugins: modules in the case folder, variants of a game
            stack.enter_context(mock.patch.dict(sys.modules))
            stack.enter_context(mock.patch.object(sys, "path", [str(case.folder.resolve()), *sys.path]))
        if case.spec.get("games"):        # test games: GameDefinitions in the case folder, registered by id
            stack.enter_context(mock.patch.dict(sys.modules))
            stack.enter_context(mock.patch.object(sys, "path", [str(case.folder.resolve()), *sys.path]))
        # rulecraft's own games and the case's only: a case's output never depends on what else is installed
        registered = _with_games(case.spec.get("games", {}), case.spec.get("plugins", {}))
        stack.enter_context(mock.patch.object(games, "registered", registered))
        if "bug" in case.spec:            # internal-error: no content can cause it, so the case plants one
            module, attribute = case.spec["bug"].split(":")
            stack.enter_context(mock.patch.object(importlib.import_module(module), attribute, _planted_bug))
        yield


def _with_games(extra: dict[str, str], plugins: dict[str, dict[str, str]]) -> Any:
    """``rulecraft.plugins.games.registered`` limited to the games rulecraft itself ships, with the case's
    test games (``id: module:attribute``) added and its test plugins (``game: {name: module}``) among the
    first-party variants of their game: a third-party game installed beside rulecraft (the test-only Pig,
    a user's own) never changes what a case prints, e.g. ``game-missing``'s list of games."""
    from importlib.metadata import EntryPoint

    from rulecraft.plugins import games

    installed = games.registered

    @dataclass(frozen=True, slots=True)
    class CaseGame(games.RegisteredGame):
        """A registered game whose definition also lists the case's test plugins as its variants."""

        planted: tuple[tuple[str, str], ...] = ()

        def load(self) -> games.GameDefinition:
            definition = games.RegisteredGame.load(self)
            planted = {name: games.Ref(module) for name, module in self.planted}
            return replace(definition, variants={**definition.variants, **planted})

    def registered() -> dict[str, Any]:
        found = {gid: games.RegisteredGame(gid, target, "(this case)",
                                           EntryPoint(gid, target, games.GAMES_ENTRY_POINT_GROUP))
                 for gid, target in extra.items()}
        shipped = {gid: entry for gid, entry in installed().items() if entry.distribution == "rulecraft"}
        every = {**shipped, **found}
        for gid, variants in plugins.items():
            entry = every[gid]
            every[gid] = CaseGame(entry.id, entry.target, entry.distribution, entry.entry_point,
                                  tuple(variants.items()))
        return dict(sorted(every.items()))

    return registered


def _planted_bug(*args: object, **kwargs: object) -> None:
    raise RuntimeError("a bug planted by the example case (expected.yaml `bug:`)")
