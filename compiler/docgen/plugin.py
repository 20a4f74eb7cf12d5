"""Generate: the mkdocs plugin that adds rulecraft's generated pages to a rules site build.

Registered as the ``rulecraft`` mkdocs plugin (entry point in pyproject). It checks the configured
pack stack, and adds the card reference, its variant plugins, the scenario pages and the effect DSL,
plugin hooks, CLI and diagnostics references as generated files, so nothing generated is ever written into the
source tree. Content errors stop the build with the compiler's own located diagnostics, not a
traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from rulecraft.compiler.check import check_packs
from rulecraft.compiler.diagnostics import format_human, has_errors
from rulecraft.compiler.docgen import cliref, codesref, hooks, plugindocs, scenarios, schemaref
from rulecraft.compiler.effects.reference import reference as dsl_reference
from rulecraft.compiler.resolve import Stack
from rulecraft.compiler.validate import load_schema
from rulecraft.plugins.games import GameDefinition, get
from rulecraft.plugins.manager import PluginLoadError, spec_modules

RULINGS_PAGE = "rulings.md"


class RulecraftConfig(base.Config):
    packs = c.ListOfItems(c.Type(str), default=[])
    """Pack folders, the stack to document; relative paths are relative to mkdocs.yml."""
    pack_path = c.ListOfItems(c.Type(str), default=[])
    """Folders to find the packs' dependencies in (``--pack-path``)."""
    plugins = c.ListOfItems(c.Type(str), default=[])
    """Variant plugins to document besides those the packs name (``--plugin``)."""
    scenarios = c.Optional(c.Type(str))
    """The folder of scenario tests whose rulings the rulings page links to."""
    examples = c.Optional(c.Type(str))
    """The folder of diagnostic cases (tests/content) whose examples the diagnostics reference runs."""


class RulecraftPlugin(BasePlugin[RulecraftConfig]):
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path).parent
        stack = check_or_fail([root / p for p in self.config.packs],
                              [root / p for p in self.config.pack_path])
        found = scenarios.find_scenarios(root / self.config.scenarios) if self.config.scenarios else []
        self._scenarios = found
        cases = root / self.config.examples if self.config.examples else None
        cases = cases if cases is not None and cases.is_dir() else None
        self._stack = stack
        game = get(stack.game)
        self._docs = game.docs_pages.load() if game.docs_pages is not None else None
        from rulecraft.cli.main import build_parser  # the CLI imports this library, not the reverse

        named = [name for pack in stack.packs for name in pack.plugins] + list(self.config.plugins)
        try:
            variants = plugindocs.plugins_page(named, game.id)
        except PluginLoadError as exc:
            raise PluginError(f"rulecraft: {exc}") from None
        self._generated = {
            **(self._docs.reference_pages(stack) if self._docs is not None else {}),
            "reference/plugins.md": variants,
            **scenarios.scenario_pages(found),
            "reference/cli.md": cliref.cli_reference(build_parser()),
            "reference/dsl.md": dsl_reference(game.vocabulary.load()()) if game.vocabulary else "",
            "reference/hooks.md": hooks.hooks_reference(spec_modules(game)) if game.hookspecs else "",
            "reference/scenario-format.md": scenario_format(game, self._docs),
            "developer/diagnostics.md": codesref.diagnostics_reference(cases),
        }
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for uri, content in self._generated.items():
            if files.get_file_from_path(uri) is not None:
                raise PluginError(f"rulecraft: {uri} is generated; remove the hand-written file of that name")
            files.append(File.generated(config, uri, content=content))
        return files

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        if self._docs is None:
            return markdown
        try:
            markdown = self._docs.fill(markdown, self._stack)
        except self._docs.UnknownValue as exc:
            raise PluginError(f"rulecraft: {page.file.src_uri}: {exc}") from None
        if page.file.src_uri == RULINGS_PAGE:
            return scenarios.link_rulings(markdown, self._scenarios)
        return markdown


def scenario_format(game: GameDefinition, docs: Any) -> str:
    """The field reference of the game's scenario schema (its docs module's ``SCENARIO_SCHEMA``)."""
    resource = getattr(docs, "SCENARIO_SCHEMA", None)
    if resource is None:
        return f"# Scenario format reference\n\n{game.name} has no rule scenarios.\n"
    schema = load_schema(resource)
    package, _, file = resource.partition(":")
    where = "/".join([*package.split(".")[1:], file])
    return "\n".join(["# Scenario format reference", "", schema["description"], "",
                      f"Every field of a scenario file, generated from `{where}`. "
                      "See [Writing rule tests](../guides/scenarios.md) for a complete example.", "",
                      *schemaref.schema_reference(schema)])


def check_or_fail(paths: list[Path], pack_path: list[Path]) -> Stack:
    """The resolved stack for ``paths``; content errors raise PluginError with located diagnostics."""
    result = check_packs(paths, pack_path)
    if has_errors(result.diagnostics) or result.stack is None:
        raise PluginError("the pack stack has content errors:\n" + format_human(result.diagnostics))
    return result.stack
