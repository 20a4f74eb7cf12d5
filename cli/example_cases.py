"""Run: the diagnostic example cases (tests/content/*/CASE/expected.yaml) as a user would: the
``rulecraft`` command in-process, from the case's folder, with the case's test plugins and games, lowered
loader limits or planted bug (the case format: ``rulecraft.compiler.docgen.examples``).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any
from unittest import mock

from rulecraft.cli.main import EXIT_INTERRUPTED, main
from rulecraft.compiler import loader
from rulecraft.compiler.docgen.examples import LIMITS, TMP, Case, Run
from rulecraft.runtime import games


def run_case(case: Case) -> Run:
    """Run the case's command in-process from its folder, with its test plugins, limits or injected bug."""
    with tempfile.TemporaryDirectory(prefix="rulecraft-example-") as tmp, _context(case, tmp):
        argv = [arg.replace(TMP, tmp) for arg in case.argv]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:   # argparse's own usage errors
                code = exit_.code if isinstance(exit_.code, int) else 2
        if code == EXIT_INTERRUPTED:      # the user's Ctrl-C during the example, which main caught: not the
            raise KeyboardInterrupt       # example's result; `rulecraft docs` stops (it went on building)
        output = err.getvalue() + out.getvalue()
        places = ((Path(tmp).resolve(), "$TMP"), (Path(tmp), "$TMP"), (case.folder.resolve(), "."))
        for folder, shown in places:
            output = output.replace(str(folder), shown)
        return Run(code, output)


@contextlib.contextmanager
def _context(case: Case, tmp: str) -> Iterator[None]:
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


@dataclass(frozen=True, slots=True)
class _CaseGame(games.RegisteredGame):
    """A registered game whose definition also lists a case's test plugins among its variants."""

    planted: tuple[tuple[str, str], ...] = ()

    def load(self) -> games.GameDefinition:
        definition = games.RegisteredGame.load(self)
        planted = {name: games.Ref(module) for name, module in self.planted}
        return replace(definition, variants={**definition.variants, **planted})


def _with_games(extra: dict[str, str], plugins: dict[str, dict[str, str]]) -> Any:
    """``rulecraft.runtime.games.registered`` limited to the games rulecraft itself ships, with the case's
    test games (``id: module:attribute``) added and its test plugins (``game: {name: module}``) among the
    first-party variants of their game: a third-party game installed beside rulecraft (the test-only Pig,
    a user's own) never changes what a case prints, e.g. ``game-missing``'s list of games."""
    installed = games.registered

    def registered() -> dict[str, Any]:
        found = {gid: games.RegisteredGame(gid, target, "(this case)",
                                           EntryPoint(gid, target, games.GAMES_ENTRY_POINT_GROUP))
                 for gid, target in extra.items()}
        shipped = {gid: entry for gid, entry in installed().items() if entry.distribution == "rulecraft"}
        every: dict[str, games.RegisteredGame] = {**shipped, **found}
        for gid, variants in plugins.items():
            entry = every[gid]
            every[gid] = _CaseGame(entry.id, entry.target, entry.distribution, entry.entry_point,
                                   tuple(variants.items()))
        return dict(sorted(every.items()))

    return registered


def _planted_bug(*args: object, **kwargs: object) -> None:
    raise RuntimeError("a bug planted by the example case (expected.yaml `bug:`)")
