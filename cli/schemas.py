"""Command ``rulecraft schemas [--write DIR]``: the JSON Schemas of every content kind, for editors.

Without ``--write``, lists each shipped schema and the file it is installed as. With ``--write DIR``,
copies them into DIR (created if missing) for an editor's YAML language server; run it again after an
upgrade to refresh them. It never overwrites a file it did not write (exit 2, nothing written): see
``rulecraft.compiler.schema_export``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulecraft.cli.main import EXIT_CLEAN, UsageError
from rulecraft.compiler.schema_export import ExportRefused, export_schemas, schema_files


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("schemas", help="list or export the JSON Schemas of the content kinds",
                                   description="List the JSON Schemas rulecraft validates packs with, or "
                                               "write them into a folder for an editor's YAML language "
                                               "server. Files it did not write are never overwritten.")
    parser.add_argument("--write", type=Path, metavar="DIR",
                        help="copy every schema into DIR (refreshes the ones an earlier --write made, of "
                             "the games it wrote: a new pack's folder keeps its own game's)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.write is None:
        for name, where in schema_files().items():
            print(f"{name:32} {where}")
        return EXIT_CLEAN
    try:
        export = export_schemas(args.write)
    except (ExportRefused, NotADirectoryError) as exc:
        raise UsageError(str(exc)) from exc
    print(f"schemas: {len(export.written)} written, {len(export.unchanged)} already up to date "
          f"in {args.write}")
    return EXIT_CLEAN
