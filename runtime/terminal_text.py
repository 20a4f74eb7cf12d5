"""Report: what a pack, a log or a file name says reaches a terminal as text to read, never as a sequence
the terminal obeys (issue 28).

A YAML escape (``name: "Mech\\e]0;owned\\a"``) or a JSON one (``"\\u001b[2J"``) puts ESC into a value
with no control byte in the file, and a file name may hold anything, so no check of the bytes read can
stop it: the one place that can is where text is written out. :func:`visible` is that one function: it
shows every C0 control but tab and newline as its Unicode picture (ESC as ␛, so an OSC, CSI or DCS
sequence loses its introducer and prints as plain characters), DEL as ␡, and every C1 control, bidi
override, embedding, isolate and mark, and line or paragraph separator as ``<U+XXXX>``.

It is applied at the two boundaries every front end writes through:

- :func:`visible_output` wraps ``sys.stdout`` and ``sys.stderr`` for the whole of a command
  (``rulecraft.cli.main``), so whatever is ``print``-ed (diagnostics, explain's tables, replay's verdicts,
  a usage error quoting a log) is filtered;
- ``rulecraft.runtime.safe_console.SafeConsole``, the rich console of every front end, filters the *text*
  of what it renders (not the colour and cursor codes rich makes itself, which it writes to the stream
  beneath the wrapper).

This module imports nothing heavy (no rich): every command's start-up imports it.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

_C0 = {code: chr(0x2400 + code) for code in range(0x20) if code not in (0x09, 0x0A)}
_UNSEEN = [*range(0x80, 0xA0),                      # C1 controls (CSI as 0x9B, OSC as 0x9D)
           0x061C, 0x200E, 0x200F,                  # bidi marks
           *range(0x202A, 0x202F),                  # bidi embeddings and overrides
           *range(0x2066, 0x206A),                  # bidi isolates
           0x2028, 0x2029]                          # line and paragraph separators
HIDDEN: dict[int, str] = {**_C0, 0x7F: "\u2421", **{code: f"<U+{code:04X}>" for code in _UNSEEN}}


def visible(text: str) -> str:
    """``text`` with every control, bidi and separator character shown as a harmless picture or code."""
    return text.translate(HIDDEN)


class VisibleStream:
    """A text stream whose ``write`` passes everything through :func:`visible`; ``unfiltered`` is the
    stream beneath, for the writers that make terminal codes of their own from filtered text."""

    def __init__(self, stream: IO[str]) -> None:
        self.unfiltered = stream

    def write(self, text: str) -> int:
        self.unfiltered.write(visible(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:          # flush, isatty, fileno, encoding, ...
        return getattr(self.unfiltered, name)


def unfiltered(stream: IO[str]) -> IO[str]:
    """The stream beneath a :class:`VisibleStream` (any other stream as it is)."""
    return stream.unfiltered if isinstance(stream, VisibleStream) else stream


@contextlib.contextmanager
def visible_output() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` filtered by :func:`visible` while a command runs."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleStream(sys.stdout), VisibleStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
