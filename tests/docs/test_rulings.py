"""Rulings link to the scenario tests that pin them; links come from the scenario files' `covers`."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from rulecraft.cli.main import main
from rulecraft.compiler.docgen.scenarios import (
    by_ruling,
    find_scenarios,
    link_rulings,
    ruling_ids,
    scenario_pages,
)

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
RULINGS_PAGE = SITE / "docs" / "rulings.md"


def site_scenarios() -> list:
    """The scenario files the project site's rulings page links to: its own game's folder and every other
    game's, where site/mkdocs.yml says they are (the game's scenario location)."""
    config = yaml.safe_load((SITE / "mkdocs.yml").read_text(encoding="utf-8"))
    options = next(item["rulecraft"] for item in config["plugins"]
                   if isinstance(item, dict) and "rulecraft" in item)
    found = find_scenarios(SITE / options["scenarios"])
    for game, folder in options["game_scenarios"].items():
        found += find_scenarios(SITE / folder, game=game)
    return found

COMBAT = """\
scenarios:
  - name: The mover attacks first
    covers: [T13, rulebook/combat]
    given: {}
    when: []
    then: {}
  - name: A jump opens with a Power Attack
    covers: [T7, T13]
    given: {}
    when: []
    then: {}
"""


@pytest.fixture
def suite(tmp_path) -> Path:
    (tmp_path / "combat.yaml").write_text(COMBAT, encoding="utf-8")
    (tmp_path / "solo").mkdir()
    (tmp_path / "solo" / "robots.yml").write_text(textwrap.dedent("""\
        scenarios:
          - name: Robots never enter each other's zone
            covers: [R7]
        """), encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("scenarios: [", encoding="utf-8")
    return tmp_path


def test_scenarios_are_read_with_their_covers(suite):
    files = find_scenarios(suite)
    assert [f.slug for f in files] == ["broken", "combat", "solo-robots"]
    assert files[0].problem and not files[0].cases  # listed, with why, never hidden
    index = by_ruling(files)
    names = [case.name for _, case in index["T13"]]
    assert names == ["The mover attacks first", "A jump opens with a Power Attack"]
    assert "rulebook/combat" not in index  # only ruling ids link to rulings


def test_each_ruling_section_ends_with_its_links_or_says_none(suite):
    page = link_rulings("### T7 Jumps { #t7 }\n\nWhy.\n\n### T1 Costs { #t1 }\n", find_scenarios(suite))
    assert ("Why.\n\n**Pinned by** 1 scenario: [A jump opens with a Power Attack]"
            "(scenarios/combat.md#a-jump-opens-with-a-power-attack)\n\n### T1") in page
    none = "**Pinned by:** *no scenario test names this ruling yet.*"
    assert page.endswith(f"### T1 Costs {{ #t1 }}\n\n{none}\n\n")


def test_built_rulings_page_links_to_scenario_pages(suite, tmp_path_factory):
    out = tmp_path_factory.mktemp("site-with-scenarios")
    core = str(ROOT / "content" / "tem-core")
    assert main(["docs", core, "--scenarios", str(suite), "--out", str(out)]) == 0
    rulings = (out / "rulings.html").read_text(encoding="utf-8")
    assert 'href="scenarios/solo-robots.html#robots-never-enter-each-other-s-zone"' in rulings
    scenario = (out / "scenarios" / "combat.html").read_text(encoding="utf-8")
    assert 'id="a-jump-opens-with-a-power-attack"' in scenario
    assert "not readable YAML" in (out / "scenarios" / "broken.html").read_text(encoding="utf-8")


def test_every_ruling_is_pinned_by_a_scenario():
    """Every ruling of every game on the rulings page (T, R, E, Mecha Game's M and Tiny Epic Quest's Q) has
    a scenario: site/mkdocs.yml's `game_scenarios` names each other game's folder."""
    files = site_scenarios()
    assert sum(len(f.cases) for f in files) >= 100, "the scenario suite is missing"
    assert {f.game for f in files} == {"", "mecha", "teq"}
    assert not [f.path for f in files if f.problem]
    pinned = by_ruling(files)
    checked = {"M24",    # a deck rule of `check`: tests/mecha/test_checks.py and its tests/content cases
               "Q34",    # the gloom map, out of scope: no behaviour to pin until its pack exists
               "Q35"}    # which values are designed: tests/teq/test_pack.py reads the pack's `designed:`
    ids = ruling_ids(RULINGS_PAGE.read_text(encoding="utf-8"))
    missing = [r for r in ids if r not in pinned and r not in checked]
    assert not missing, f"rulings no scenario `covers`: {', '.join(missing)}"


def test_the_project_site_names_every_other_shipped_games_scenarios():
    """One mechanism for every game whose rulings share the project's page: `game_scenarios` names each
    shipped game but the site's own, at the scenario folder its definition gives."""
    from rulecraft.runtime.games import get, shipped_games

    config = yaml.safe_load((SITE / "mkdocs.yml").read_text(encoding="utf-8"))
    options = next(item["rulecraft"] for item in config["plugins"]
                   if isinstance(item, dict) and "rulecraft" in item)
    others = {game for game in shipped_games() if game != "tem"}
    assert set(options["game_scenarios"]) == others
    for game, folder in options["game_scenarios"].items():
        assert (SITE / folder).resolve() == (ROOT / str(get(game).scenarios)).resolve(), game


def test_another_games_scenarios_get_their_own_pages_linking_back(suite):
    """Mecha Game's files on the project site live under scenarios/mecha/ and link two levels up."""
    files = find_scenarios(suite, game="mecha")
    combat = next(f for f in files if f.slug == "mecha/combat")
    assert combat.page == "scenarios/mecha/combat.md" and combat.shown == "mecha: combat.yaml"
    pages = scenario_pages(files)
    assert "(../../rulings.md#t13)" in pages["scenarios/mecha/combat.md"]
    assert "[mecha: combat.yaml](mecha/combat.md)" in pages["scenarios/index.md"]


@pytest.mark.parametrize("game", ["mecha", "teq"])
def test_every_ruling_a_game_cites_has_its_section(game):
    """A ruling id cited in a game's code, pack, schemas or tests (Q16 in a docstring, a scenario's
    `covers`) is a heading of the rulings page, so every generated link to it lands."""
    from rulecraft.compiler.docgen.rulings import ids
    from rulecraft.runtime.games import get

    definition = get(game)
    folders = [ROOT / "plugins" / game, ROOT / "content" / f"{game}-core", ROOT / "schemas" / game,
               ROOT / "tests" / game]
    cited = {found for folder in folders for path in folder.rglob("*")
             if path.suffix in {".py", ".yaml", ".json", ".md"}
             for found in ids(definition.rulings).findall(path.read_text(encoding="utf-8"))}
    on_page = set(ruling_ids(RULINGS_PAGE.read_text(encoding="utf-8")))
    assert len(cited) >= 25, "the game cites its rulings"
    assert not sorted(cited - on_page), f"cited but not on the rulings page: {sorted(cited - on_page)}"
