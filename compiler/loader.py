"""Load: read a YAML content file safely into plain data, keeping every value's position.

Packs are data written by strangers, so the loader is strict: UTF-8 only, one document, YAML's
core schema only (no custom tags, no anchors or aliases, so no alias bombs), no duplicate keys,
bounded size and depth. It walks PyYAML's event stream (the C parser when present) once and
builds JSON-like values directly, recording a ``Span`` for every value and every mapping key
under its JSON path, so later stages can point at the author's own line and column.
"""

from __future__ import annotations

import copy
import marshal
import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import yaml

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.yaml_syntax import syntax_diagnostic

try:  # the C parser is ~10x faster; the pure-Python one gives the same events
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

YAML_SUFFIXES = (".yaml", ".yml")
MAX_FILE_BYTES = 2 * 1024 * 1024
# What YAML does not allow in a stream (PyYAML's reader refuses the same set, at 1:1 in its own words).
_NOT_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
MAX_DEPTH = 64

JsonPath = tuple[str | int, ...]


def value_at(data: Any, path: JsonPath) -> Any:
    """The value at ``path`` in loaded ``data``, or None where the path leads nowhere."""
    for key in path:
        if isinstance(data, dict):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    return data

_CORE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}
_STR = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


@dataclass(frozen=True, slots=True)
class Span:
    """Where a value sits in its file: 1-based start line/column and end line/column.

    ``style`` is the scalar style (``""`` plain, ``"'"``, ``'"'``, ``"|"``, ``">"``) so that a
    stage which points *inside* a string (the effect DSL) can map an offset to a column.
    """

    line: int
    column: int
    end_line: int
    end_column: int
    style: str | None = None


@dataclass(slots=True)
class Document:
    """One loaded file: its plain data plus the spans of every value and key."""

    path: str
    text: str
    data: Any
    spans: dict[JsonPath, Span] = field(default_factory=dict)
    key_spans: dict[JsonPath, Span] = field(default_factory=dict)

    def copy(self) -> Document:
        """A document of its own: the data copied whole (:func:`plain_copy`), the spans' tables copied
        (a span is immutable)."""
        return Document(self.path, self.text, plain_copy(self.data), dict(self.spans), dict(self.key_spans))

    def span_of(self, path: JsonPath, *, key: bool = False) -> Span:
        """The span of ``path``, or of its nearest ancestor that has one (the whole file)."""
        table = self.key_spans if key else self.spans
        path = tuple(path)
        while path:
            if path in table:
                return table[path]
            if key and path in self.spans:
                return self.spans[path]
            path = path[:-1]
        return self.spans.get((), Span(1, 1, 1, 1))

    def diagnostic(
        self, code: codes.ErrorCode, message: str, path: JsonPath = (), *, key: bool = False,
        hint: str | None = None,
    ) -> Diagnostic:
        """A diagnostic located at ``path`` in this document."""
        span = self.span_of(path, key=key)
        return Diagnostic.spanning(code, message, self.path, (span.line, span.column),
                                   (span.end_line, span.end_column), hint)


class _Abort(Exception):
    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic


def _span(start: Any, end: Any, style: str | None = None) -> Span:
    return Span(start.line + 1, start.column + 1, end.line + 1, end.column + 1, style)


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    before = data[:offset]
    line = before.count(b"\n") + 1
    column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
    return line, column


