"""Generate: the pages of a game's rules site that rulecraft writes, for any registered game.

Every game's site gets the same generated pages: what its pack stack contains, the diagnostics, the CLI
and (when it has scenarios) its scenario tests and their format; the effect DSL reference when the game
has a vocabulary, and the plugin hooks and variant plugins when it has hookspecs. Its docs module (the
``docs_pages`` member) adds the game's own generated pages (card and keyword reference) and may replace
a shared one of the same path. A site without a home page or a rulings page of its own gets them here:
a home page listing what was generated, and the game's sections of the project's rulings page (those of
its ruling letters, ``GameDefinition.rulings``), so every ruling is written once. A generated page never
links to a page the site lacks (``unlink_missing``): the shared pages point at guides only the project's
own site has.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from rulecraft.compiler.docgen import hooks, scenarios
from rulecraft.compiler.docgen.markdown import esc, kind_counts, pack_table
from rulecraft.compiler.docgen.rulings import ids
from rulecraft.compiler.effects.reference import reference as dsl_reference
from rulecraft.compiler.resolve import Stack

HOME, RULINGS = "index.md", "rulings.md"
SECTION = re.compile(r"^## (.+?)\s*$", re.MULTILINE)
RULING = re.compile(r"^### ([A-Z]\d{1,2})\b", re.MULTILINE)
HEADING = re.compile(r"^# (.+?)\s*$", re.MULTILINE)
LINK = re.compile(r"\[([^\]]*)\]\(([^)#\s]+\.md)(#[^)\s]*)?\)")


@dataclass(frozen=True, slots=True)
class SiteInputs:
    """What the generated pages are made of, read once per build by the mkdocs plugin."""

    name: str                       # the game's display name
    description: str
    stack: Stack
    docs: Any                       # the game's docs module (``docs_pages``), or None
    vocabulary: Any                 # the game's DSL vocabulary, or None
    hookspecs: Any                  # the hookspec modules of the game's managers (shared first), or None
    found: list[scenarios.ScenarioFile]
    cli: Callable[[], str]          # the front end's pages: the CLI reference,
    diagnostics: Callable[[], str]  # the diagnostics reference (its examples run through the CLI),
    variants: Callable[[], str]     # the variant plugins page (only built for a game with hooks)
    scenario_format: str            # the scenario format page, or "" when the game has no scenarios


def contents_page(stack: Stack) -> str:
    """What the pack stack holds: its packs in load order and each content kind's number of entries."""
    return "\n".join(["# About this reference", "",
                      "Every page in this section is **generated** from the pack stack below when the site "
                      "is built; nothing here is typed by hand.", "", *pack_table(stack),
                      "Packs are listed in load order: a later pack adds to, replaces or patches the "
                      "earlier ones.", "", "## Contents", "", *kind_counts(stack)]) + "\n"


def generated_pages(site: SiteInputs) -> dict[str, str]:
    """Every generated page (site path -> Markdown): the shared ones, then the game's own over them."""
    pages = {"reference/index.md": contents_page(site.stack)}
    if site.docs is not None:
        pages.update(site.docs.reference_pages(site.stack))
    if site.hookspecs is not None:
        pages["reference/plugins.md"] = site.variants()
    pages.update(scenarios.scenario_pages(site.found))
    pages["reference/cli.md"] = site.cli()
    if site.vocabulary is not None:
        pages["reference/dsl.md"] = dsl_reference(site.vocabulary)
    if site.hookspecs is not None:
        pages["reference/hooks.md"] = hooks.hooks_reference(site.hookspecs)
    if site.scenario_format:
        pages["reference/scenario-format.md"] = site.scenario_format
    pages["developer/diagnostics.md"] = site.diagnostics()
    return pages


def home_page(site: SiteInputs, pages: Mapping[str, str]) -> str:
    """The home page of a site that has none: the game, its stack, and every page generated for it (one
    scenario page per file is reached from the scenario index)."""
    lines = [f"# {esc(site.name)}", "", esc(site.description), "",
             "Every page of this site is **generated** by rulecraft from the pack stack below.", "",
             *pack_table(site.stack), "## Pages", ""]
    lines += [f"- [{title(path, text)}]({path})" for path, text in pages.items()
              if path.endswith(".md") and path != HOME
              and (not path.startswith("scenarios/") or path == "scenarios/index.md")]
    return "\n".join(lines) + "\n"


def title(path: str, markdown: str) -> str:
    """A page's link text: its first heading, else its file name."""
    heading = HEADING.search(markdown)
    return heading.group(1) if heading else posixpath.splitext(posixpath.basename(path))[0]


def project_rulings() -> str:
    """The project's rulings page (the ``rulecraft.site`` package's), where every game's rulings are."""
    return (resources.files("rulecraft.site") / "docs" / RULINGS).read_text(encoding="utf-8")


def game_rulings(project_rulings: str, game_name: str, prefixes: Sequence[str]) -> str | None:
    """The rulings page of a game's own site: the project rulings page's ``##`` sections whose rulings
    (``### T7 ...``) have the game's letters ``prefixes``, under the page's title (one section without its
    heading, several each under theirs); None when the page has no ruling of the game."""
    heads = list(SECTION.finditer(project_rulings))
    own = ids(prefixes)
    bodies = []
    for index, head in enumerate(heads):
        end = heads[index + 1].start() if index + 1 < len(heads) else len(project_rulings)
        body = project_rulings[head.end():end].strip()
        if any(own.fullmatch(m.group(1)) for m in RULING.finditer(body)):
            bodies.append((head.group(0).strip(), body))
    if not bodies:
        return None
    intro = (f"What the rule text of {game_name} leaves open, settled once. Each ruling has an id, "
             "cited in the code, the tests and these pages; under each, **Pinned by** links the "
             "scenario tests that check it.")
    shown = [bodies[0][1]] if len(bodies) == 1 else [f"{head}\n\n{body}" for head, body in bodies]
    return "\n".join(["# Rulings", "", intro, "", "\n\n".join(shown)]) + "\n"


def unlink_missing(markdown: str, page: str, present: set[str]) -> str:
    """``markdown`` of the generated page ``page`` with every link to a page the site lacks made plain
    text (its words kept)."""
    base = posixpath.dirname(page)

    def keep(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(base, match.group(2)))
        return match.group(0) if target in present else match.group(1)

    return LINK.sub(keep, markdown)
