"""Generate: run the diagnostic example cases (tests/content/*/CASE/expected.yaml) as a user would.

A case is a folder with an ``expected.yaml`` that pins the exact diagnostics (code, file, line, column)
a ``rulecraft`` command reports on it; the format is described in tests/content/README.md. This module
reads the cases and a run's output; the command line runs them (``rulecraft.cli.example_cases``). The
test suite runs every case, and the diagnostics reference runs the same cases at docs build time to
show each error code's real output, so the page can never show a message rulecraft no longer prints.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulecraft.runtime import games

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


def game_cases(game: str) -> Path | None:
    """The folder of the example cases of ``game``'s own error codes: its definition's ``error_cases``,
    relative to the source tree of the distribution registering it (the nearest folder above its
    definition's module that holds a ``pyproject.toml``); None without one, or outside a source tree (an
    installed wheel): cases are tests of a checkout, not data a wheel installs."""
    relative = games.get(game).error_cases
    spec = importlib.util.find_spec(games.registered()[game].target.partition(":")[0])
    if not relative or spec is None or spec.origin is None:
        return None
    here = Path(spec.origin).resolve().parent
    root = next((folder for folder in (here, *here.parents) if (folder / "pyproject.toml").is_file()), None)
    return root / relative if root is not None and (root / relative).is_dir() else None


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