def decode(data: bytes, path: str) -> tuple[str | None, list[Diagnostic]]:
    """Decode file bytes as UTF-8, refusing oversize files, a BOM or invalid bytes with a location."""
    if len(data) > MAX_FILE_BYTES:
        return None, [Diagnostic(codes.FILE_TOO_LARGE,
                                 f"file is {len(data):,} bytes; the limit is {MAX_FILE_BYTES:,}",
                                 path, 1, 1)]
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return None, [Diagnostic(codes.BYTE_ORDER_MARK, "file starts with a byte order mark",
                                 path, 1, 1, hint="save the file as UTF-8 without BOM")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _line_col(data, exc.start)
        return None, [Diagnostic(codes.NOT_UTF8, f"invalid UTF-8 byte 0x{data[exc.start]:02x}",
                                 path, line, column, hint="content files must be UTF-8 text")]
    bad = _NOT_PRINTABLE.search(text)
    if bad is not None:
        at, char = bad.start(), bad.group()
        what = "a NUL byte (0x00)" if char == "\x00" else f"control character 0x{ord(char):02x}"
        return None, [Diagnostic(codes.CONTROL_CHARACTER, f"{what} in the text", path,
                                 text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1,
                                 hint="content files are plain text; delete the character (most editors "
                                      "do not show it)")]
    return text, []


class _Builder:
    """Builds plain values from the event stream, recording spans; aborts on the first hazard."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.doc = Document(path, text, None)
        self.events = yaml.parse(text, Loader=_Loader)

    def fail(self, code: codes.ErrorCode, message: str, mark: Any, hint: str | None = None) -> NoReturn:
        raise _Abort(Diagnostic(code, message, self.path, mark.line + 1, mark.column + 1, hint=hint))

    def build(self) -> Document:
        events = self.events
        next(events)  # StreamStart
        event = next(events)
        if isinstance(event, yaml.StreamEndEvent):
            return self.doc
        self.doc.data = self.node(next(events), (), 0)
        next(events)  # DocumentEnd
        event = next(events)
        if isinstance(event, yaml.DocumentStartEvent):
            self.fail(codes.YAML_MULTI_DOCUMENT, "only one YAML document per file is allowed",
                      event.start_mark, hint="split the documents into separate files")
        return self.doc

    def check_node(self, event: Any, depth: int) -> None:
        if isinstance(event, yaml.AliasEvent):
            self.fail(codes.YAML_ANCHOR, f"alias '*{event.anchor}' is not allowed", event.start_mark,
                      hint="use `extends: <id>` to reuse another entry's fields")
        if event.anchor is not None:
            self.fail(codes.YAML_ANCHOR, f"anchor '&{event.anchor}' is not allowed", event.start_mark,
                      hint="use `extends: <id>` to reuse another entry's fields")
        if event.tag not in (None, "!") and event.tag not in _CORE_TAGS:
            self.fail(codes.YAML_TAG, f"tag '{event.tag}' is not allowed", event.start_mark,
                      hint="content files use plain YAML: text, numbers, booleans, lists, mappings")
        if depth > MAX_DEPTH:
            self.fail(codes.YAML_TOO_DEEP, f"nesting is deeper than {MAX_DEPTH} levels",
                      event.start_mark)

    def node(self, event: Any, path: JsonPath, depth: int) -> Any:
        self.check_node(event, depth)
        if isinstance(event, yaml.ScalarEvent):
            self.doc.spans[path] = _span(event.start_mark, event.end_mark, event.style or "")
            return self.scalar(event)
        if isinstance(event, yaml.SequenceStartEvent):
            return self.sequence(event, path, depth)
        return self.mapping(event, path, depth)

    def sequence(self, start: Any, path: JsonPath, depth: int) -> list[Any]:
        items: list[Any] = []
        for event in self.events:
            if isinstance(event, yaml.SequenceEndEvent):
                break
            items.append(self.node(event, (*path, len(items)), depth + 1))
        self.doc.spans[path] = _span(start.start_mark, event.end_mark)
        return items

    def mapping(self, start: Any, path: JsonPath, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for event in self.events:
            if isinstance(event, yaml.MappingEndEvent):
                break
            self.check_node(event, depth + 1)
            if not isinstance(event, yaml.ScalarEvent):
                self.fail(codes.YAML_COMPLEX_KEY, "a mapping key must be plain text", event.start_mark)
            key = event.value
            key_path = (*path, key)
            if key == "<<" and not event.style:
                self.fail(codes.YAML_ANCHOR, "merge keys ('<<') are not allowed", event.start_mark,
                          hint="use `extends: <id>` to reuse another entry's fields")
            if key in result:
                first = self.doc.key_spans[key_path]
                self.fail(codes.YAML_DUPLICATE_KEY,
                          f"key '{key}' appears twice in this mapping (first at line {first.line})",
                          event.start_mark, hint="delete one of the two; YAML keeps only the last")
            self.doc.key_spans[key_path] = _span(event.start_mark, event.end_mark, event.style or "")
            result[key] = self.node(next(self.events), key_path, depth + 1)
        self.doc.spans[path] = _span(start.start_mark, event.end_mark)
        return result

    def scalar(self, event: Any) -> Any:
        tag = event.tag if event.tag not in (None, "!") else None
        if tag is None:
            implicit = event.implicit if event.tag != "!" else (False, False)
            tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, implicit)
        if tag not in _CORE_TAGS:  # e.g. an implicit timestamp: keep the author's text
            return event.value
        if tag == _STR:
            return event.value
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:  # the tag's constructor itself: construct_object would keep every node it ever built
            return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)
        except (ValueError, yaml.constructor.ConstructorError):
            value = event.value
            shown = value if len(value) <= 40 else f"{value[:20]}…({len(value):,} characters)"
            self.fail(codes.YAML_SYNTAX, f"'{shown}' is not a valid {tag.rsplit(':', 1)[1]}",
                      event.start_mark)


def plain_copy(value: Any) -> Any:
    """A deep copy of loaded data (mappings, lists, text, numbers, booleans, null: what a document holds)
    by a ``marshal`` round trip, which keeps exactly those types and the mappings' order at C speed (3x
    ``copy.deepcopy``'s); anything else is copied by ``copy.deepcopy``."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:        # an object marshal does not hold
        return copy.deepcopy(value)


# This process's documents loaded more than once, by (path, text), each handed out as a copy of its own (a
# caller may change what it was given): a sweep checks its packs again for every point (issue 27), and
# parsing was a quarter of a point's cost. A text is kept from its second load on (a command that loads each
# file once pays nothing), up to _LOADED_TEXT characters in all; a file whose text changed is a new key.
_LOADED: dict[tuple[str, str], tuple[Document | None, list[Diagnostic]] | None] = {}
_LOADED_TEXT = 8_000_000
_loaded_size = 0


def load_text(text: str, path: str) -> tuple[Document | None, list[Diagnostic]]:
    """Load one YAML document from text. Returns the document, or ``None`` and its diagnostics."""
    global _loaded_size
    key = (path, text)
    found = _LOADED.get(key)
    if found is not None:
        document, problems = found
        return (None if document is None else document.copy()), list(problems)
    loaded = _load_text(text, path)
    if key not in _LOADED:      # the first load: remembered as seen, and handed out as it is
        if _loaded_size + len(text) > _LOADED_TEXT:
            _LOADED.clear()
            _loaded_size = 0
        _LOADED[key] = None
        _loaded_size += len(text)
        return loaded
    _LOADED[key] = loaded       # the second: kept, and a copy handed out
    document, problems = loaded
    return (None if document is None else document.copy()), list(problems)


def _load_text(text: str, path: str) -> tuple[Document | None, list[Diagnostic]]:
    builder = _Builder(path, text)
    try:
        return builder.build(), []
    except _Abort as abort:
        return None, [abort.diagnostic]
    except yaml.MarkedYAMLError as exc:
        if "maximum nesting depth" in f"{exc.context} {exc.problem}":   # the parser's cap, met before ours
            mark = exc.problem_mark or exc.context_mark
            line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
            return None, [Diagnostic(codes.YAML_TOO_DEEP, f"nesting is deeper than {MAX_DEPTH} levels",
                                     path, line, column)]
        return None, [syntax_diagnostic(text, path, exc)]
    except yaml.YAMLError as exc:
        return None, [Diagnostic(codes.YAML_SYNTAX, str(exc).strip() or "invalid YAML", path, 1, 1)]


def load_bytes(data: bytes, path: str) -> tuple[Document | None, list[Diagnostic]]:
    text, problems = decode(data, path)
    if text is None:
        return None, problems
    return load_text(text, path)


class NotRegularFile(OSError):
    """The path names a directory, a device, a FIFO or a socket: nothing a content file can be."""


def file_kind(mode: int) -> str:
    """What a stat mode names, in a diagnostic's words."""
    for test, kind in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "a regular file" if stat.S_ISREG(mode) else "a special file"


def read_regular(path: Path, limit: int, *, follow_symlinks: bool = True,
                 accept: Callable[[os.stat_result], bool] | None = None) -> bytes:
    """At most ``limit + 1`` bytes of a regular file. The cap counts the bytes actually read, never the
    size the file reports (``/proc`` files report 0); the file is opened without blocking and checked on
    the open descriptor, so a FIFO or a device named by a path cannot hang or flood the reader. The
    caches (``signed_store``) read this way too, refusing a symlink (``follow_symlinks=False``) and any
    file whose descriptor ``accept`` refuses (another user's)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(f"'{path}' is {file_kind(info.st_mode)}, not a regular file")
        if accept is not None and not accept(info):
            raise PermissionError(f"'{path}' is not accepted: {info.st_uid=}, mode {info.st_mode:o}")
        return handle.read(limit + 1)


def load_file(path: Path, display: str | None = None) -> tuple[Document | None, list[Diagnostic]]:
    """Load a file from disk; ``display`` is the path shown in diagnostics (default: ``path``)."""
    shown = display or str(path)
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except NotRegularFile as exc:
        return None, [Diagnostic(codes.NOT_A_REGULAR_FILE, str(exc), shown)]
    except OSError as exc:
        return None, [Diagnostic(codes.FILE_NOT_FOUND, f"cannot read file: {exc.strerror or exc}", shown)]
    if len(data) > MAX_FILE_BYTES:
        return None, [Diagnostic(codes.FILE_TOO_LARGE, f"file is larger than the limit of {MAX_FILE_BYTES:,} "
                                 "bytes", shown, 1, 1)]
    return load_bytes(data, shown)


def yaml_files(paths: Iterable[Path]) -> list[Path]:
    """Each file named, and every ``*.yaml``/``*.yml`` file under each folder named (sorted): how the
    scenario runners of every game find their files."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())
        else:
            found.append(path)
    return found
