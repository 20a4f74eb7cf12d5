"""The rules site: strict build, own words, every ruling on the rulings page, generated reference pages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulecraft.compiler.check import check_packs
from rulecraft.compiler.docgen.scenarios import ruling_ids

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "site" / "docs"
RULES = ROOT.parent / "shared" / "rules"
RULE_TEXTS = ["tiny-epic-mechs-rulebook.txt", "tiny-epic-mechs-quick-reference-and-robot-pilots.txt"]
RULEBOOK = ["overview", "components", "setup", "program", "execution", "actions", "combat", "mighty-mech",
            "ad-hoc-mode", "scoring", "solo"]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def test_strict_build_has_no_warning(core_site):
    # the fixture already failed on a non-zero exit; strict mode turns any warning into one
    assert "WARNING" not in core_site.log


def test_rulebook_has_every_section_and_the_print_view(core_site):
    printed = core_site.page("print_page.html")
    for name in RULEBOOK:
        assert (core_site.out / "rulebook" / f"{name}.html").is_file()
    for heading in ("Overview", "Ad Hoc Mode", "Solo mode: Robot Pilots", "Rulings", "Weapons"):
        assert heading in printed, f"the print view lacks {heading!r}"


def test_rulebook_is_in_our_own_words():
    """No run of 8 words from the rule texts appears in a hand-written page (the brief: never copy)."""
    n = 8
    source = words(" ".join((RULES / name).read_text(encoding="utf-8") for name in RULE_TEXTS))
    grams = {tuple(source[i:i + n]) for i in range(len(source) - n + 1)}
    copied = []
    for page in sorted(DOCS.rglob("*.md")):
        ours = words(page.read_text(encoding="utf-8"))
        copied += [f"{page.relative_to(DOCS)}: {' '.join(ours[i:i + n])}"
                   for i in range(len(ours) - n + 1) if tuple(ours[i:i + n]) in grams]
    assert not copied, "sentences copied from the rule texts:\n" + "\n".join(copied)


def test_every_ruling_is_explained_with_an_anchor(core_site):
    rulings = (RULES / "RULINGS.md").read_text(encoding="utf-8")
    settled = re.findall(r"^- \*\*([TR]\d+) ", rulings, re.MULTILINE)
    assert len(settled) >= 26
    assert ruling_ids((DOCS / "rulings.md").read_text(encoding="utf-8")) == settled
    built = core_site.page("rulings.html")
    for ruling in settled:
        assert f'id="{ruling.lower()}"' in built


def test_rulebook_links_to_rulings_resolve(core_site):
    """Every `rulings.html#tN` link in the built rulebook points at an existing anchor (T-ids are cited)."""
    anchors = set(re.findall(r'id="([tr]\d+)"', core_site.page("rulings.html")))
    cited = set()
    for name in RULEBOOK:
        cited |= set(re.findall(r'rulings\.html#([tr]\d+)"', core_site.page(f"rulebook/{name}.html")))
    assert cited and cited <= anchors


def test_diagrams_are_well_formed_svg_with_titles():
    for svg in (DOCS / "img").glob("*.svg"):
        root = ET.parse(svg).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.find("{http://www.w3.org/2000/svg}title") is not None, svg.name


@pytest.fixture(scope="module")
def core():
    result = check_packs([ROOT / "content" / "tem-core"])
    assert result.ok
    return result.stack


def test_weapon_page_lists_every_weapon_with_values_and_marks_designed(core_site, core):
    page = core_site.page("reference/weapons.html")
    for weapon in core.of_kind("weapons"):
        assert weapon.data["name"] in page
    # Lightning Coil's normal damage 0 is given by T3, its cost is designed: the row shows both
    row = re.search(r"Lightning Coil.*?</tr>", page, re.DOTALL).group(0)
    assert re.search(r"<td>0</td>", row), "a given value carries no dagger"
    assert re.search(r"3 Energy<sup class=\"designed\"", row), "a designed value carries the dagger"


def test_rule_parameters_page_shows_values_and_schema_descriptions(core_site, core):
    page = core_site.page("reference/rules.html")
    for key in core.rules.data:
        if key not in {"id", "designed", "notes"}:
            assert f"<code>{key}</code>" in page
    assert "Rounds in a game." in page


def test_arena_svgs_are_generated_for_every_arena(core_site, core):
    for arena in core.of_kind("arenas"):
        svg = core_site.out / "reference" / "arenas" / f"{arena.id}.svg"
        root = ET.parse(svg).getroot()
        cells = [c for row in arena.data["layout"] for c in row.split() if c != "."]
        zones = root.findall(".//{http://www.w3.org/2000/svg}rect[@rx]")
        assert len(zones) == len(cells), arena.id
        assert f"arenas/{arena.id}.svg" in core_site.page("reference/arenas.html")


def test_mighty_mech_page_shows_both_sides(core_site):
    page = core_site.page("reference/mighty-mech.html")
    for name in ("Troy 3000", "Sparta 3000", "Rocket Charge", "Force Field"):
        assert name in page


def test_generated_pages_are_not_in_the_source_tree(core_site):
    assert not (DOCS / "reference" / "weapons.md").exists()
    assert not (DOCS / "scenarios").exists()
