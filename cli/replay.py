"""``rulecraft replay LOG...``: re-run logged games and verify every event matches, byte for byte."""

from __future__ import annotations

import argparse
from pathlib import Path

from rulecraft.cli.main import UsageError


def register(subparsers) -> None:
    parser = subparsers.add_parser("replay", help="re-run a JSONL game log and verify it",
                                   description=__doc__)
    parser.add_argument("logs", nargs="+", type=Path, metavar="LOG", help="game logs written by sim --log")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulecraft.compiler.build import load_ruleset
    from rulecraft.plugins.manager import make_hooks
    from rulecraft.runtime.logs import replay

    failed = 0
    for path in args.logs:
        if not path.is_file():
            raise UsageError(f"no such log: {path}")
        try:
            result = replay(path, load_ruleset, make_hooks)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        print(("ok    " if result.ok else "FAIL  ") + result.message)
        failed += not result.ok
    return 1 if failed else 0
