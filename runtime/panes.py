"""Report: the pieces every game's full-screen panes are built of (``rulecraft play`` at a terminal).

A game's board draws its own panes (what a pane holds is the game's); how a pane's lines fit its rows and
how the whole screen becomes text of a fixed size is the same for every game, so it lives here once:
:class:`Lines`, :func:`render` and :func:`render_text`.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any, Literal

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.text import Text

from rulecraft.runtime.safe_console import SafeConsole

ColorSystemName = Literal["auto", "standard", "256", "truecolor", "windows"]
"""What rich calls a terminal's colours (``Console.color_system``), as ``render`` passes it on."""


class Lines:
    """Markup lines wrapped to the pane's width, of which the ones that fit are shown: the last (a log
    scrolls inside its pane, never the screen) or the first (a status reads from the top). ``squeeze``:
    when the wrapped lines do not fit, each option line (indented) is cut to one row instead, so that a
    prompt keeps its options in view (``?`` shows them whole) and its messages whole. ``back``: with
    ``last``, how many rows above the last ones the view starts (a log scrolled back)."""

    def __init__(self, lines: Iterable[RenderableType], last: bool = True, squeeze: bool = False,
                 back: int = 0) -> None:
        self.lines, self.last, self.squeeze, self.back = list(lines), last, squeeze, back

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
            end = max(height, len(rendered) - self.back)
            shown = rendered[max(0, end - height):end]
        else:
            shown = rendered[:height]
        for row in shown:
            yield from row
            yield Segment.line()


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
