"""A broken test plugin: registers a shipped kind (``weapons``) and the ``bounties`` plugin's kind."""

from __future__ import annotations

from rulecraft.plugins.hookspecs import hookimpl


@hookimpl
def rulecraft_register_content_kinds():
    schema = "rulecraft_test_bounties:bounties.schema.json"
    return [("weapons", schema), ("bounties", schema)]
