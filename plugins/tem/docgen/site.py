"""Generate: what Tiny Epic Mechs brings to the rules site (the module its `docs_pages` member names).

The rules-site plugin (``rulecraft.compiler.docgen.plugin``) asks a game's docs module for
``reference_pages(stack)`` (generated page path -> Markdown), ``fill(markdown, stack)`` (the rulebook's
markers, raising ``UnknownValue``), ``SCENARIO_SCHEMA`` (the schema resource of its rule scenarios) and
``SITE`` (the package of its hand-written site: the project's own, whose rulebook is Tiny Epic Mechs').
"""

from __future__ import annotations

from rulecraft.plugins.tem.docgen.pages import reference_pages
from rulecraft.plugins.tem.docgen.values import UnknownValue, fill
from rulecraft.plugins.tem.game import SCENARIO_SCHEMA

SITE = "rulecraft.site"

__all__ = ["SCENARIO_SCHEMA", "SITE", "UnknownValue", "fill", "reference_pages"]
