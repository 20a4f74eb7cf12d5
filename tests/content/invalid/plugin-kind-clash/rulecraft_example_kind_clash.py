"""A broken test plugin for the kind-clash case: it registers `weapons`, a kind rulecraft already ships."""

from __future__ import annotations

from rulecraft.plugins.hookspecs import hookimpl


@hookimpl
def rulecraft_register_content_kinds():
    return [("weapons", "rulecraft_example_kind_clash:weapons.schema.json")]
