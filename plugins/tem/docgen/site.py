"""Generate: what Tiny Epic Mechs brings to the rules site (the module its `docs_pages` member names).

The rules-site plugin (``rulecraft.cli.mkdocs_plugin``) asks a game's docs module for
``reference_pages(stack)`` (generated page path -> Markdown), ``fill(markdown, stack)`` (the rulebook's
markers, raising ``UnknownValue``), ``SCENARIO_SCHEMA`` (the schema resource of its rule scenarios) and
``SITE`` (the package of its hand-written site: the project's own, whose rulebook is Tiny Epic Mechs').
The rulebook's markers read the rule parameters (``{{ rules.rounds }}``) and the Mighty Mech entity
(``{{ mech.health }}``); a designed value keeps its T3 dagger.
"""

from __future__ import annotations

from rulecraft.compiler.docgen import values
from rulecraft.compiler.docgen.values import UnknownValue
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.tem.docgen.pages import DAGGER, reference_pages
from rulecraft.plugins.tem.game import SCENARIO_SCHEMA

SITE = "rulecraft.site"


def fill(markdown: str, stack: Stack) -> str:
    """``markdown`` with every marker replaced by its value in ``stack``."""
    mechs = stack.of_kind("mighty-mech")
    sources = {"rules": stack.rules.data if stack.rules else {}, "mech": mechs[0].data if mechs else {}}
    return values.fill(markdown, sources, DAGGER)


__all__ = ["SCENARIO_SCHEMA", "SITE", "UnknownValue", "fill", "reference_pages"]
