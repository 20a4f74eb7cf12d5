"""Load: a per-user store of signed cache files, for work a later process may skip when nothing changed.

Three things are kept here: the effect parser's LALR tables (``rulecraft.compiler.effects.parser_cache``),
the record that a piece of content passed its JSON Schema (``rulecraft.compiler.validate``) and a stack's
compiled effects (``rulecraft.compiler.effects.cache``). A file in a user's cache folder is data someone
else may have put there, so a store trusts a file only when all of this holds
(``site/docs/developer/security.md``, "Signed caches"):

- **Signed.** A file is an HMAC-SHA256, under a per-user secret (32 random bytes, ``secret``, made on first
  use and made again when damaged), of the store's name, the file's key and its payload, then the payload.
  A file that does not verify is ignored (and written afresh by the caller); only a verified payload is
  handed on.
- **Private.** The folder (``$XDG_CACHE_HOME/rulecraft/signed``, made 0700), the secret and every file
  must belong to the user running rulecraft and give the group and others no permission at all. Otherwise
  the store reads and writes nothing, and the caller does the work as if the cache were empty.
- **Read as packs are.** A file is opened without following a symlink and without blocking, checked on
  its descriptor (a regular file: no FIFO, device or socket) and read up to a cap counted in bytes read
  (``MAX_FILE_BYTES``), so no file there can hang or flood a process.
- **Data.** Payloads are JSON or empty, never a pickle, and each caller re-derives what it can: the key
  names everything the result depends on, so a changed input never meets an old file.

Platforms without file owners (``os.getuid``) get no store: the work is simply done every time.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import os
import secrets
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from rulecraft.compiler.loader import read_regular

LOG = logging.getLogger("rulecraft.cache")

SECRET_BYTES = 32
MAX_FILE_BYTES = 64 * 1024 * 1024   # a file holds one stack's compiled effects: many packs' files' worth
_OTHERS = 0o077            # any permission bit for the group or others


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulecraft" / "signed"


def digest(parts: Iterable[str | bytes]) -> str:
    """A SHA-256 of ``parts``, each length-prefixed (no ambiguous joins): the keys of the stores."""
    found = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        found.update(len(data).to_bytes(8, "big") + data)
    return found.hexdigest()


class SignedStore:
    """The files of one kind (``name``: a plain word) in the user's private signed folder."""

    def __init__(self, name: str) -> None:
        self.name = name

    def path(self, key: str) -> Path:
        return folder() / f"{self.name}-{key}"

    def read(self, key: str) -> bytes | None:
        """The payload stored under ``key``, or ``None``: missing, not private, or not signed by this user."""
        secret = _secret()
        raw = _read_private(self.path(key)) if secret is not None else None
        if raw is None or secret is None:
            return None
        mac, _, payload = raw.partition(b"\n")
        if not hmac.compare_digest(mac, _mac(secret, self.name, key, payload)):
            LOG.debug("cache file %s ignored: its signature does not verify", self.path(key))
            return None
        return payload

    def write(self, key: str, payload: bytes = b"") -> None:
        """Store ``payload`` under ``key``, signed, atomically; skipped when the folder is not private."""
        secret = _secret()
        if secret is None:
            return
        path = self.path(key)
        try:
            with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as handle:
                handle.write(_mac(secret, self.name, key, payload) + b"\n" + payload)   # mode 0600
            os.replace(handle.name, path)
        except OSError as exc:
            LOG.debug("cache file %s not written: %s", path, exc)


def _mac(secret: bytes, name: str, key: str, payload: bytes) -> bytes:
    signed = name.encode("ascii") + b"\n" + key.encode("ascii") + b"\n" + payload
    return hmac.new(secret, signed, hashlib.sha256).hexdigest().encode("ascii")


def _private(info: os.stat_result) -> bool:
    return info.st_uid == os.getuid() and not info.st_mode & _OTHERS


def _private_folder() -> Path | None:
    """The store's folder, made 0700 if missing; ``None`` when it is not this user's own private folder."""
    if not hasattr(os, "getuid"):
        return None
    where = folder()
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            where.mkdir(mode=0o700)
        info = os.stat(where, follow_symlinks=False)
    except OSError as exc:
        LOG.debug("signed cache %s unavailable: %s", where, exc)
        return None
    if not stat.S_ISDIR(info.st_mode) or not _private(info):
        LOG.debug("signed cache %s ignored: not a private folder of this user", where)
        return None
    return where


def _read_private(path: Path) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a symlink, FIFO or device) of this user that
    nobody else may read or write, of at most ``MAX_FILE_BYTES``, read as packs are (``read_regular``:
    without blocking, checked on the open descriptor, the cap counting the bytes read); ``None`` otherwise,
    at once."""
    try:
        data = read_regular(path, MAX_FILE_BYTES, follow_symlinks=False, accept=_private)
    except OSError as exc:                   # missing, a symlink (ELOOP), special, or not this user's own
        if not isinstance(exc, FileNotFoundError):
            LOG.debug("cache file %s ignored: %s", path, exc)
        return None
    if len(data) > MAX_FILE_BYTES:
        LOG.debug("cache file %s ignored: larger than %s bytes", path, f"{MAX_FILE_BYTES:,}")
        return None
    return data


def _secret() -> bytes | None:
    """The user's signing secret, made on first use (written whole, then linked into place, so a
    concurrent process never reads half of it) and made again when what is there is not one (truncated,
    a symlink, a FIFO, readable by others): only this user can have put it in the private folder, and a
    damaged secret must not turn the store off for good. ``None`` when the folder is not private."""
    where = _private_folder()
    if where is None:
        return None
    path = where / "secret"
    found = _read_private(path)
    if found is not None and len(found) == SECRET_BYTES:
        return found
    damaged = os.path.lexists(path)
    try:
        with tempfile.NamedTemporaryFile(dir=where, suffix=".tmp", delete=False) as handle:
            handle.write(secrets.token_bytes(SECRET_BYTES))                          # mode 0600
        try:
            if damaged:
                LOG.debug("signed cache secret %s is damaged: made again", path)
                os.replace(handle.name, path)       # the name, never what a symlink there points at
            else:
                os.link(handle.name, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(handle.name)
    except FileExistsError:
        pass                                        # another process made it first: use theirs
    except OSError as exc:
        LOG.debug("signed cache secret not made: %s", exc)
        return None
    found = _read_private(path)
    return found if found is not None and len(found) == SECRET_BYTES else None
