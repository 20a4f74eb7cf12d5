"""Show: the secret tokens of a table's links: unguessable, kept on disk only as hashes, compared in
constant time, so reading a tables folder gives no way in and a wrong token learns nothing by timing."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{22}\Z")      # a table's folder name: secrets.token_urlsafe(16)
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}\Z")         # a link's token: secrets.token_urlsafe(32)


def new_table_id() -> str:
    return secrets.token_urlsafe(16)


def new_token() -> tuple[str, str]:
    """A fresh token and the hash stored for it."""
    token = secrets.token_urlsafe(32)
    return token, digest(token)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: object, stored: str | None) -> bool:
    """Whether ``token`` (from a browser: any value) is the one ``stored`` hashes, in constant time."""
    if stored is None or not isinstance(token, str) or not TOKEN.match(token):
        return False
    return hmac.compare_digest(digest(token), stored)
