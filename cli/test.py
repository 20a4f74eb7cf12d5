"""``rulecraft test PATH...``: run rule scenarios and report each by name, with the differences on failure.

Each scenario file says its game (``game:``), so one run may hold several games' scenarios. A PATH that is a
pack folder (it has a ``pack.yaml``) means that pack's rule tests, its ``scenarios/`` folder (where
``rulecraft new pack`` puts them), never its content files. Exit 0 when every scenario passes, 1 when one
fails or a scenario file has errors, 2 on usage errors.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from rulecraft.cli.main import PathNotFound, UsageError

MANIFEST = "pack.yaml"
PACK_SCENARIOS = "scenarios"     # a pack's rule tests (compiler.scaffold.SCENARIOS: what `new pack` writes)

EVENTS_SHOWN = 60


def register(subparsers) -> None:
    parser = subparsers.add_parser("test", help="run rule scenarios (given/when/then YAML files)",
                                   description=__doc__)
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="scenario files, folders searched for *.yaml recursively, or pack folders "
                             f"(their {PACK_SCENARIOS}/ folder)")
    parser.add_argument("-k", dest="match", metavar="TEXT",
                        help="run only scenarios whose name or covers contain TEXT")
    parser.add_argument("-q", "--quiet", action="store_true", help="print failures and the summary only")
    parser.set_defaults(run=run)


def scenario_paths(paths: list[Path]) -> list[Path]:
    """The paths to read scenarios from: a pack folder stands for its ``scenarios/`` folder."""
    found = []
    for path in paths:
        if not path.exists():
            raise PathNotFound(f"no such file or folder: {path}")
        if path.is_dir() and (path / MANIFEST).is_file():
            if not (path / PACK_SCENARIOS).is_dir():
                raise UsageError(f"{path} is a pack with no rule tests: they go in its {PACK_SCENARIOS}/ "
                                 "folder (`rulecraft new pack` starts one)")
            path = path / PACK_SCENARIOS
        found.append(path)
    return found


def run(args: argparse.Namespace) -> int:
    from rulecraft.compiler.diagnostics import DiagnosticError, format_human, has_errors
    from rulecraft.compiler.scenario_files import adapter, load_all
    from rulecraft.plugins.manager import PluginLoadError
    from rulecraft.runtime.scenarios import run as play

    paths = scenario_paths(args.paths)
    started = time.perf_counter()
    scenarios, diagnostics = load_all(paths)
    if diagnostics:
        print(format_human(diagnostics), file=sys.stderr)
    if args.match:
        scenarios = [s for s in scenarios
                     if args.match in s.name or any(args.match in c for c in s.covers)]
    passed = failed = 0
    for scenario in scenarios:
        where = f"{scenario.file}:{scenario.line}"
        kit = adapter(scenario.game)      # the loader found it: the file's game has scenarios
        try:
            result = play(scenario, kit.Table, *kit.prepare(scenario))
        except DiagnosticError as exc:
            print(f"FAIL {where}: {scenario.name}\n  the pack stack has errors:", file=sys.stdout)
            print(format_human(exc.diagnostics))
            failed += 1
            continue
        except PluginLoadError as exc:
            print(f"FAIL {where}: {scenario.name}\n  {exc}")
            failed += 1
            continue
        if result.passed:
            passed += 1
            if not args.quiet:
                print(f"PASS {where}: {scenario.name}")
            continue
        failed += 1
        print(f"FAIL {where}: {scenario.name}  [covers {', '.join(scenario.covers)}]")
        print(report(result))
    seconds = time.perf_counter() - started
    errors = has_errors(diagnostics)
    print(f"{passed} passed, {failed} failed" + (", scenario files with errors" if errors else "")
          + f" in {seconds:.2f}s")
    return 1 if failed or errors else 0


def report(result: Any) -> str:
    """The differences (expected vs actual), an unexpected error, then the events of the steps."""
    lines = []
    if result.error:
        lines.append(f"  error: {result.error}")
    for d in result.differences:
        lines.append(f"  {d.path}:\n    expected: {d.expected!r}\n    actual:   {d.actual!r}")
    lines.append(f"  events ({len(result.events)}):")
    for event in result.events[:EVENTS_SHOWN]:
        lines.append("    " + event_line(event))
    if len(result.events) > EVENTS_SHOWN:
        lines.append(f"    ... {len(result.events) - EVENTS_SHOWN} more")
    return "\n".join(lines)


def event_line(event: dict[str, Any]) -> str:
    rest = " ".join(f"{k}={v}" for k, v in event.items() if k != "e")
    return f"{event.get('e')} {rest}"
