"""Command ``rulecraft lsp``: the language server for packs of any registered game, over stdio
(``rulecraft.plugins.lsp``; set-up in the editor guide)."""

from __future__ import annotations

import argparse

from rulecraft.cli.main import EXIT_CLEAN, UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("lsp", help="the language server for editors (stdio)",
                                   description="Speak the Language Server Protocol on stdin/stdout: "
                                               "diagnostics as `check` gives them, while you type.")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from rulecraft.plugins.lsp.server import serve
    except ModuleNotFoundError as exc:   # pygls is the lsp extra's
        if exc.name not in ("pygls", "lsprotocol"):
            raise
        raise UsageError(f"rulecraft lsp needs {exc.name}: pip install 'rulecraft[lsp]'") from None
    serve()
    return EXIT_CLEAN
