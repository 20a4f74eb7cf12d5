"""Report: the pieces every game's full-screen panes are built of (``rulecraft play`` at a terminal).

A game's board draws its own panes (what a pane holds is the game's); what the panes are told (the person's
view, the prompt's lines, the log, the help), how a pane's lines fit its rows and how the whole screen
becomes text of a fixed size is the same for every game, so it lives here once: :class:`PanesBase`,
:class:`Lines`, :func:`render` and :func:`render_text`.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Iterable
from typing import Any, Literal

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.text import Text

from rulecraft.runtime.safe_console import SafeConsole

LOG_KEPT = 400      # narrated lines kept for the log pane
HELP_TITLE = "help: any answer closes it"

ColorSystemName = Literal["auto", "standard", "256", "truecolor", "windows"]
"""What rich calls a terminal's colours (``Console.color_system``), as ``render`` passes it on."""


class Lines:
    """Markup lines wrapped to the pane's width, of which the ones that fit are shown: the last (a log
    scrolls inside its pane, never the screen) or the first (a status reads from the top). ``squeeze``:
    when the wrapped lines do not fit, each option line (indented) is cut to one row instead, so that a
    prompt keeps its options in view (``?`` shows them whole) and its messages whole. ``back``: with
    ``last``, how many rows above the last ones the view starts (a log scrolled back); ``page``: as many
    pane heights more (less a row kept from the page below), never past the first row."""

    def __init__(self, lines: Iterable[RenderableType], last: bool = True, squeeze: bool = False,
                 back: int = 0, page: int = 0) -> None:
        self.lines, self.last, self.squeeze, self.back = list(lines), last, squeeze, back
        self.page = page

    def _rows(self, console: Console, options: ConsoleOptions, wrap: bool) -> list[list[Segment]]:
        rendered: list[list[Segment]] = []
        for line in self.lines:
            text = Text.from_markup(line) if isinstance(line, str) else line
            if not wrap and isinstance(text, Text) and text.plain.startswith("  "):
                text.no_wrap, text.overflow = True, "ellipsis"
            rendered.extend(console.render_lines(text, options.update(height=None), pad=False))
        return rendered

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        height = options.height or options.max_height
        rendered = self._rows(console, options, wrap=True)
        if self.squeeze and height and len(rendered) > height:
            rendered = self._rows(console, options, wrap=False)
        if self.last:
            end = max(height, len(rendered) - self.back - self.page * max(1, height - 1))
            shown = rendered[max(0, end - height):end]
        else:
            shown = rendered[:height]
        for row in shown:
            yield from row
            yield Segment.line()


class PanesBase:
    """What a game's full screen is told by the shared full-screen terminal (``rulecraft.cli.fullscreen``):
    the latest view of the person's seat (``begin``), the current prompt's lines (``say``; its ``title``),
    the narrated events (``narrate``), the help shown until the next answer, and the input line. A game's
    panes add ``layout(width, height)``, which :meth:`render` draws."""

    PROMPT_TITLE = "prompt"

    def __init__(self) -> None:
        self.state: dict[str, Any] | None = None
        self.log: deque[str] = deque(maxlen=LOG_KEPT)
        self.program: list[RenderableType] = []   # the current prompt: what it is about, options, messages
        self.title = self.PROMPT_TITLE             # the prompt pane's title: the current prompt's
        self.help: list[str] | None = None         # shown instead of other panes while set
        self.help_title = HELP_TITLE
        self.help_tail = False                     # the help pane shows its last lines (the whole log)
        self.help_page = 0                         # ... that many pages back (``l`` again)
        self.prompt, self.typed = "", ""

    def begin(self, state: dict[str, Any]) -> None:
        """A new decision: the prompt pane starts empty, the help pane closes."""
        self.state, self.program, self.title = state, [], self.PROMPT_TITLE
        self.close_help()

    def show_help(self, lines: list[str], title: str = "", tail: bool = False, page: int = 0) -> None:
        """The help pane, until the next answer: ``lines`` (the last that fit with ``tail``, ``page``
        pages back from them)."""
        self.help, self.help_title, self.help_tail, self.help_page = lines, title or HELP_TITLE, tail, page

    def close_help(self) -> None:
        self.help, self.help_title, self.help_tail, self.help_page = None, HELP_TITLE, False, 0

    def help_pane(self) -> RenderableType:
        """The help pane as a panel: its title, and its lines from the top (or the last, ``help_tail``)."""
        from rich.panel import Panel

        return Panel(Lines(self.help or [], last=self.help_tail, page=self.help_page), title=self.help_title,
                     title_align="left",
                     border_style="cyan")

    def say(self, markup: str) -> None:
        self.program.extend(markup.strip("\n").split("\n"))

    def narrate(self, markup: str) -> None:
        self.log.extend(markup.strip("\n").split("\n"))

    def columns(self, lines: list[str]) -> None:
        """Lines to keep together (a hand of cards); by default one under another."""
        self.program.extend(lines)

    def layout(self, width: int, height: int) -> RenderableType:
        raise NotImplementedError

    def render(self, width: int, height: int, color_system: ColorSystemName | None = None) -> str:
        """The panes drawn into ``height`` lines of ``width`` columns (with escape codes when
        ``color_system`` is set); the input line goes below them."""
        return render(self.layout(width, height), width, height, color_system)


def rows_of(renderable: RenderableType, width: int) -> int:
    """How many rows ``renderable`` takes at ``width`` columns: a pane that grows with what it holds (a
    board cell with several units in it) is given that many rows, so that it never clips its last line."""
    console = SafeConsole(file=io.StringIO(), width=width, highlight=False, legacy_windows=False, emoji=False)
    return len(console.render_lines(renderable, console.options.update(width=width, height=None), pad=False))


def render(renderable: RenderableType, width: int, height: int,
           color_system: ColorSystemName | None = None) -> str:
    """``renderable`` (a layout of panes) drawn into ``height`` lines of ``width`` columns, with escape codes
    when ``color_system`` is set."""
    out = io.StringIO()
    console = SafeConsole(file=out, width=width, height=height, color_system=color_system,
                          highlight=False, legacy_windows=False, emoji=False,
                          force_terminal=color_system is not None)
    console.print(renderable)
    return out.getvalue()


def render_text(panes: Any, width: int, height: int) -> str:
    """A game's whole screen as plain text, ``height`` lines of ``width`` columns: its panes (anything with
    ``render``, ``prompt`` and ``typed``) and the input line below them. What snapshot tests compare."""
    return panes.render(width, height - 1) + (panes.prompt + panes.typed)[:width]
