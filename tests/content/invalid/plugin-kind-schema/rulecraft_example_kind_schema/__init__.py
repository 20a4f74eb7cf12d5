"""A broken test plugin for the plugin-kind-schema case: its content kind's schema file does not exist."""

from __future__ import annotations

from rulecraft.plugins.hookspecs import hookimpl


@hookimpl
def rulecraft_register_content_kinds():
    return [("wanted", "rulecraft_example_kind_schema:wanted.schema.json")]
