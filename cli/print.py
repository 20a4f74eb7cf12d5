"""Command ``rulecraft print PACK... --out FILE.pdf [--paper a4|letter]``: print-and-play card sheets.

Every card of the stack at card size with cut marks, text generated from the effects, designed values
marked. A card whose text overflows is reported at its entry (exit 1); the PDF is still written so
the designer can see it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulecraft.cli.check import add_stack_arguments, clean_stack, existing_paths
from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, UsageError
from rulecraft.cli.outputs import named_file
from rulecraft.compiler.diagnostics import format_human, has_errors


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("print", help="write print-and-play card sheets (PDF)",
                                   description="Lay out every card of a pack stack at card size, nine to "
                                               "a page with cut marks, as a PDF.")
    parser.add_argument("packs", nargs="+", type=Path, metavar="PACK",
                        help="a pack folder (or its pack.yaml)")
    add_stack_arguments(parser)
    parser.add_argument("--out", type=Path, required=True, metavar="FILE.pdf", help="the PDF to write")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size (default: a4)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    existing_paths(args.packs, args.pack_path)
    if not args.out.parent.is_dir():
        raise UsageError(f"no such folder for --out: {args.out.parent}")
    named_file(args.out)
    result = clean_stack(args, "print: the pack stack has content errors; no cards were printed")
    if result is None:
        return EXIT_CONTENT
    # fpdf2 is imported only here: `rulecraft check` must not need the docs extra
    try:
        from rulecraft.compiler.docgen.cards import cards
        from rulecraft.compiler.docgen.pdf import write_sheets
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in {"fpdf", "PIL"}:
            raise
        raise UsageError(f"print needs the docs extra: pip install 'rulecraft[docs]' ({exc})") from None

    footer = " + ".join(f"{p.id} {p.version}" for p in result.packs)
    sheet = write_sheets(cards(result.stack), args.out, args.paper, footer)
    if sheet.diagnostics:
        print(format_human(sheet.diagnostics), file=sys.stderr)
    print(f"print: {sheet.cards} cards on {sheet.pages} pages ({args.paper}) into {args.out}",
          file=sys.stderr)
    return EXIT_CONTENT if has_errors(sheet.diagnostics) else EXIT_CLEAN
