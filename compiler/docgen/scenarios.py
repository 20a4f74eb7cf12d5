"""Generate: link each ruling (RULINGS.md ids such as T7, R3) to the scenario tests that pin it.

Scenario files are YAML written by the rule-test authors; each names what it covers in a ``rule``,
``rules``, ``covers`` or ``ruling`` field (a string or a list, at any depth, so that a file holding
several scenarios works too). We only read them: the ids found there are the links, never invented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

RULING_ID = re.compile(r"\b([TR]\d{1,2})\b")
COVER_KEYS = frozenset({"rule", "rules", "covers", "ruling", "rulings"})


@dataclass(frozen=True)
class Scenario:
    """One scenario file: where it is, its page in the site, its title and the rulings it names."""

    path: Path
    slug: str
    title: str
    rulings: tuple[str, ...]
    source: str

    @property
    def page(self) -> str:
        return f"scenarios/{self.slug}.md"


def _cover_texts(node: object) -> list[str]:
    """Every string under a cover key, anywhere in the document."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in COVER_KEYS:
                found.extend(_strings(value))
            else:
                found.extend(_cover_texts(value))
    elif isinstance(node, list):
        for item in node:
            found.extend(_cover_texts(item))
    return found


def _strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [s for item in node for s in _strings(item)]
    return []


def _ruling_order(ruling: str) -> tuple[str, int]:
    return ruling[0], int(ruling[1:])


def find_scenarios(folder: Path) -> list[Scenario]:
    """All scenario files under ``folder`` (none when it does not exist), sorted by path.

    A file that is not valid YAML is still listed (with no rulings): reporting it is the scenario
    runner's job, and the docs must not hide that the file exists.
    """
    if not folder.is_dir():
        return []
    scenarios = []
    for path in sorted(p for p in folder.rglob("*") if p.suffix in {".yaml", ".yml"}):
        source = path.read_text(encoding="utf-8", errors="replace")
        try:
            data = yaml.safe_load(source)
        except yaml.YAMLError:
            data = None
        rulings = sorted({m for text in _cover_texts(data) for m in RULING_ID.findall(text)},
                         key=_ruling_order)
        relative = path.relative_to(folder)
        slug = "-".join(relative.with_suffix("").parts)
        title = data.get("name") if isinstance(data, dict) and isinstance(data.get("name"), str) else slug
        scenarios.append(Scenario(relative, slug, title, tuple(rulings), source))
    return scenarios


def by_ruling(scenarios: list[Scenario]) -> dict[str, list[Scenario]]:
    index: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        for ruling in scenario.rulings:
            index.setdefault(ruling, []).append(scenario)
    return index


HEADING = re.compile(r"^(##+)\s+([TR]\d{1,2})\b.*$", re.MULTILINE)


def ruling_ids(markdown: str) -> list[str]:
    """The ruling ids that head a section of the rulings page, in page order."""
    return [m.group(2) for m in HEADING.finditer(markdown)]


def link_rulings(markdown: str, scenarios: list[Scenario], page_dir: str = "") -> str:
    """Put a "Pinned by" line under each ruling heading of the rulings page."""
    index = by_ruling(scenarios)

    def pinned(match: re.Match[str]) -> str:
        found = index.get(match.group(2), [])
        if found:
            links = ", ".join(f"[{s.title}]({page_dir}{s.page})" for s in found)
            line = f"**Pinned by:** {links}"
        else:
            line = "**Pinned by:** *no scenario test names this ruling yet.*"
        return f"{match.group(0)}\n\n{line}\n"

    return HEADING.sub(pinned, markdown)


def scenario_pages(scenarios: list[Scenario]) -> dict[str, str]:
    """One page per scenario file (its source) and an index of them all."""
    lines = ["# Scenario tests", "",
             "Rule tests written as given/when/then scenarios. Each one names the rulings it pins; the "
             "[rulings page](../rulings.md) links back here.", ""]
    if not scenarios:
        lines.append("No scenario tests were found for this build.")
    else:
        lines += ["| scenario | pins |", "|---|---|"]
        for s in scenarios:
            pins = ", ".join(f"[{r}](../rulings.md#{r.lower()})" for r in s.rulings) or "—"
            lines.append(f"| [{s.title}]({s.slug}.md) | {pins} |")
    pages = {"scenarios/index.md": "\n".join(lines) + "\n"}
    for s in scenarios:
        pins = ", ".join(f"[{r}](../rulings.md#{r.lower()})" for r in s.rulings) or "no ruling named"
        pages[s.page] = (f"# {s.title}\n\nFile: `{s.path.as_posix()}`. Pins: {pins}.\n\n"
                         f"```yaml\n{s.source.rstrip()}\n```\n")
    return pages
