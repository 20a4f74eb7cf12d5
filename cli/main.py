"""Command line entry point: ``rulecraft COMMAND ...``.

Each command lives in its own module under ``rulecraft.cli`` with ``register(subparsers)`` and
``run(args) -> int``; this module only dispatches and turns failures into exit codes:
0 clean, 1 content errors, 2 usage errors, 3 an internal bug (a short message; the traceback goes to a
crash report file, or to the terminal when ``RULECRAFT_DEBUG`` is set).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic, DiagnosticError, format_human
from rulecraft.runtime import native
from rulecraft.runtime.native import StaleBuild
from rulecraft.runtime.terminal_text import visible_output

# Each command's name and its module under ``rulecraft.cli``, in the order ``--help`` lists them.
COMMANDS: dict[str, str] = {
    "check": "check", "explain": "explain", "docs": "docs", "print": "print", "sim": "sim", "sweep": "sweep",
    "play": "play", "replay": "replay", "dsl-reference": "dsl", "test": "test", "schemas": "schemas",
    "games": "games", "new": "new", "fuzz": "fuzz", "tournament": "tournament", "lsp": "lsp",
    "serve": "serve", "strength": "strength",
}

EXIT_CLEAN, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED = 130     # Ctrl-C: 128 + SIGINT, as a shell reports it


class UsageError(Exception):
    """A command was called in a way it cannot serve; the message says how to call it."""

    code = codes.USAGE


class PathNotFound(UsageError):
    """A file or folder named on the command line does not exist (exit 2, like any usage error)."""

    code = codes.FILE_NOT_FOUND


def _report(code: codes.ErrorCode, message: str, hint: str | None = None) -> None:
    """A problem with no file to point at, in the same ``error[code]: message`` form as every other."""
    print(format_human([Diagnostic(code, message, hint=hint)]), file=sys.stderr)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 on usage errors, as we do
        self.print_usage(sys.stderr)
        _report(codes.USAGE, f"{self.prog}: {message}")
        self.exit(EXIT_USAGE)


def _version() -> str:
    try:
        return version("rulecraft")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown"


def _crash_report(argv: list[str] | None) -> str:
    """Write the traceback and what was run to a file the user can attach to a bug report."""
    import tempfile  # only after a crash: a command that runs well never needs them (start-up)
    import traceback

    with tempfile.NamedTemporaryFile("w", prefix="rulecraft-crash-", suffix=".txt", delete=False,
                                     encoding="utf-8") as report:
        report.write(f"rulecraft {_version()}, Python {sys.version.split()[0]}\n")
        report.write(f"command: rulecraft {' '.join(sys.argv[1:] if argv is None else argv)}\n\n")
        report.write(traceback.format_exc())
    return report.name


class _Version(argparse.Action):
    """``--version``: rulecraft's version, the Python and the game loop this process runs (compiled or
    pure Python, and why: ``runtime.native.running``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"rulecraft {_version()}, Python {sys.version.split()[0]}, {native.running()}")
        parser.exit()


def build_parser(commands: Sequence[str] = tuple(COMMANDS)) -> argparse.ArgumentParser:
    """The parser of ``commands`` (by default every one: ``--help`` and the CLI reference list them all)."""
    parser = _Parser(prog="rulecraft", description="A data-driven rules compiler for tabletop games.")
    parser.add_argument("--version", action=_Version, help="show which rulecraft and game loop run, and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)
    for name in commands:
        importlib.import_module(f"rulecraft.cli.{COMMANDS[name]}").register(sub)
    return parser


def commands_for(argv: Sequence[str]) -> Sequence[str]:
    """The commands whose modules a command line needs: the one it runs, when it starts with a command's
    name (start-up: each command module imports its own part of rulecraft, and importing all of them cost
    ~160 ms); every command for anything else (``--help``, ``--version``, a typo), so the messages argparse
    prints there list every command, as before."""
    return [argv[0]] if argv and argv[0] in COMMANDS else tuple(COMMANDS)


def _stale(exc: StaleBuild, where: str) -> int:
    """The optional compiled loop is older than a source edited since: how to rebuild or remove it."""
    _report(codes.USAGE, f"{where}: {exc}")
    return EXIT_USAGE


def command_line() -> int:
    """The ``rulecraft`` console script and ``python -m rulecraft.cli``: the installed compiled game loop
    when it is current (``runtime.native.activate``, before any module of the loop is imported), then
    :func:`main`."""
    native.activate()
    return main()


def main(argv: list[str] | None = None) -> int:
    with visible_output():                    # nothing of a pack, a log or a file name is obeyed as a code
        try:     # Ctrl-C at any point, also while a command's modules are imported: one line, exit 130
            return _main(argv)
        except KeyboardInterrupt:
            print("rulecraft: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED


def _main(argv: list[str] | None) -> int:
    try:     # a command's module may import a compiled module as the parser is built
        args = build_parser(commands_for(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    except StaleBuild as exc:
        return _stale(exc, "rulecraft")
    try:
        return args.run(args)
    except UsageError as exc:
        _report(exc.code, f"rulecraft {args.command}: {exc}")
        return EXIT_USAGE
    except DiagnosticError as exc:
        print(format_human(exc.diagnostics), file=sys.stderr)
        return EXIT_CONTENT
    except StaleBuild as exc:
        return _stale(exc, f"rulecraft {args.command}")
    except BrokenPipeError:  # the reader went away (`rulecraft explain ... | head`): not a bug
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_CLEAN
    except Exception as exc:
        if os.environ.get("RULECRAFT_DEBUG"):
            raise
        report = _crash_report(argv)
        _report(codes.INTERNAL, f"rulecraft {args.command}: {type(exc).__name__}: {exc}",
                hint=f"this is a bug in rulecraft, not in your content; the details are in {report}: "
                     f"please attach that file to a report on rulecraft's issue tracker")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
