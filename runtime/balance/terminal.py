"""Report: the report skeleton's sections as rich tables in the terminal (a designer's first read)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from rulecraft.runtime.balance.report import Section
from rulecraft.runtime.safe_console import SafeConsole


def section_table(section: Section) -> Table:
    """A section as a table: the first column left, the others right; cells are text, never markup (an
    interval's ``[...]`` is not a style)."""
    table = Table(title=section.title, title_justify="left")
    for i, header in enumerate(section.headers):
        table.add_column(header, justify="left" if i == 0 else "right")
    for row in section.rows:
        table.add_row(*(Text(cell) for cell in row))
    return table


def print_sections(title: str, intro: Sequence[str], sections: Sequence[Section],
                   aborted: Sequence[dict[str, Any]], console: Console | None = None) -> None:
    console = console or SafeConsole()
    console.rule(f"[bold]{title}")
    for line in intro:
        console.print(line, markup=False, highlight=False)
    for section in sections:
        console.print(section_table(section))
        if section.note:
            console.print(section.note, markup=False, highlight=False)
    for row in aborted:
        console.print(Text.assemble(("aborted", "red"), f" game {row['index']} (seed {row['seed']}): "
                                                        f"{row['reason']}"), highlight=False)
