"""`rulecraft docs` for Mecha Game: its own rulebook (M1-M22 cited), its section of the rulings page pinned by
its scenarios, and a card and keyword reference generated from the pack, designed values marked (M22)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulecraft.cli.main import main
from rulecraft.plugins.mecha import docs
from rulecraft.plugins.wiring import check_packs

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "mecha-core"
RULEBOOK = ["overview", "components", "turn", "attacks", "combat", "commands", "end"]
KEYWORDS = ["armour", "pierce", "flight", "reach", "speed", "range", "provide"]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    pytest.importorskip("mkdocs")
    out = tmp_path_factory.mktemp("mecha-site")
    assert main(["docs", str(PACK), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def stack():
    result = check_packs([PACK])
    assert result.ok
    return result.stack


def text(page: Path) -> str:
    """A built page's article as plain text."""
    article = re.search(r"<article.*?</article>", page.read_text(encoding="utf-8"), re.S)
    assert article is not None, page
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article.group(0)))


def test_the_site_is_mecha_games_own_with_no_page_of_another_game(site):
    for name in RULEBOOK:
        assert (site / "rulebook" / f"{name}.html").is_file()
    for page in ("towers", "mechas", "commands", "keywords", "decks", "rules", "dsl", "index"):
        assert (site / "reference" / f"{page}.html").is_file()
    assert not (site / "reference" / "weapons.html").exists()
    assert "Mighty Mech" not in text(site / "index.html")


def test_the_rulebook_fills_its_numbers_from_the_stack(site):
    turn = text(site / "rulebook" / "turn.html")
    assert "a deck of exactly 40 cards with at most 3 copies of each name" in turn and "take 5 cards" in turn
    assert "{{" not in turn


def test_the_rulings_page_is_the_m_section_pinned_by_mecha_scenarios(site):
    page = (site / "rulings.html").read_text(encoding="utf-8")
    ids = re.findall(r'<h3 id="(m\d+)"', page)
    assert ids == [f"m{i}" for i in range(1, 26)], "M1..M25, in order, and no other game's rulings"
    sections = dict(zip(ids, re.split(r'<h3 id="m\d+"', page)[1:], strict=True))
    unpinned = [ruling for ruling, text in sections.items() if "no scenario test names this ruling" in text]
    assert unpinned == ["m24"], "M24 is a deck rule, pinned by the check's cases (test_checks.py)"
    assert 'href="scenarios/windows.html#' in page and (site / "scenarios" / "windows.html").is_file()


def test_the_card_reference_shows_each_cards_stats_english_source_and_decks(site, stack):
    mechas = text(site / "reference" / "mechas.html")
    for mecha in stack.of_kind("mechas"):
        assert mecha.data["name"] in mechas
    assert "Skyline Assault 3" in mechas                       # Lancer: 3 copies in seat A's deck
    towers = text(site / "reference" / "towers.html")
    assert "When its last time counter is removed: Draw 2." in towers           # generated English (M17)
    assert "when its last time counter comes off: draw 2" in towers             # ...under its DSL source
    commands = text(site / "reference" / "commands.html")
    assert "an attack window, before the attack resolves" in commands and "the End window" in commands  # M15


def test_designed_values_carry_the_m22_dagger(stack):
    page = docs.towers_page(stack)
    radio = next(line for line in page.splitlines() if line.startswith("| **Radio Tower**"))
    # Radio Tower's name is the text's; its durability and Provide are designed (M22)
    assert radio.startswith("| **Radio Tower** |") and radio.count(docs.DAGGER) == 2
    relay = next(line for line in page.splitlines() if line.startswith("| **Relay Mast**"))
    assert relay.count(docs.DAGGER) == 1          # wholly designed: one dagger, after the name


def test_the_keyword_reference_has_every_keyword_with_its_cards(site, stack):
    page = (site / "reference" / "keywords.html").read_text(encoding="utf-8")
    for keyword in KEYWORDS:
        assert f'id="{keyword}"' in page
    keywords = docs.keywords_page(stack)
    assert "## Provide Xu { #provide }" in keywords and "## Armour X { #armour }" in keywords
    assert "[Fusion Reactor](towers.md) (Provide 2u)" in keywords   # M16: its two Provide 1u add up
    for kind in ("towers", "mechas"):
        for entity in stack.of_kind(kind):
            for instance in entity.data.get("keywords", ()):
                section = keywords.split(f"{{ #{next(iter(instance))} }}")[1].split("\n## ")[0]
                assert entity.data["name"] in section


def test_the_starter_decks_page_lists_both_decks_of_40(stack):
    page = docs.decks_page(stack)
    assert page.count("40 cards.") == 2 and "Seat A" in page and "Seat B" in page
