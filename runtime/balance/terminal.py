"""Report: a report's blocks (``balance.report``) as rich tables and lines in the terminal (a designer's
first read); the page's headings and figures are left to the HTML page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from rulecraft.runtime.balance.report import Block, Bullets, Lines, Section
from rulecraft.runtime.safe_console import SafeConsole


def section_table(section: Section) -> Table:
    """A section as a table, its columns aligned as it says; cells are text, never markup (an interval's
    ``[...]`` is not a style)."""
    table = Table(title=section.title, title_justify="left")
    for i, header in enumerate(section.headers):
        side = section.justify[i] if section.justify else "l" if i == 0 else "r"
        table.add_column(header, justify="left" if side == "l" else "right",
                         no_wrap=not section.wrap)
    for row in section.rows:
        table.add_row(*(Text(cell) for cell in row))
    return table


def print_blocks(title: str, intro: Sequence[str], blocks: Sequence[Block],
                 aborted: Sequence[dict[str, Any]], console: Console | None = None) -> None:
    console = console or SafeConsole()
    console.rule(f"[bold]{title}")
    for line in intro:
        console.print(line, markup=False, highlight=False)
    for block in blocks:
        if isinstance(block, Section):
            console.print(section_table(block))
            if block.note:
                console.print(block.note, markup=False, highlight=False)
        elif isinstance(block, Lines | Bullets):
            for line in block.lines:
                console.print(line, markup=False, highlight=False)
    for row in aborted:
        console.print(Text.assemble(("aborted", "red"), f" game {row['index']} (seed {row['seed']}): "
                                                        f"{row['reason']}"), highlight=False)
