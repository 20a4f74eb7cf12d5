"""Generate: link each ruling (T7, R3, M15 from RULINGS.md; the engine's E1...) to the scenarios that pin it.

Every game's scenario files hold a list of ``scenarios``, each with a ``name`` and the rulings and rule
sections it ``covers``. We only read those two fields: the links are the ids the test authors wrote,
never invented. A ruling id is one capital letter, the game's, and a number. Each file becomes a page
showing its scenarios; the files of another game than the site's (``find_scenarios(..., game=)``), whose
rulings the same rulings page lists, get their pages under ``scenarios/<game>/``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

RULING_ID = re.compile(r"^[A-Z]\d{1,2}$")
SUFFIXES = (".yaml", ".yml")


def anchor(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "scenario"


@dataclass(frozen=True)
class Case:
    """One scenario of a file: its name, what it covers, its YAML as written."""

    name: str
    covers: tuple[str, ...]
    source: str

    @property
    def rulings(self) -> tuple[str, ...]:
        return tuple(c for c in self.covers if RULING_ID.match(c))


@dataclass(frozen=True)
class ScenarioFile:
    path: Path
    slug: str                # the page's path under scenarios/, without .md
    cases: tuple[Case, ...]
    problem: str = ""
    game: str = ""           # another game's file: its pages are under scenarios/<game>/

    @property
    def page(self) -> str:
        return f"scenarios/{self.slug}.md"

    @property
    def shown(self) -> str:
        """The file as the index names it: its path in its folder, after its game's id when another's."""
        return f"{self.game}: {self.path.as_posix()}" if self.game else self.path.as_posix()

    @property
    def root(self) -> str:
        """The way from its page up to the site's root."""
        return "../" * self.page.count("/")


def _case(item: object, index: int) -> Case | None:
    if not isinstance(item, dict):
        return None
    name, covers = item.get("name"), item.get("covers")
    name = name if isinstance(name, str) else f"scenario {index + 1}"
    covers = covers if isinstance(covers, list) else []
    source = yaml.safe_dump(item, sort_keys=False, allow_unicode=True, width=100)
    return Case(name, tuple(str(c) for c in covers), source)


def find_scenarios(folder: Path, game: str = "") -> list[ScenarioFile]:
    """Every scenario file under ``folder`` (none when it does not exist), sorted by path; ``game`` names
    the game they are for when it is not the site's.

    A file that cannot be read as scenarios is still listed, with why: reporting it properly is
    ``rulecraft test``'s job, and the docs must not hide that it exists.
    """
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(p for p in folder.rglob("*") if p.suffix in SUFFIXES and p.is_file()):
        relative = path.relative_to(folder)
        slug = (f"{game}/" if game else "") + "-".join(relative.with_suffix("").parts)
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            found.append(ScenarioFile(relative, slug, (), f"not readable YAML: {type(exc).__name__}", game))
            continue
        items = data.get("scenarios") if isinstance(data, dict) else None
        if not isinstance(items, list):
            found.append(ScenarioFile(relative, slug, (), "no `scenarios:` list", game))
            continue
        cases = tuple(c for i, item in enumerate(items) if (c := _case(item, i)) is not None)
        found.append(ScenarioFile(relative, slug, cases, game=game))
    return found


def by_ruling(files: list[ScenarioFile]) -> dict[str, list[tuple[ScenarioFile, Case]]]:
    index: dict[str, list[tuple[ScenarioFile, Case]]] = {}
    for file in files:
        for case in file.cases:
            for ruling in case.rulings:
                index.setdefault(ruling, []).append((file, case))
    return index


HEADING = re.compile(r"^(##+)\s+([A-Z]\d{1,2})\b.*$", re.MULTILINE)


def ruling_ids(markdown: str) -> list[str]:
    """The ruling ids that head a section of the rulings page, in page order."""
    return [m.group(2) for m in HEADING.finditer(markdown)]


def _title(text: str) -> str:
    """A scenario name, safe as link text and heading (no brackets, braces or table pipes)."""
    return re.sub(r"[\[\]{}|]", " ", text).strip()


def link_rulings(markdown: str, files: list[ScenarioFile]) -> str:
    """End each ruling's section of the rulings page with a "Pinned by" line."""
    index = by_ruling(files)

    def pinned(ruling: str) -> list[str]:
        found = index.get(ruling, [])
        if not found:
            return ["**Pinned by:** *no scenario test names this ruling yet.*", ""]
        links = [f"[{_title(case.name)}]({file.page}#{anchor(case.name)})" for file, case in found]
        count = f"{len(found)} scenario{'s' if len(found) > 1 else ''}"
        return [f"**Pinned by** {count}: " + ", ".join(links), ""]

    out: list[str] = []
    current: str | None = None
    for line in markdown.splitlines():
        if line.startswith("#"):
            if current:
                out += pinned(current)
            match = HEADING.match(line)
            current = match.group(2) if match else None
        out.append(line)
    if current:
        out += ["", *pinned(current)]
    return "\n".join(out) + "\n"


def _covers(case: Case, root: str) -> str:
    shown = []
    for item in case.covers:
        if RULING_ID.match(item):
            shown.append(f"[{item}]({root}rulings.md#{item.lower()})")
        else:
            shown.append(f"`{item}`")
    return ", ".join(shown) or "nothing named"


def scenario_pages(files: list[ScenarioFile]) -> dict[str, str]:
    """One page per scenario file (each scenario with what it covers) and an index of them all."""
    lines = ["# Scenario tests", "",
             "Rule tests written as given/when/then scenarios and run by `rulecraft test`. Each names the "
             "rulings it pins; the [rulings page](../rulings.md) links back here.", ""]
    if not files:
        lines.append("No scenario tests were found for this build.")
    else:
        lines += ["| file | scenarios | rulings pinned |", "|---|---|---|"]
        for file in files:
            rulings = sorted({r for c in file.cases for r in c.rulings}, key=lambda r: (r[0], int(r[1:])))
            pins = ", ".join(f"[{r}](../rulings.md#{r.lower()})" for r in rulings) or "—"
            lines.append(f"| [{file.shown}]({file.slug}.md) | {len(file.cases)} | {pins} |")
    pages = {"scenarios/index.md": "\n".join(lines) + "\n"}
    for file in files:
        body = [f"# {file.shown}", ""]
        if file.problem:
            body += [f"This file could not be read as scenarios ({file.problem}); `rulecraft test` "
                     "reports why.", ""]
        for case in file.cases:
            body += [f"## {_title(case.name)} {{ #{anchor(case.name)} }}", "",
                     f"Covers: {_covers(case, file.root)}.", "", "```yaml", case.source.rstrip(), "```", ""]
        pages[file.page] = "\n".join(body) + "\n"
    return pages
