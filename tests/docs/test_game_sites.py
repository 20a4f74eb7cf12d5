"""`rulecraft docs` for every game: a game with no site of its own (Pig) gets a plain site of the pages every
game has (and the hooks pages of the rule step it adds); a generated page never links to a page the site
lacks; a game's own site gets its section of the project's rulings page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecraft.cli.main import main
from rulecraft.compiler.docgen.sitepages import game_rulings, project_rulings, unlink_missing
from rulecraft.runtime.games import get

ROOT = Path(__file__).resolve().parents[2]
PIG = ROOT / "tests" / "games" / "pig" / "rulecraft_pig" / "content" / "pig-core"


def test_a_game_without_a_site_gets_the_shared_pages_and_a_home_page(tmp_path, capsys):
    pytest.importorskip("mkdocs")
    out = tmp_path / "pig-site"
    assert main(["docs", str(PIG), "--out", str(out)]) == 0, capsys.readouterr().err
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "<title>Pig with rulecraft</title>" in home and "pig-core" in home
    for page in ("reference/index", "reference/cli", "developer/diagnostics"):
        assert (out / f"{page}.html").is_file() and f'href="{page}.html"' in home
    # no vocabulary: no DSL page (empty pages were the old bug); Pig's own rule step (its hookspecs, issue 12
    # item 4): the hooks page lists it after the shared hooks, and the variant plugins page is there
    for page in ("reference/dsl", "rulebook/overview", "rulings"):
        assert not (out / f"{page}.html").exists()
    hooks = (out / "reference" / "hooks.html").read_text(encoding="utf-8")
    assert hooks.index("<code>rulecraft_register_vocabulary(") < hooks.index("<code>rulecraft_turn_end(")
    assert (out / "reference" / "plugins.html").is_file()


def test_generated_pages_keep_links_to_pages_the_site_has_and_drop_the_others():
    markdown = "See [the guide](../guides/scenarios.md#x), [the rulings](../rulings.md#m3) and [a](#here)."
    kept = unlink_missing(markdown, "reference/scenario-format.md", {"rulings.md", "index.md"})
    assert kept == "See the guide, [the rulings](../rulings.md#m3) and [a](#here)."


def test_a_games_rulings_page_is_its_section_of_the_project_page():
    """The section is found by the game's ruling letters (its definition's ``rulings``), not its name."""
    project = "# Rulings\n\nIntro.\n\n## Game A\n\n### A1 One { #a1 }\n\nText.\n\n## Game B\n\n### B1 Two\n"
    page = game_rulings(project, "Game A", ("A",))
    assert page is not None and page.startswith("# Rulings\n")
    assert "### A1 One { #a1 }\n\nText." in page and "B1" not in page and "Intro." not in page
    assert "## Game A" not in page
    assert game_rulings(project, "Game C", ("C",)) is None and game_rulings(project, "Game A", ()) is None


def test_a_game_with_several_ruling_letters_gets_each_section_under_its_heading():
    """Tiny Epic Mechs' letters T, R and E are three sections of the project page (the rules, the Robot
    Pilots of solo mode, the engine's own rulings); Mecha Game's M is not among them."""
    page = game_rulings(project_rulings(), "Tiny Epic Mechs", get("tem").rulings)
    assert page is not None
    heads = [line for line in page.splitlines() if line.startswith("## ")]
    assert heads == ["## Tiny Epic Mechs", "## Robot Pilots (solo mode)", "## Engine rulings"]
    assert "{ #t18 }" in page and "{ #r8 }" in page and "{ #e10 }" in page and "{ #m1 }" not in page


def test_tiny_epic_quests_rulings_page_is_the_q_section_of_the_project_page():
    """Tiny Epic Quest's letter Q finds its section (Q1-Q35) and nothing of the other games'."""
    page = game_rulings(project_rulings(), "Tiny Epic Quest", get("teq").rulings)
    assert page is not None and not re.search(r"^## ", page, re.MULTILINE)   # one section: no heading
    assert [f"{{ #q{i} }}" in page for i in range(1, 36)] == [True] * 35
    assert "{ #t1 }" not in page and "{ #m1 }" not in page and "{ #e1 }" not in page


def test_a_future_games_letter_gets_its_section():
    """A game's letter finds its section like any other, wherever the section stands on the page."""
    project = ("# Rulings\n\n## Tiny Epic Mechs\n\n### T1 Costs { #t1 }\n\nA.\n\n## Tiny Epic Quest\n\n"
               "Its rule text.\n\n### Q16 Quests { #q16 }\n\nB.\n")
    page = game_rulings(project, "Tiny Epic Quest", ("Q",))
    assert page is not None and "Its rule text." in page and "{ #q16 }" in page and "T1" not in page


