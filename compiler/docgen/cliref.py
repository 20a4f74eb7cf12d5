"""Generate: the CLI reference page, read from the ``rulecraft`` argument parser itself.

Built from ``rulecraft.cli.main.build_parser()`` at every docs build, so a new command or option
shows up without anyone editing the page.
"""

from __future__ import annotations

import argparse

from rulecraft.compiler.docgen.hooks import markdown_of_rst
from rulecraft.compiler.docgen.schemaref import table_cell


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps subcommands only on this private list
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _arguments(parser: argparse.ArgumentParser) -> list[str]:
    rows = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
            continue
        metavar = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
        metavar = " ".join(metavar) if isinstance(metavar, tuple) else metavar
        if action.option_strings:
            name = ", ".join(f"`{s}`" for s in action.option_strings)
            if action.nargs != 0:
                name += f" `{metavar}`"
        else:
            name = f"`{metavar}`"
        if action.choices and not isinstance(action.choices, dict):
            name += " (" + " \\| ".join(f"`{c}`" for c in action.choices) + ")"
        unset = action.default in (None, False, argparse.SUPPRESS) or action.default == []
        default = "" if unset else f"`{action.default}`"
        helptext = (action.help or "") % {"default": action.default, "prog": parser.prog}
        rows.append(f"| {name} | {table_cell(markdown_of_rst(helptext))} | {default} |")
    if not rows:
        return []
    return ["| argument | meaning | default |", "|---|---|---|", *rows, ""]


def cli_reference(parser: argparse.ArgumentParser) -> str:
    """Markdown for ``parser`` and each of its subcommands, in the order ``--help`` lists them."""
    out = [f"# CLI reference: `{parser.prog}`", "", parser.description or "", "",
           "Exit codes: 0 clean, 1 content errors, 2 usage errors, 3 an internal bug.", ""]
    commands = _subcommands(parser)
    if not commands:
        out.append("No command is registered yet.")
    for name, sub in commands.items():
        out += [f"## `{parser.prog} {name}`", "", markdown_of_rst(sub.description or ""), "",
                "```text", sub.format_usage().strip(), "```", "", *_arguments(sub)]
    return "\n".join(out) + "\n"
