"""Generate: what Tiny Epic Mechs brings to the rules site (the module its `docs_pages` member names).

The rules-site plugin (``rulecraft.cli.mkdocs_plugin``) asks a game's docs module for
``reference_pages(stack)`` (generated page path -> Markdown), ``fill(markdown, stack)`` (the rulebook's
markers, raising ``UnknownValue``) and ``SCENARIO_SCHEMA`` (the schema resource of its rule scenarios).
"""

from __future__ import annotations

from rulecraft.plugins.tem.docgen.pages import reference_pages
from rulecraft.plugins.tem.docgen.values import UnknownValue, fill
from rulecraft.plugins.tem.game import SCENARIO_SCHEMA

__all__ = ["SCENARIO_SCHEMA", "UnknownValue", "fill", "reference_pages"]
