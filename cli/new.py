"""Command ``rulecraft new pack NAME [--depends ID]...``: start a content pack in a new folder.

The dependencies are found like any pack's (``--pack-path``, then the shipped packs) and checked first;
their game is the new pack's. The scaffold (``rulecraft.compiler.scaffold``, with the game's own example
files: its GameDefinition's ``scaffold`` member, else a patch of each kind) then passes ``rulecraft check``;
its examples are commented out (the pack changes nothing) unless ``--examples`` writes them live, and then
the first scenario a game brings passes ``rulecraft test``. Only the schemas of the pack's game are
copied. A folder that exists and is not empty is refused (exit 2): nothing is overwritten.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from rulecraft.cli.check import add_stack_arguments, existing_paths
from rulecraft.cli.games import DEFAULT_GAME
from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, UsageError
from rulecraft.compiler.diagnostics import format_human
from rulecraft.compiler.packs import PackFinder
from rulecraft.compiler.scaffold import SCENARIOS, NewPack, ScaffoldRefused, scaffold_pack
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.games import get

PACK_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")  # pack.schema.json's `id` pattern


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("new", help="start a new content pack (manifest, examples, schemas, test)",
                                   description="Scaffold a content pack in a new folder: a manifest, one "
                                               "example file per content kind, the JSON Schemas with "
                                               "editor modelines and VS Code settings, a README and a "
                                               "first scenario. Never writes into a folder that has files.")
    parser.add_argument("what", choices=["pack"], help="what to create")
    parser.add_argument("folder", type=Path, metavar="NAME",
                        help="the new pack's folder; its name is the pack id (kebab-case)")
    parser.add_argument("--depends", action="append", metavar="ID",
                        help="a pack the new one layers over, by id (repeatable; default: the core pack "
                             f"of {DEFAULT_GAME}, the default game)")
    parser.add_argument("--examples", action="store_true",
                        help="write the examples enabled (default: commented out, so the new pack changes "
                             "nothing until you enable one)")
    add_stack_arguments(parser)
    parser.set_defaults(run=run)


MAX_ID_LENGTH = 64       # a pack id names its folder: far below any file system's 255-byte name limit


def run(args: argparse.Namespace) -> int:
    if len(args.folder.name) > MAX_ID_LENGTH:     # before any file system call: too long a name raises
        raise UsageError(f"the pack id is {len(args.folder.name)} characters long; at most {MAX_ID_LENGTH}")
    if args.folder.is_symlink() and not args.folder.exists():
        raise UsageError(f"{args.folder} is a symlink to {os.readlink(args.folder)}, which does not exist; "
                         "name a new folder")
    pack_id = args.folder.resolve().name
    if not PACK_ID.match(pack_id):
        raise UsageError(f"'{pack_id}' is not a pack id: use lowercase letters, digits and '-' (my-pack)")
    if len(pack_id) > MAX_ID_LENGTH:
        raise UsageError(f"the pack id '{pack_id[:20]}...' is {len(pack_id)} characters long; at most "
                         f"{MAX_ID_LENGTH}")
    existing_paths([], args.pack_path)
    finder = PackFinder(args.pack_path)
    folders = []
    depends = args.depends or [get(DEFAULT_GAME).default_pack]
    for dependency in depends:
        found = finder.find(dependency)
        if found is None:
            raise UsageError(f"no pack '{dependency}' found; name its folder's parent with --pack-path")
        folders.append(Path(str(found[0])))
    result = check_packs(folders, args.pack_path)
    if not result.ok or result.stack is None:
        print(format_human(result.diagnostics), file=sys.stderr)
        print("new pack: its dependencies have errors; nothing was written", file=sys.stderr)
        return EXIT_CONTENT
    new = NewPack(pack_id, args.folder, tuple(p for p in result.packs if p.id in depends), result.stack,
                  args.examples)
    own_examples = get(new.game).scaffold
    examples = own_examples.load()(new) if own_examples is not None else []
    try:
        written = scaffold_pack(new, examples)
    except ScaffoldRefused as exc:
        raise UsageError(str(exc)) from exc
    except OSError as exc:            # a folder that cannot be made there: a usage error, never a crash
        raise UsageError(f"cannot write the pack into {args.folder}: {exc.strerror or exc}") from None
    print(f"new pack '{pack_id}' in {args.folder}: {len(written)} files and the schemas")
    pack_path = "".join(f" --pack-path {folder}" for folder in args.pack_path)
    test = f" && rulecraft test {args.folder / SCENARIOS}" if (args.folder / SCENARIOS).is_dir() else ""
    print(f"next: rulecraft check {args.folder}{pack_path}{test}")
    return EXIT_CLEAN
