"""Parse: the effect grammar's LALR parser, built once per user and kept as signed data, never as a pickle.

Building the parser from ``effects.lark`` costs ~130 ms (lark checks every pair of terminals for
collisions), in every process. lark's own ``cache=`` would bring that to ~2 ms, but it stores a pickle,
and a pickle is code: whoever can write the file runs code in the next rulecraft. So the parser is kept
here as *data*, in three layers, each enough to stop a forged file on its own (the page
``site/docs/developer/security.md`` says why this design):

- **Not code.** The file holds the tables ``Lark.memo_serialize`` gives (what lark's standalone
  generator writes as Python literals), as JSON; tuples and integer-keyed mappings are tagged
  (``_encode``). Loading is ``json.loads`` and ``Lark._load_from_dict``, which only builds lark's own
  ``Rule``/``TerminalDef``/parse-table classes from plain values: no name in the file is imported or
  called.
- **Signed.** Each file starts with an HMAC-SHA256 of its key and payload under a per-user secret
  (32 random bytes in ``secret``, mode 0600, made once). A file that does not verify is ignored and
  rebuilt; only a verified payload is decoded at all.
- **Private.** The folder (``$XDG_CACHE_HOME/rulecraft/parser``, made 0700) and every file in it must
  belong to the user running rulecraft and be unreadable and unwritable by anyone else; otherwise the
  cache is not used at all (neither read nor written) and the parser is built in memory as before.

The key (the file's name) hashes the grammar text, the lark version, the options and ``FORMAT``, so a
new grammar or lark never meets an old table. Any failure (missing, unsigned, undecodable, a lark that
cannot load it) falls back to building the parser, with a debug note on ``rulecraft.effects.parser``.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import stat
import tempfile
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

LOG = logging.getLogger("rulecraft.effects.parser")

FORMAT = "1"
SECRET_BYTES = 32
_PRIVATE = 0o077            # no permission bit for the group or others


def folder() -> Path:
    """Where signed parser tables live: beside the compiled-effects cache, in a private folder."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulecraft" / "parser"


def parser_key(grammar: str, options: dict[str, Any]) -> str:
    digest = hashlib.sha256()
    for part in (FORMAT, lark.__version__, json.dumps(options, sort_keys=True), grammar):
        data = part.encode("utf-8")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def cached_parser(grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, parser="lalr", **options)``, from this user's signed tables when they are there and
    verify; otherwise built, and stored for the next process when the cache folder is private."""
    key = parser_key(grammar, options)
    where = _private_folder()
    secret = _secret(where) if where is not None else None
    if where is not None and secret is not None:
        loaded = _read(where / f"{key}.json", key, secret)
        if loaded is not None:
            return loaded
    built = Lark(grammar, parser="lalr", **options)
    if where is not None and secret is not None:
        _write(where / f"{key}.json", key, secret, built)
    return built


def _owned_and_private(info: os.stat_result) -> bool:
    return info.st_uid == os.getuid() and not info.st_mode & _PRIVATE


def _private_folder() -> Path | None:
    """The cache folder, made 0700 if missing; ``None`` when it is not the user's own and private (or this
    platform has no owners to check), so nothing there is trusted."""
    if not hasattr(os, "getuid"):
        return None
    where = folder()
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            where.mkdir(mode=0o700)
        info = os.stat(where, follow_symlinks=False)
    except OSError as exc:
        LOG.debug("parser cache %s unavailable: %s", where, exc)
        return None
    if not stat.S_ISDIR(info.st_mode) or not _owned_and_private(info):
        LOG.debug("parser cache %s ignored: not a private folder of this user", where)
        return None
    return where


def _read_private(path: Path) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a symlink) of this user that nobody else may
    read or write, checked on the open descriptor; ``None`` otherwise."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode) or not _owned_and_private(info):
            LOG.debug("parser cache file %s ignored: not a private file of this user", path)
            return None
        return handle.read()


def _secret(where: Path) -> bytes | None:
    """The user's signing secret, made on first use (written whole, then linked into place, so a
    concurrent reader never sees half of it)."""
    path = where / "secret"
    found = _read_private(path)
    if found is not None:
        return found if len(found) == SECRET_BYTES else None
    try:
        with tempfile.NamedTemporaryFile(dir=where, suffix=".tmp", delete=False) as handle:
            handle.write(secrets.token_bytes(SECRET_BYTES))   # NamedTemporaryFile makes it 0600
        try:
            os.link(handle.name, path)
        finally:
            os.unlink(handle.name)
    except FileExistsError:
        pass                                        # another process made it first: use theirs
    except OSError as exc:
        LOG.debug("parser cache secret not made: %s", exc)
        return None
    found = _read_private(path)
    return found if found is not None and len(found) == SECRET_BYTES else None


def _mac(secret: bytes, key: str, payload: bytes) -> str:
    return hmac.new(secret, key.encode("ascii") + b"\n" + payload, hashlib.sha256).hexdigest()


def _read(path: Path, key: str, secret: bytes) -> Lark | None:
    raw = _read_private(path)
    if raw is None:
        return None
    mac, _, payload = raw.partition(b"\n")
    if not hmac.compare_digest(mac, _mac(secret, key, payload).encode("ascii")):
        LOG.debug("parser cache file %s ignored and rebuilt: its signature does not verify", path)
        return None
    try:
        tables = json.loads(payload, object_hook=_decode)
        return Lark._load_from_dict(tables["data"], tables["memo"])
    except Exception as exc:   # lark may raise anything on tables it did not write; then build afresh
        LOG.debug("parser cache file %s ignored and rebuilt: %s: %s", path, type(exc).__name__, exc)
        return None


def _write(path: Path, key: str, secret: bytes, parser: Lark) -> None:
    """Store the parser's tables signed, atomically; a cache that cannot be written is skipped."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    try:
        payload = json.dumps({"data": _encode(data), "memo": _encode(memo)}, separators=(",", ":")).encode()
    except TypeError as exc:     # a lark whose tables hold other types: build every time rather than guess
        LOG.debug("parser tables not cached: %s", exc)
        return
    try:
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as handle:
            handle.write(_mac(secret, key, payload).encode("ascii") + b"\n" + payload)
        os.replace(handle.name, path)
    except OSError as exc:
        LOG.debug("parser cache file %s not written: %s", path, exc)


def _encode(value: Any) -> Any:
    """Plain JSON for lark's serialised tables: a tuple becomes ``{"#t": [...]}`` and a mapping with any
    key that is not a plain string ``{"#d": [[key, value], ...]}``, so both come back as they were."""
    if isinstance(value, tuple):
        return {"#t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("#") for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {"#d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, str | int | float):   # bool is an int
        return value
    raise TypeError(f"cannot store a {type(value).__name__} in parser tables")


def _decode(mapping: dict[str, Any]) -> Any:
    if mapping.keys() == {"#t"}:
        return tuple(mapping["#t"])
    if mapping.keys() == {"#d"}:
        return {key: value for key, value in mapping["#d"]}
    return mapping
