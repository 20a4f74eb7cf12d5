"""``rulecraft test PATH...``: run rule scenarios and report each by name, with the differences on failure.

Exit 0 when every scenario passes, 1 when one fails or a scenario file has errors, 2 on usage errors.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from rulecraft.cli.games import add_game_option
from rulecraft.cli.main import PathNotFound, UsageError

EVENTS_SHOWN = 60


def register(subparsers) -> None:
    parser = subparsers.add_parser("test", help="run rule scenarios (given/when/then YAML files)",
                                   description=__doc__)
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="scenario files, or folders searched for *.yaml recursively")
    parser.add_argument("-k", dest="match", metavar="TEXT",
                        help="run only scenarios whose name or covers contain TEXT")
    parser.add_argument("-q", "--quiet", action="store_true", help="print failures and the summary only")
    add_game_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulecraft.compiler.diagnostics import DiagnosticError, format_human, has_errors
    from rulecraft.plugins.manager import PluginLoadError
    from rulecraft.runtime.games import get

    game = get(args.game)
    if game.scenario_adapter is None:
        raise UsageError(f"game {game.id!r} has no rule scenarios")
    adapter = game.scenario_adapter.load()      # load_all(paths), prepare(scenario), run(scenario, ...)
    load_all, prepare, run_scenario = adapter.load_all, adapter.prepare, adapter.run

    for path in args.paths:
        if not path.exists():
            raise PathNotFound(f"no such file or folder: {path}")
    started = time.perf_counter()
    scenarios, diagnostics = load_all(args.paths)
    if diagnostics:
        print(format_human(diagnostics), file=sys.stderr)
    if args.match:
        scenarios = [s for s in scenarios
                     if args.match in s.name or any(args.match in c for c in s.covers)]
    passed = failed = 0
    for scenario in scenarios:
        where = f"{scenario.file}:{scenario.line}"
        try:
            result = run_scenario(scenario, *prepare(scenario))
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
