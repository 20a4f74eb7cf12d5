"""`rulecraft docs` for Tiny Epic Quest: its own rulebook (Q ids cited), its section of the rulings page
pinned by its scenarios, and a reference generated from the pack (the map, quests, items, goblins, dice and
movement cards, the magic track, the scoring ladders, the rule parameters), designed values marked (Q35)."""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

import pytest

from rulecraft.cli.main import main
from rulecraft.compiler.docgen.values import UnknownValue
from rulecraft.plugins.teq import docs
from rulecraft.plugins.wiring import check_packs

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "teq-core"
RULEBOOK = ["overview", "components", "setup", "day", "night", "goblins", "items", "round-end", "scoring",
            "solo"]
REFERENCE = ["rules", "map", "quests", "items", "goblins", "dice", "magic", "scoring", "dsl", "index",
             "scenario-format", "cli"]
VARIANT = {  # a stack over teq-core: tougher active goblins, a harsher exhaustion, an unnamed card
    "pack.yaml": "id: hard-goblins\nname: Hard goblins\nversion: 0.1.0\ngame: teq\nrulecraft: \">=0.1,<1\"\n"
                 "depends: [{id: teq-core}]\nfiles: [rules.yaml, goblins.yaml]\n",
    "rules.yaml": "kind: rules\npatch:\n  - id: rules\n    exhaustion_spell_loss: 2\n",
    "goblins.yaml": "kind: goblins\npatch:\n  - id: goblin\n    active_health: 7\n",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    pytest.importorskip("mkdocs")
    out = tmp_path_factory.mktemp("teq-site")
    assert main(["docs", str(PACK), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def stack():
    result = check_packs([PACK])
    assert result.ok
    return result.stack


def article(page: Path) -> str:
    found = re.search(r"<article.*?</article>", page.read_text(encoding="utf-8"), re.S)
    assert found is not None, page
    return found.group(0)


def text(page: Path) -> str:
    """A built page's article as plain text."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article(page)))


def test_the_site_is_tiny_epic_quests_own_with_no_page_of_another_game(site):
    for name in RULEBOOK:
        assert (site / "rulebook" / f"{name}.html").is_file(), name
    for name in REFERENCE:
        assert (site / "reference" / f"{name}.html").is_file(), name
    for other in ("weapons", "mechas"):                   # Tiny Epic Mechs' and Mecha Game's pages
        assert not (site / "reference" / f"{other}.html").exists()
    assert "Tiny Epic Quest" in text(site / "index.html") and "Mighty Mech" not in text(site / "index.html")


def test_the_rulebook_cites_q_rulings_and_fills_its_numbers_from_the_stack(site):
    for name in RULEBOOK:
        page = article(site / "rulebook" / f"{name}.html")
        assert "{{" not in page, name
        assert re.search(r'href="\.\./rulings\.html#q\d+"', page), f"{name} cites no ruling"
    assert "The day has 4 turns" in text(site / "rulebook" / "day.html")
    night = text(site / "rulebook" / "night.html")
    assert "Its spell level drops by 1" in night and "its health is set to 6 and its power to 3" in night
    assert "passive and 5 active" in text(site / "rulebook" / "goblins.html")


def test_every_link_of_the_site_to_an_anchor_finds_it(site):
    """Strict mkdocs checks pages, not anchors: every `page.html#id` of an article has its `id`."""
    missing = []
    for page in site.rglob("*.html"):
        if {"assets", "search"} & set(page.relative_to(site).parts):
            continue
        if "<article" not in page.read_text(encoding="utf-8"):
            continue
        for target, anchor in re.findall(r'href="([^"#:]*\.html)?#([^"]+)"', article(page)):
            into = Path(os.path.normpath(page.parent / target)) if target else page
            if not into.is_file() or f'id="{anchor}"' not in into.read_text(encoding="utf-8"):
                missing.append(f"{posixpath.relpath(page, site)} -> {target}#{anchor}")
    assert not missing, "\n".join(missing)


def test_the_rulings_page_is_the_q_section_pinned_by_quest_scenarios(site):
    page = (site / "rulings.html").read_text(encoding="utf-8")
    ids = re.findall(r'<h3 id="(q\d+)"', page)
    assert ids == [f"q{i}" for i in range(1, 36)], "Q1..Q35, in order, and no other game's rulings"
    sections = dict(zip(ids, re.split(r'<h3 id="q\d+"', page)[1:], strict=True))
    unpinned = [ruling for ruling, body in sections.items() if "no scenario test names this ruling" in body]
    assert unpinned == ["q34", "q35"], "Q34 is out of scope; Q35 is pinned by tests/teq/test_pack.py"
    assert 'href="scenarios/night.html#' in page and (site / "scenarios" / "night.html").is_file()


def test_the_engines_own_points_are_written_up_where_their_rulings_are(site):
    """What the code decides where the rulings are silent, each at its ruling, naming the code."""
    page = text(site / "rulings.html")
    for said in ("`embers:left`", "drawn from its front", "A hero standing in a castle never counts",
                 "the move is optional", "the lower of the reset value"):
        assert said.strip("`") in page, said
    for where in ("plugins/teq/table.py", "plugins/teq/quests.py", "plugins/teq/abilities.py",
                  "plugins/teq/rest.py"):
        assert where in page


def test_the_map_reference_shows_every_card_both_regions_roads_and_rivers(site, stack):
    page = text(site / "reference" / "map.html")
    for card in stack.of_kind("map-cards"):
        assert card.data["name"] in page
    assert "When a hero enters: Gain 2 power." in page and "when entered: gain 2 power" in page   # generated
    assert "torch · torch · torch + torch" in page                       # the Temple of Embers' track (Q20)
    rows = docs.map_page(stack).splitlines()
    tides = next(line for line in rows if line.startswith("| **Temple of Tides**"))
    assert tides.split(" | ")[-1] == "no |" and tides.split(" | ")[-2] == "yes"   # its river is off
    castle = next(line for line in rows if line.startswith("| **Red Castle**"))
    assert "its owner only" in castle and "any number of players" in castle      # Q4 capacities
    assert "| `(0, 0)` | corner: castle 1 | 12 |" in rows                       # the coast ring's end (Q6)
    assert "| `(1, 1)` | centre cross: regular card 3 | inland |" in rows


def test_designed_values_carry_the_q35_dagger_and_given_ones_do_not(stack):
    goblins = next(line for line in docs.goblins_page(stack).splitlines() if line.startswith("| **Goblin**"))
    assert goblins == f"| **Goblin** | 5 | 5 | 16{docs.DAGGER} | +1 |"    # health published, supply designed
    magic = docs.magic_page(stack)
    assert "## The 2 to 4 player side\n" in magic                                   # Q18: published
    assert f"## The solo side{docs.DAGGER}\n" in magic                              # Q32: designed
    quests = docs.quests_page(stack)
    assert f"| **Twin Temples**{docs.DAGGER} | Have heroes on two different temples. |" in quests
    legendary = next(line for line in docs.items_page(stack).splitlines() if "**Sword**" in line)
    assert legendary.count(docs.DAGGER) == 1 and f"| 3{docs.DAGGER} |" in legendary   # only its track length


def test_quests_items_and_scoring_come_from_the_pack(stack):
    quests = docs.quests_page(stack)
    for quest in stack.of_kind("quests"):
        assert quest.data["name"] in quests
    assert "[Temple of Embers](map.md#temple-of-embers)" in quests and "(items.md#lantern)" in quests
    items = docs.items_page(stack)
    sword = next(line for line in items.splitlines() if "**Sword**" in line)
    assert "Temple of Embers, Temple of Thorns" in sword                       # its two linked temples (Q26)
    assert "When you take a hit: The hit deals 1 less damage." in items
    scoring = docs.scoring_page(stack)
    ladder = "| reached | 1 | 2 | 3 | 4 | 5 |\n|---|---|---|---|---|---|\n| VP | 1 | 3 | 6 | 10 | 15 |"
    assert ladder in scoring                                                     # the goblins' (Q29)
    assert "most quests completed, then most goblins defeated, then highest spell level" in scoring


def test_the_pages_follow_a_variant_stack(tmp_path):
    pytest.importorskip("mkdocs")
    variant = tmp_path / "hard-goblins"
    variant.mkdir()
    for name, body in VARIANT.items():
        (variant / name).write_text(body, encoding="utf-8")
    out = tmp_path / "site"
    assert main(["docs", str(PACK), str(variant), "--out", str(out)]) == 0
    assert "5 passive and 7 active" in text(out / "rulebook" / "goblins.html")
    assert "Its spell level drops by 2" in text(out / "rulebook" / "night.html")
    goblins = (out / "reference" / "goblins.html").read_text(encoding="utf-8")
    assert "hard-goblins" in goblins and "changed by" in goblins      # which pack changed the row


def test_a_marker_naming_no_value_is_an_error(stack):
    assert docs.fill("{{ rules.rounds }} rounds, {{ dice.count }} dice", stack) == "5 rounds, 5 dice"
    assert docs.DAGGER in docs.fill("{{ rules.solo_target_vp }}", stack)            # designed (Q31, Q35)
    with pytest.raises(UnknownValue, match=r"rules\.round_count"):
        docs.fill("{{ rules.round_count }}", stack)
    with pytest.raises(UnknownValue):
        docs.fill("{{ rules.capacity }}", stack)                 # a mapping is not a printable value


def test_each_layout_is_drawn_with_its_slots_and_coast_ring(site, stack):
    """The map page shows a picture of each layout: a card per slot (Q2), a numbered mark per coastal slot
    on the dashed ring (Q6), titled for screen readers."""
    import xml.etree.ElementTree as ET

    svg = "{http://www.w3.org/2000/svg}"
    for layout in stack.of_kind("layouts"):
        root = ET.parse(site / "reference" / "layouts" / f"{layout.id}.svg").getroot()
        assert root.find(f"{svg}title").text == layout.data["name"]
        slots = sum(len(layout.data[group]) for group in ("centre", "corners", "outer"))
        assert len(root.findall(f"{svg}rect")) == slots == 17
        assert len(root.findall(f"{svg}circle")) == len(layout.data["coast"]) == 12
        page = (site / "reference" / "map.html").read_text(encoding="utf-8")
        assert f'src="layouts/{layout.id}.svg"' in page
