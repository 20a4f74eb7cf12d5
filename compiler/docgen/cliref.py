"""Generate: the CLI reference page, read from the ``rulecraft`` argument parser itself.

Built from ``rulecraft.cli.main.build_parser()`` at every docs build, so a new command or option
shows up without anyone editing the page.
"""

from __future__ import annotations

import argparse

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
        if action.option_strings:
            name = ", ".join(f"`{s}`" for s in action.option_strings)
            if action.nargs != 0:
                name += f" `{action.metavar or action.dest.upper()}`"
        else:
            name = f"`{action.metavar or action.dest}`"
        if action.choices and not isinstance(action.choices, dict):
            name += " (" + " \\| ".join(f"`{c}`" for c in action.choices) + ")"
        default = "" if action.default in (None, False, argparse.SUPPRESS) else f"`{action.default}`"
        helptext = (action.help or "") % {"default": action.default, "prog": parser.prog}
        rows.append(f"| {name} | {table_cell(helptext)} | {default} |")
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
        out += [f"## `{parser.prog} {name}`", "", sub.description or "", "",
                "```text", sub.format_usage().strip(), "```", "", *_arguments(sub)]
    return "\n".join(out) + "\n"
