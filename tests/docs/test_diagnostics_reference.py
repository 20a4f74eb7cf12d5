"""The diagnostics reference (Developer section): every code, by owner (the core, then each game the site
documents), each with a real example.

The page is generated at build time from compiler/errorcodes.py, each game's ``error_codes`` and the cases
of tests/content (their README says how a code gets one) or of the game's ``error_cases``; each example's
output is what running its case printed.
"""

from __future__ import annotations

import re

from rulecraft.cli.example_cases import run_case
from rulecraft.compiler.docgen.codesref import diagnostics_reference, sections
from rulecraft.compiler.errorcodes import REGISTRY, owners
from rulecraft.runtime.games import get


def _sections(page: str, level: int = 3) -> dict[str, str]:
    parts = re.split(rf'<h{level} id="([a-z0-9-]+)"', page)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_registered_code_has_a_section_with_its_example_output(core_site):
    """The project site documents Tiny Epic Mechs, Mecha Game and Tiny Epic Quest: the core's codes, then
    each game's."""
    sections_ = _sections(core_site.page("developer/diagnostics.html"))
    documented = [entry for owner in owners([get("tem"), get("mecha"), get("teq")]) for entry in owner.codes]
    assert list(sections_) == [entry.code for entry in documented], "one section per code, in owner order"
    for entry in documented:
        section = sections_[entry.code]
        assert entry.summary.split("`")[0].strip() in section
        assert f"{entry.severity}[{entry.code}]" in section, f"{entry.code}: its example lacks the code"
        assert "tests/content/" in section and "Exit code" in section


def test_the_codes_are_grouped_by_owner_the_core_first(core_site):
    page = core_site.page("developer/diagnostics.html")
    owned = _sections(page, level=2)
    assert list(owned) == ["core-codes", "codes-of-tem", "codes-of-mecha", "codes-of-teq"]
    assert 'id="usage"' in owned["core-codes"] and 'id="arena-shape"' not in owned["core-codes"]
    assert 'id="arena-shape"' in owned["codes-of-tem"] and 'id="weak-power-attack"' in owned["codes-of-tem"]
    assert 'id="duplicate-name"' in owned["codes-of-mecha"]
    assert 'id="duplicate-name"' not in owned["core-codes"]
    assert 'id="quest-row"' in owned["codes-of-teq"] and 'id="spell-library"' in owned["codes-of-teq"]


def test_an_example_shows_the_file_and_the_located_output(core_site):
    section = _sections(core_site.page("developer/diagnostics.html"))["enum-value"]
    assert "pack/weapons.yaml" in section and "meelee" in section
    assert "pack/weapons.yaml:6:11: error[enum-value]" in section
    assert "did you mean &#39;melee&#39;?" in section or "did you mean 'melee'?" in section


def test_a_third_party_games_code_is_shown_with_the_example_of_its_own_cases():
    """Pig registers `pig-bust-face` with a case of its own folder (tests/games/pig/cases)."""
    page = diagnostics_reference(sections(["pig"], None), run_case)
    pig = page[page.index("## Pig { #codes-of-pig }"):]
    assert "### `pig-bust-face` { #pig-bust-face }" in pig and "`arena-shape`" not in page
    assert "Example: `cases/invalid/pig-bust-face`." in pig
    assert "pack/rules.yaml:6:11: error[pig-bust-face]" in pig and "Exit code 1." in pig


def test_without_the_cases_the_reference_still_lists_every_code(monkeypatch):
    """An installed wheel has no tests/content: the page lists the codes and says where examples live."""
    monkeypatch.setattr("rulecraft.compiler.docgen.examples.game_cases", lambda game: None)
    page = diagnostics_reference(sections(["tem"], None), run_case)
    for code in [*REGISTRY, "arena-shape", "weak-power-attack", "scenario-arena"]:
        assert f"### `{code}` {{ #{code} }}" in page
    assert "Example:" not in page and "tests/content/" in page
