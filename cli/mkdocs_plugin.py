"""Generate: the mkdocs plugin that adds rulecraft's generated pages to a rules site build.

Registered as the ``rulecraft`` mkdocs plugin (entry point in pyproject). It checks the configured
pack stack, and adds the card reference, its variant plugins, the scenario pages and the effect DSL,
plugin hooks, CLI and diagnostics references as generated files, so nothing generated is ever written into the
source tree. Content errors stop the build with the compiler's own located diagnostics, not a
traceback. Like the command line it is a front end: it sits on top of every layer (it documents the
CLI's own parser and runs the diagnostics examples through it), and hands the page generators of
``rulecraft.compiler.docgen`` what they need (the plugin manager, the example runner).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from rulecraft.cli.example_cases import run_case
from rulecraft.cli.main import build_parser
from rulecraft.compiler.diagnostics import format_human, has_errors
from rulecraft.compiler.docgen import cliref, codesref, plugindocs, scenarios, schemaref, sitepages
from rulecraft.compiler.resolve import Stack
from rulecraft.compiler.scenario_files import SHARED_SCENARIO, SHARED_SCENARIO_FILE
from rulecraft.compiler.validate import load_schema
from rulecraft.plugins.manager import PluginLoadError, make_manager, spec_modules
from rulecraft.plugins.wiring import check_packs
from rulecraft.runtime.games import GameDefinition, GameLoadError, get, shipped_games

RULINGS_PAGE = "rulings.md"
GAME_SITES = "<!-- rulecraft:game-sites -->"   # where the home page lists the other games' sites


class RulecraftConfig(base.Config):
    packs = c.ListOfItems(c.Type(str), default=[])
    """Pack folders, the stack to document; relative paths are relative to mkdocs.yml."""
    pack_path = c.ListOfItems(c.Type(str), default=[])
    """Folders to find the packs' dependencies in (``--pack-path``)."""
    plugins = c.ListOfItems(c.Type(str), default=[])
    """Variant plugins to document besides those the packs name (``--plugin``)."""
    scenarios = c.Optional(c.Type(str))
    """The folder of scenario tests whose rulings the rulings page links to."""
    game_scenarios = c.DictOfItems(c.Type(str), default={})
    """Other games' scenario folders, by game id, for their rulings on the same rulings page (and their
    error codes in the diagnostics reference)."""
    examples = c.Optional(c.Type(str))
    """The folder of diagnostic cases (tests/content) whose examples the diagnostics reference runs."""
    game_sites = c.Optional(c.Type(str))
    """The folder, in the built site, holding every other shipped game's site (``make docs`` builds them
    there: ``rulecraft.cli.game_sites``): the home page's ``<!-- rulecraft:game-sites -->`` lists them.
    Unset (as ``rulecraft docs`` leaves it), the marker lists nothing."""


class RulecraftPlugin(BasePlugin[RulecraftConfig]):
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path).parent
        stack = check_or_fail([root / p for p in self.config.packs],
                              [root / p for p in self.config.pack_path])
        found = scenarios.find_scenarios(root / self.config.scenarios) if self.config.scenarios else []
        for other, folder in self.config.game_scenarios.items():
            found += scenarios.find_scenarios(root / folder, game=other)
        self._scenarios = found
        cases = root / self.config.examples if self.config.examples else None
        cases = cases if cases is not None and cases.is_dir() else None
        self._stack = stack
        game = get(stack.game)
        self._docs = game.docs_pages.load() if game.docs_pages is not None else None
        self._game = game
        named = list(dict.fromkeys([name for pack in stack.packs for name in pack.plugins]
                                   + list(self.config.plugins)))
        self._site = sitepages.SiteInputs(
            game.name, game.description, stack, self._docs,
            game.vocabulary.load()() if game.vocabulary else None,
            spec_modules(game) if game.hookspecs else None, found,
            cli=lambda: cliref.cli_reference(build_parser()),
            diagnostics=lambda: diagnostics_page([game.id, *self.config.game_scenarios], cases),
            variants=lambda: variants_page(named, game), scenario_format=scenario_format(self._docs))
        self._generated = sitepages.generated_pages(self._site)
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for uri in self._generated:
            if files.get_file_from_path(uri) is not None:
                raise PluginError(f"rulecraft: {uri} is generated; remove the hand-written file of that name")
        if files.get_file_from_path(RULINGS_PAGE) is None:   # the game's section of the project's page
            own = sitepages.game_rulings(sitepages.project_rulings(), self._game.name, self._game.rulings)
            if own is not None:
                self._generated[RULINGS_PAGE] = own
        if files.get_file_from_path(sitepages.HOME) is None:
            self._generated[sitepages.HOME] = sitepages.home_page(self._site, self._generated)
        for uri, content in self._generated.items():
            files.append(File.generated(config, uri, content=content))
        self._present = {f.src_uri for f in files}
        return files

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        uri = page.file.src_uri
        if uri in self._generated:
            markdown = sitepages.unlink_missing(markdown, uri, self._present)
        if self._docs is not None:
            try:
                markdown = self._docs.fill(markdown, self._stack)
            except self._docs.UnknownValue as exc:
                raise PluginError(f"rulecraft: {uri}: {exc}") from None
        if uri == RULINGS_PAGE:
            return scenarios.link_rulings(markdown, self._scenarios)
        if uri == sitepages.HOME:
            return markdown.replace(GAME_SITES, self._game_sites())
        return markdown

    def _game_sites(self) -> str:
        """The other shipped games' sites as a list of links (raw HTML: they are outside this site's
        pages, so mkdocs has nothing to check them against)."""
        folder = self.config.game_sites
        if folder is None:
            return ""
        items = [f'<li><a href="{escape(folder)}/{game}/index.html"><strong>{escape(get(game).name)}</strong>'
                 f"</a>: {escape(get(game).description)}</li>"
                 for game in shipped_games() if game != self._game.id]
        if not items:
            return ""
        return ("rulecraft runs other games through the same compiler, each with a rules site of its own "
                "(its rulebook, rulings and card reference), built beside this one by `make docs`:\n\n"
                f'<ul class="game-sites">{"".join(items)}</ul>')


def variants_page(named: list[str], game: GameDefinition) -> str:
    """The variant plugins page of ``game``, its ruling ids linked; a plugin that cannot be loaded (or is
    another game's) stops the build with its reason."""
    try:
        return plugindocs.plugins_page(named, make_manager(game.id, named, installed=False), game.rulings)
    except PluginLoadError as exc:
        raise PluginError(f"rulecraft: {exc}") from None


def diagnostics_page(games: list[str], cases: Path | None) -> str:
    """The diagnostics reference of the core's codes and those of ``games`` (the site's game and the others
    it documents), with the examples of ``cases``; a code two owners register stops the build naming both."""
    try:
        return codesref.diagnostics_reference(codesref.sections(games, cases), run_case)
    except GameLoadError as exc:
        raise PluginError(f"rulecraft: {exc}") from None


def scenario_format(docs: Any) -> str:
    """The field reference of the game's scenario schema (its docs module's ``SCENARIO_SCHEMA``); empty
    for a game without one."""
    resource = getattr(docs, "SCENARIO_SCHEMA", None)
    if resource is None:
        return ""
    schema = schemaref.bundle(load_schema(resource), SHARED_SCENARIO_FILE, load_schema(SHARED_SCENARIO))
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
