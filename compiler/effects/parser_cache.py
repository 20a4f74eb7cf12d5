"""Parse: the effect grammar's LALR parser, built once per user and kept as signed data, never as a pickle.

Building the parser from ``effects.lark`` costs ~130 ms (lark checks every pair of terminals for
collisions), in every process. lark's own ``cache=`` would bring that to ~2 ms, but it stores a pickle,
and a pickle is code: whoever can write the file runs code in the next rulecraft. So the tables are kept
as *data* in the user's signed store (``rulecraft.compiler.signed_store``: HMAC-signed, in a private
folder of the user's own; ``site/docs/developer/security.md`` says why this design):

- the file holds the tables ``Lark.memo_serialize`` gives (what lark's standalone generator writes as
  Python literals), as JSON, tuples and integer-keyed mappings tagged (``_encode``);
- loading is ``json.loads`` and ``Lark._load_from_dict``, which builds only lark's own
  ``Rule``/``TerminalDef``/parse-table classes from plain values: no name in the file is imported or
  called, and only a payload whose signature verifies is decoded at all.

The key hashes the grammar text, the lark version, the options and ``FORMAT``, so a new grammar or lark
never meets an old table. Any failure (missing, unsigned, undecodable, a lark that cannot load it) falls
back to building the parser, with a debug note on ``rulecraft.cache``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from rulecraft.compiler.signed_store import SignedStore, digest

LOG = logging.getLogger("rulecraft.cache")

FORMAT = "1"
STORE = SignedStore("parser")


def parser_key(grammar: str, options: dict[str, Any]) -> str:
    return digest([FORMAT, lark.__version__, json.dumps(options, sort_keys=True), grammar])


def cached_parser(grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, parser="lalr", **options)``, from this user's signed tables when they are there and
    verify; otherwise built, and stored for the next process."""
    key = parser_key(grammar, options)
    payload = STORE.read(key)
    if payload is not None:
        try:
            tables = json.loads(payload, object_hook=_decode)
            return Lark._load_from_dict(tables["data"], tables["memo"])
        except Exception as exc:   # lark may raise anything on tables it did not write; then build afresh
            LOG.debug("parser tables %s ignored and rebuilt: %s: %s", key[:12], type(exc).__name__, exc)
    built = Lark(grammar, parser="lalr", **options)
    data, memo = built.memo_serialize([TerminalDef, Rule])
    try:
        STORE.write(key, json.dumps({"data": _encode(data), "memo": _encode(memo)},
                                    separators=(",", ":")).encode("utf-8"))
    except TypeError as exc:     # a lark whose tables hold other types: build every time rather than guess
        LOG.debug("parser tables not cached: %s", exc)
    return built


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
