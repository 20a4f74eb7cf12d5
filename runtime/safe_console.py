"""Report: the rich console every front end prints through, showing a pack's text, never obeying it.

rich writes the colour and cursor codes it makes from styles; the text of a segment is whatever a pack,
a log or a file name said, and may hold ESC or a bidi override (issue 28). :class:`SafeConsole` passes
that text through ``terminal_text.visible`` and writes to the stream beneath
``terminal_text.visible_output``'s filter, so its own codes arrive intact.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO

from rich.console import Console
from rich.segment import Segment

from rulecraft.runtime.terminal_text import unfiltered, visible


class SafeConsole(Console):
    """rich's console with the text of every segment it renders passed through ``visible``; its own
    style and cursor codes go to the stream beneath ``visible_output``'s filter."""

    @property
    def file(self) -> IO[str]:
        return unfiltered(Console.file.fget(self))   # type: ignore[attr-defined]

    @file.setter
    def file(self, new_file: IO[str]) -> None:
        Console.file.fset(self, new_file)            # type: ignore[attr-defined]

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            segment if segment.control else Segment(visible(segment.text), segment.style)
            for segment in buffer)
