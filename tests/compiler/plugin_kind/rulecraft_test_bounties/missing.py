"""A broken test plugin: registers a content kind whose schema file does not exist."""

from __future__ import annotations

from rulecraft.plugins.hookspecs import hookimpl


@hookimpl
def rulecraft_register_content_kinds():
    return [("wanted", "rulecraft_test_bounties:wanted.schema.json")]
