"""Command ``rulecraft check PACK...``: validate packs and print located diagnostics.

Exit 0 when clean (warnings allowed), 1 when the content has errors, 2 for a path that does not exist.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, PathNotFound
from rulecraft.compiler.check import CheckResult
from rulecraft.compiler.diagnostics import FORMATTERS, format_human
from rulecraft.compiler.errorcodes import Severity
from rulecraft.plugins.wiring import check_packs


def add_stack_arguments(parser: argparse.ArgumentParser) -> None:
    """``--pack-path``, shared by every command that loads a pack stack."""
    parser.add_argument("--pack-path", action="append", type=Path, default=[], metavar="DIR",
                        help="a folder holding packs (or a pack) to find dependencies in; repeatable")


def existing_paths(paths: list[Path], pack_path: list[Path]) -> None:
    """Refuse (exit 2) a pack or --pack-path folder that does not exist: a usage error, not content."""
    for path in [*paths, *pack_path]:
        if not path.exists():
            raise PathNotFound(f"no such file or folder: {path}")


def clean_stack(args: argparse.Namespace, refusal: str) -> CheckResult | None:
    """Check ``args.packs`` for a command that needs clean content (docs, print): on any error, print the
    diagnostics and ``refusal`` (what was not done) and return ``None``."""
    result = check_packs(args.packs, args.pack_path)
    if result.ok and result.stack is not None:
        return result
    print(format_human(result.diagnostics), file=sys.stderr)
    print(refusal, file=sys.stderr)
    return None


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("check", help="validate content packs",
                                   description="Load, validate and resolve packs; report every problem "
                                               "at its file, line and column.")
    parser.add_argument("packs", nargs="+", type=Path, metavar="PACK",
                        help="a pack folder (or its pack.yaml)")
    add_stack_arguments(parser)
    parser.add_argument("--format", choices=sorted(FORMATTERS), default="human",
                        help="output format (default: human)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    existing_paths(args.packs, args.pack_path)
    result = check_packs(args.packs, args.pack_path)
    output = FORMATTERS[args.format](result.diagnostics)
    if output:
        print(output)
    if args.format == "human":
        errors = sum(d.level is Severity.ERROR for d in result.diagnostics)
        warnings = sum(d.level is Severity.WARNING for d in result.diagnostics)
        packs = ", ".join(p.id for p in result.packs) or "no pack"
        verdict = "ok" if result.ok else "failed"
        print(f"check {verdict}: {packs}: {errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return EXIT_CLEAN if result.ok else EXIT_CONTENT
