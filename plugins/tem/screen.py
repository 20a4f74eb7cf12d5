"""Show: Tiny Epic Mechs' full screen in ``rulecraft play``: the board, your status, the program area and the
log as panes that stay in place, with a legend and a help pane.

:class:`Panes` holds what the panes show (the latest redacted state of the person's seat, T16; the current
prompt's lines; the narrated events) and renders them to a fixed-size screen. It never sees a game: the
shared full-screen terminal (``rulecraft.cli.fullscreen``, which the board's ``panes`` feeds) hands it
states and narration. ``runtime.panes.render_text`` draws the panes to plain text at a given size,
which is what the snapshot tests compare.
"""

from __future__ import annotations

from rich.layout import Layout
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulecraft.plugins.tem.board import SMALL_CELL, Picture
from rulecraft.runtime.panes import Lines, PanesBase, rows_of

SMALLEST = (80, 23)  # the panes need this much (the input line is the 24th row)
WIDE = 110          # from this width the big arena grid and the long legend fit
TALL = 34           # ... and from this height


class Panes(PanesBase):
    """What the full screen shows, and how it is laid out at a size."""

    PROMPT_TITLE = "program"

    def __init__(self, picture: Picture, seat: int) -> None:
        super().__init__()
        self.pic, self.seat = picture, seat

    # --- what the driver and the prompts tell it -------------------------------------------
    def columns(self, lines: list[str]) -> None:
        """Lines in two columns (a hand of cards), to keep a small program pane readable."""
        grid = Table.grid(padding=(0, 2))
        half = (len(lines) + 1) // 2
        right_column = [*lines[half:], *[""] * (2 * half - len(lines))]
        for left, right in zip(lines[:half], right_column, strict=True):
            grid.add_row(Text.from_markup(left), Text.from_markup(right))
        self.program.append(grid)

    # --- the layout ----------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> Layout:
        """The panes for a ``width`` x ``height`` area (the input line is the row below it)."""
        wide = width >= WIDE and height >= TALL
        root = Layout()
        if width < SMALLEST[0] or height < SMALLEST[1]:   # too small for the board: the prompt alone
            warning = Text(f"The board needs an 80x24 terminal (this one is {width}x{height + 1}); "
                           f"enlarge it, or play with --plain.", "bold yellow")
            root.split_column(Layout(warning, name="header", size=2), Layout(self._program(), name="program"))
            return root
        state = self.state
        board_width = (2 + self.pic.cols * 14 + 1 if wide else 2 + self.pic.cols * (SMALL_CELL + 1)) + 2
        board = self._board(wide)
        board_height = (self.pic.rows * 4 + 3 if wide else self.pic.rows * 2 + 1) + 2
        if state is not None:     # a cell where units stack is taller: the board grows, never clips a unit
            board_height = max(board_height, min(rows_of(board, board_width), height - 1 - 5))
        program_height = max(5, height - 1 - board_height)
        root.split_column(Layout(self._header(wide), name="header", size=1),
                          Layout(name="top", size=board_height),
                          Layout(name="bottom", size=program_height))
        root["top"].split_row(Layout(board, name="board", size=board_width),
                              Layout(self._side(wide), name="side"))
        if self.help is not None:     # the help pane takes the whole bottom row until the next answer
            root["bottom"].update(self.help_pane())
        else:
            root["bottom"].split_row(Layout(self._program(), name="program", size=board_width),
                                     Layout(self._log(), name="log"))
        if state is None:
            root["top"].update(Panel(Text("Setting up the game…"), title="board"))
        return root

    def _header(self, wide: bool) -> Text:
        if self.state is None or self.state["round"] == 0:
            return Text.from_markup("[bold]rulecraft play[/]  setup   [dim]? help  q quit[/]")
        header = self.pic.header(self.state, short=not wide)
        header.append("  ? help  q quit", "dim")
        return header

    def _board(self, wide: bool) -> Panel:
        if self.state is None:
            return Panel(Text(""), title="board")
        arena = self.pic.arena(self.state) if wide else self.pic.small_arena(self.state)
        return Panel(arena, title="board", title_align="left", padding=(0, 0))

    def _side(self, wide: bool) -> Panel:
        state = self.state
        if state is None:
            return Panel(Text(""), title="you")
        if wide:
            lines = [*self.pic.you_lines(state, self.seat, wide), *self.pic.player_lines(state, self.seat)]
            if state["round"]:
                lines += self.pic.market_lines(state)
            lines += self.pic.legend(wide)
        else:
            lines = [*self.pic.player_lines(state, self.seat, short=True),
                     *self.pic.you_lines(state, self.seat, wide),
                     *self.pic.legend(wide)]
        return Panel(Lines(lines, last=False), title="you and the others", title_align="left",
                     padding=(0, 1 if wide else 0))

    def _program(self) -> Panel:
        lines = [*self.program]
        if not lines:
            lines = ["[dim]The other players are moving…[/]"]
        return Panel(Lines(lines, squeeze=True), title=escape(self.title), title_align="left")

    def _log(self) -> Panel:
        return Panel(Lines(self.log), title="log", title_align="left")

