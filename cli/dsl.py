"""Command ``rulecraft dsl-reference``: print the effect DSL reference as Markdown (for the docs site).

The reference is generated from the vocabulary registry, plugins' words included; every example in
it is compiled when the reference is printed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulecraft.cli.games import add_game_option
from rulecraft.cli.main import EXIT_CLEAN, UsageError
from rulecraft.compiler.effects.reference import reference
from rulecraft.runtime.games import get


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("dsl-reference", help="print the effect DSL reference (Markdown)",
                                   description="Print every trigger, verb, attribute and value of the "
                                               "effect DSL with a description and a compiled example.")
    add_game_option(parser)
    parser.add_argument("--output", "-o", type=Path, metavar="FILE",
                        help="write the Markdown to FILE instead of standard output")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = get(args.game)
    if game.vocabulary is None:
        raise UsageError(f"game {game.id!r} has no effect DSL")
    text = reference(game.vocabulary.load()())
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return EXIT_CLEAN
