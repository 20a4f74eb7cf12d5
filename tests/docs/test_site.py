"""The rules site: strict build, own words, every ruling on the rulings page, generated reference pages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import rule_fingerprint  # tests/docs, on sys.path through conftest.py

from rulecraft.compiler.docgen.scenarios import ruling_ids
from rulecraft.plugins.wiring import check_packs

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "site" / "docs"
MECHA_DOCS = ROOT / "plugins" / "mecha" / "site" / "docs"     # Mecha Game's own site
TEQ_DOCS = ROOT / "plugins" / "teq" / "site" / "docs"         # Tiny Epic Quest's own site
RULEBOOK = ["overview", "components", "setup", "program", "execution", "actions", "combat", "mighty-mech",
            "ad-hoc-mode", "scoring", "solo"]


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
    """No run of 8 words from the rule texts appears in a hand-written page or the README (the brief:
    never copy). The texts are outside the repository: their committed fingerprint stands for them."""
    source = set(rule_fingerprint.load()["shingles"])
    copied = []
    pages = [ROOT / "README.md", *sorted(DOCS.rglob("*.md")), *sorted(MECHA_DOCS.rglob("*.md")),
             *sorted(TEQ_DOCS.rglob("*.md"))]
    assert len([p for p in pages if p.is_relative_to(MECHA_DOCS)]) >= 8, "Mecha Game's rulebook is missing"
    assert len([p for p in pages if p.is_relative_to(TEQ_DOCS)]) >= 11, "Quest's rulebook is missing"
    assert "### Q35 " in (DOCS / "rulings.md").read_text(encoding="utf-8"), "the Q rulings are missing"
    for page in pages:
        runs = rule_fingerprint.shingle_hashes(page.read_text(encoding="utf-8"))
        copied += [f"{page.relative_to(ROOT)}: {run}" for digest, run in runs.items() if digest in source]
    assert not copied, "sentences copied from the rule texts:\n" + "\n".join(copied)


def test_the_own_words_check_catches_a_copied_sentence():
    """The fingerprint really matches the rule texts: a hand-written page quoting them would fail."""
    fingerprint = rule_fingerprint.load()
    assert fingerprint["shingle"] == rule_fingerprint.SHINGLE and len(fingerprint["shingles"]) > 4000
    ours = "Our page says: move to the closest zone that has no enemy pilot in it, then stop."
    assert not set(rule_fingerprint.shingle_hashes(ours)) & set(fingerprint["shingles"])


def test_the_fingerprint_script_hashes_what_the_check_looks_for(tmp_path):
    """tests/docs/rule_fingerprint.py, run on stand-in rule texts, finds a page quoting them."""
    quoted = "each player draws three cards from the top of the deck and keeps one of them"
    for name in rule_fingerprint.RULE_TEXTS:
        (tmp_path / name).write_text(f"Setup. {quoted.title()}. Then play begins.", encoding="utf-8")
    rulings = "- **T1 Setup.** settled\n- **R1 Robots.** settled\n"
    (tmp_path / "RULINGS.md").write_text(rulings, encoding="utf-8")
    made = rule_fingerprint.fingerprint(tmp_path)
    assert made["settled_rulings"] == ["T1", "R1"]
    page = f"Our page: {quoted}, says the box."
    assert set(rule_fingerprint.shingle_hashes(page)) & set(made["shingles"])
    assert not set(rule_fingerprint.shingle_hashes("nothing of the kind here at all in this sentence")) \
        & set(made["shingles"])


def test_every_ruling_is_explained_with_an_anchor(core_site):
    settled = rule_fingerprint.load()["settled_rulings"]     # RULINGS.md's ids, from its fingerprint
    assert len(settled) >= 86     # T1-T18, R1-R8, M1-M25, Q1-Q35
    ours = ruling_ids((DOCS / "rulings.md").read_text(encoding="utf-8"))
    assert [r for r in ours if not r.startswith("E")] == settled
    engine = [r for r in ours if r.startswith("E")]   # the engine's own rulings live on this page only
    assert len(engine) >= 10 and engine == [f"E{i}" for i in range(1, len(engine) + 1)], "E1..En, in order"
    built = core_site.page("rulings.html")
    for ruling in settled + engine:
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
    # ability text is generated by the effect compiler's English back end, the source shown under it
    assert "Before you attack: Pay up to 3 Energy. This attack deals +1 damage for each Energy paid." in row
    assert "<code>before attack: pay up to 3 energy: +1 damage each</code>" in row


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


def test_dsl_and_cli_references_are_generated_into_the_site(core_site):
    assert "The effect DSL" in core_site.page("reference/dsl.html")
    assert "rulecraft docs" in core_site.page("reference/cli.html")


def test_generated_pages_are_not_in_the_source_tree(core_site):
    assert not (DOCS / "reference" / "weapons.md").exists()
    assert not (DOCS / "scenarios").exists()


def test_readme_is_short_starts_with_the_two_commands_and_its_links_resolve():
    """The README stays an entrance (issue 10: at most 8 KB); the documentation lives on the site."""
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= 8 * 1024
    first_block = re.search(r"```sh\n(.*?)```", text, re.DOTALL).group(1)
    assert [line.split()[:2] for line in first_block.splitlines()] == [["make", "run"], ["make", "test"]]
    links = re.findall(r"\]\(([^)#]+)\)", text)
    assert links and all((ROOT / link).is_file() for link in links if "://" not in link)
    assert not re.search(r"^\| E\d+ \|", text, re.MULTILINE), "engine rulings live on the rulings page only"
