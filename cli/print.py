"""Command ``rulecraft print PACK... [--out FILE.pdf] [--preview DIR]``: print-and-play card sheets.

Every card of the stack, coloured and iconed by family, with backs on mirrored pages for
double-sided printing, bleed and crop marks; text generated from the effects, designed values
marked. A card whose text overflows is reported at its entry (exit 1); the PDF is still written so
the designer can see it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulecraft.cli.check import add_stack_arguments, clean_stack, existing_paths
from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, UsageError
from rulecraft.cli.outputs import named_file, output_folder
from rulecraft.compiler.diagnostics import format_human, has_errors
from rulecraft.compiler.docgen.cards.layout import CARD_SIZES, DEFAULT_BLEED, FLIPS, PAPERS, sheet_grid
from rulecraft.runtime.games import get


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("print", help="write print-and-play card sheets (PDF, PNG previews)",
                                   description="Lay out every card of a pack stack as print-and-play sheets: "
                                               "fronts, and backs mirrored for duplex printing, "
                                               "with bleed and crop marks.")
    parser.add_argument("packs", nargs="+", type=Path, metavar="PACK",
                        help="a pack folder (or its pack.yaml)")
    add_stack_arguments(parser)
    parser.add_argument("--out", type=Path, metavar="FILE.pdf", help="the PDF to write")
    parser.add_argument("--preview", type=Path, metavar="DIR",
                        help="also write each page as DIR/page-NNN.png (the folder is made if missing)")
    parser.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size (default: a4)")
    sizes = ", ".join(f"{name} {w:g} x {h:g} mm" for name, (w, h) in CARD_SIZES.items())
    parser.add_argument("--card", choices=list(CARD_SIZES), default="poker",
                        help=f"card size: {sizes} (default: poker)")
    parser.add_argument("--bleed", type=float, default=DEFAULT_BLEED, metavar="MM",
                        help="how far each card's colour runs past its cut line, in mm "
                             f"(default: {DEFAULT_BLEED:g})")
    parser.add_argument("--no-backs", dest="backs", action="store_false",
                        help="fronts only, for single-sided printing")
    parser.add_argument("--flip", choices=list(FLIPS), default="long",
                        help="the edge your printer turns the sheet over in duplex (default: long, "
                             "the usual for portrait pages); the back pages are mirrored to match")
    parser.set_defaults(run=run)


def _not_a_source(out: Path, packs) -> None:
    """``--out`` is never a file the printed packs were read from (``print --out pack.yaml`` wrote the PDF
    over the pack's own manifest)."""
    target = out.resolve()
    for pack in packs:
        for document in (pack.manifest, *pack.documents):
            if Path(document.path).resolve() == target:
                raise UsageError(f"--out {out} is {pack.id}'s own {Path(document.path).name}; name a new "
                                 "file for the PDF")


def run(args: argparse.Namespace) -> int:
    existing_paths(args.packs, args.pack_path)
    if args.out is None and args.preview is None:
        raise UsageError("print: say where to write: --out FILE.pdf, --preview DIR, or both")
    if args.out is not None and not args.out.parent.is_dir():
        raise UsageError(f"no such folder for --out: {args.out.parent}")
    if args.preview is not None and not args.preview.parent.is_dir():
        raise UsageError(f"no such folder for --preview: {args.preview.parent}")
    try:
        sheet_grid(args.card, args.paper, args.bleed)
    except ValueError as exc:   # a bleed out of range, or a card that does not fit the paper
        raise UsageError(f"print: {exc}") from None
    result = clean_stack(args, "print: the pack stack has content errors; no cards were printed")
    if result is None:
        return EXIT_CONTENT
    game = get(result.game)
    if game.card_templates is None:      # before any output is claimed: nothing is written
        raise UsageError(f"print: {game.name} has no card templates (its game definition names none), "
                         f"so it has no cards to print")
    if args.out is not None:
        named_file(args.out)
        _not_a_source(args.out, result.packs)
    if args.preview is not None:
        output_folder(args.preview, "print --preview")    # new, empty or our own earlier preview
    # fpdf2 is imported only here: `rulecraft check` must not need the docs extra
    try:
        from rulecraft.compiler.docgen.cards.pdf import SheetOptions, write_sheets
        from rulecraft.compiler.docgen.cards.preview import write_previews
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in {"fpdf", "PIL", "pypdfium2"}:
            raise
        raise UsageError(f"print needs the docs extra: pip install 'rulecraft[docs]' ({exc})") from None

    templates = game.card_templates.load()     # the game's CardTemplates: its cards of a stack, its icons
    footer = " + ".join(f"{p.id} {p.version}" for p in result.packs)
    options = SheetOptions(args.card, args.paper, args.bleed, args.backs, args.flip, footer)
    try:
        plan, document = write_sheets(templates.cards(result.stack), args.out, options, templates.icons)
    except ValueError as exc:     # a game's mat or token larger than the paper with this bleed
        raise UsageError(f"print: {exc}") from None
    if plan.diagnostics:
        print(format_human(plan.diagnostics), file=sys.stderr)
    sides = f"fronts and backs for a {args.flip}-edge flip" if args.backs else "fronts only"
    where = " and ".join(str(p) for p in (args.out, args.preview) if p is not None)
    sized = "".join(f"; {n} {size.name}{'s' if n != 1 else ''} {size.w:g} x {size.h:g} mm, {grid.per_page} "
                    "a page" for size, (grid, n) in plan.sized.items())
    print(f"print: {plan.cards} cards on {plan.pages} pages ({args.card} on {args.paper}, "
          f"{plan.grid.per_page} a page{sized}, {args.bleed:g} mm bleed, {sides}) into {where}",
          file=sys.stderr)
    if args.preview is not None:
        for stale in args.preview.glob("page-*.png"):    # an earlier, longer preview's pages (ours: marked)
            stale.unlink()
        write_previews(document, args.preview)
    return EXIT_CONTENT if has_errors(plan.diagnostics) else EXIT_CLEAN
