"""Command ``rulecraft docs PACK... --out DIR [--serve]``: the rules site for any pack stack.

Checks the stack first, so content errors come out as located diagnostics (exit 1) and never as an
mkdocs stack trace; then builds the strict site of the stack's game (its rulebook and rulings when it
has a site of its own, and the pages generated for every game) into DIR, or serves it with rebuilds
when the site or a pack changes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulecraft.cli.check import add_stack_arguments, clean_stack, existing_paths
from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, UsageError
from rulecraft.cli.outputs import output_folder


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("docs", help="build the printable rules site for a pack stack",
                                   description="Build the rules site (rulebook, rulings and the card "
                                               "reference generated from the packs) for any pack stack.")
    parser.add_argument("packs", nargs="+", type=Path, metavar="PACK",
                        help="a pack folder (or its pack.yaml); dependencies are found on --pack-path")
    add_stack_arguments(parser)
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="the folder to write the site into (required unless --serve)")
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME",
                        help="document a variant plugin the packs do not name (repeatable)")
    parser.add_argument("--scenarios", type=Path, metavar="DIR",
                        help="scenario tests to link from the rulings page (default: those the game's site "
                             "names, the project's own for Tiny Epic Mechs)")
    parser.add_argument("--serve", action="store_true",
                        help="serve the site and rebuild it when the site or a pack changes")
    parser.add_argument("--dev-addr", metavar="HOST:PORT", default="127.0.0.1:8000",
                        help="address for --serve (default: %(default)s)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.serve and args.out is None:
        raise UsageError("docs needs --out DIR (or --serve)")
    existing_paths([*args.packs, *([args.scenarios] if args.scenarios else [])], args.pack_path)
    result = clean_stack(args, "docs: the pack stack has content errors; no site was built")
    if result is None:
        return EXIT_CONTENT
    # mkdocs is imported only here: `rulecraft check` must not need the docs extra
    try:
        from mkdocs.exceptions import MkDocsException

        from rulecraft.compiler.docgen.build import build_site, mkdocs_messages, serve_site
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in {"mkdocs", "material"}:
            raise
        raise UsageError(f"docs needs the docs extra: pip install 'rulecraft[docs]' ({exc})") from None
    from rulecraft.compiler.docgen.build import SiteSource
    from rulecraft.plugins.manager import PluginLoadError, make_manager
    from rulecraft.runtime.games import get

    try:  # an unknown plugin is reported like `rulecraft sim` does, before mkdocs starts
        named = [*(n for p in result.packs for n in p.plugins), *args.plugin]
        make_manager(str(result.game), named, installed=False)
    except PluginLoadError as exc:
        raise UsageError(str(exc)) from None

    game = get(result.game)     # the game's own site (its docs module's SITE), else a plain generated one
    docs = game.docs_pages.load() if game.docs_pages is not None else None
    source = SiteSource(getattr(docs, "SITE", None), game.name)
    if not args.serve:
        output_folder(args.out, "docs")   # mkdocs empties its site folder: never one rulecraft did not write
    try:
        with mkdocs_messages():
            if args.serve:
                serve_site(args.packs, args.pack_path, args.scenarios, args.plugin, args.dev_addr, source)
            else:
                build_site(args.packs, args.out, args.pack_path, args.scenarios, args.plugin, source)
    except MkDocsException as exc:
        print(f"rulecraft: error[docs-build]: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    if not args.serve:
        print(f"docs: built {', '.join(p.id for p in result.packs)} into {args.out}", file=sys.stderr)
    return EXIT_CLEAN