def test_the_generated_home_page_lists_pages_but_not_each_scenario_file():
    from types import SimpleNamespace

    from rulecraft.compiler.docgen.sitepages import home_page

    stack = SimpleNamespace(packs=[])
    site = SimpleNamespace(name="Dice", description="A race.", stack=stack)
    pages = {"index.md": "", "reference/index.md": "# About this reference\n", "scenarios/index.md":
             "# Scenario tests\n", "scenarios/turns.md": "# turns.yaml\n", "reference/a.svg": "<svg/>"}
    home = home_page(site, pages)
    assert "- [About this reference](reference/index.md)" in home and "(scenarios/index.md)" in home
    assert "turns" not in home and "svg" not in home


names = st.text(alphabet="abcdefghij-", min_size=1, max_size=8)


@given(st.lists(st.tuples(st.text(alphabet="abc xyz", min_size=1, max_size=10), names, st.booleans()),
                max_size=6))
def test_unlinking_keeps_every_word_and_exactly_the_links_to_present_pages(links):
    """Property: each link's words survive; a link stays exactly when its page is in the site."""
    markdown = " ".join(f"[{words}](../{page}.md)" for words, page, _ in links)
    present = {f"{page}.md" for _, page, there in links if there}
    out = unlink_missing(markdown, "reference/x.md", present)
    for words, page, _ in links:
        assert words in out
        assert (f"[{words}](../{page}.md)" in out) == (f"{page}.md" in present)


def test_make_docs_builds_every_shipped_games_site_linked_from_the_project_home(core_site, capsys):
    """`make docs`: the project site (Tiny Epic Mechs') lists every other shipped game, and
    `rulecraft.cli.game_sites` builds each one's own site where the link points (issue 20)."""
    pytest.importorskip("mkdocs")
    from rulecraft.cli import game_sites
    from rulecraft.runtime.games import shipped_games

    others = [game for game in shipped_games() if game != "tem"]
    assert "mecha" in others and "pig" not in others           # a test-only game is not rulecraft's
    home = core_site.page("index.html")
    assert game_sites.main([str(core_site.out / "games"), "--besides", "tem"]) == 0, capsys.readouterr().err
    for game in others:
        assert f'href="games/{game}/index.html"' in home
        site = core_site.out / "games" / game
        assert (site / "index.html").is_file() and (site / "reference" / "index.html").is_file()
    mecha = core_site.out / "games" / "mecha"
    assert (mecha / "rulebook" / "overview.html").is_file()
    assert (mecha / "reference" / "mechas.html").is_file()
    quest = core_site.out / "games" / "teq"      # issue 23: the third game's own site, beside Mecha Game's
    assert (quest / "rulebook" / "night.html").is_file() and (quest / "reference" / "map.html").is_file()
    assert '<h3 id="q16"' in (quest / "rulings.html").read_text(encoding="utf-8")


def test_rulecraft_docs_of_a_stack_lists_no_game_sites_it_did_not_build(tmp_path):
    """Only `make docs` builds the other games' sites, so the site of a modder's stack never links them."""
    from rulecraft.compiler.docgen.build import configured

    config = {"plugins": [{"rulecraft": {"packs": [], "game_sites": "games"}}]}
    options = configured(config, tmp_path, [], [], None, [])["plugins"][0]["rulecraft"]
    assert "game_sites" not in options
