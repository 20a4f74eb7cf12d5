"""Ruling ids link to the rulings page for the letters of any registered game (issue 21, item 6): T, R and
E of Tiny Epic Mechs, M of Mecha Game, Q of Tiny Epic Quest; no letter is written into the link code."""

from __future__ import annotations

import pytest

from rulecraft.compiler.docgen.plugindocs import plugins_page
from rulecraft.compiler.docgen.rulings import link, linked, prefix_owners
from rulecraft.plugins.manager import make_manager
from rulecraft.runtime.games import GameDefinition, GameLoadError, get


@pytest.mark.parametrize(("game", "ruling"), [("tem", "T7"), ("tem", "R3"), ("tem", "E4"), ("mecha", "M15"),
                                                  ("teq", "Q16")])
def test_a_registered_games_ruling_ids_link_to_their_sections(game, ruling):
    text = f"as {ruling} says"
    assert linked(text, get(game).rulings) == f"as [{ruling}](../rulings.md#{ruling.lower()}) says"


def test_another_games_letters_and_longer_words_stay_text():
    assert linked("T7, M15, AT7, T700 and Q16", ("Q",)) == "T7, M15, AT7, T700 and [Q16](../rulings.md#q16)"
    assert linked("T7", ()) == "T7"


def test_ids_inside_a_tag_a_link_or_code_are_left_alone():
    """A designed value's dagger names its ruling in a title attribute: linking it would break the tag."""
    text = 'x<sup title="designed value (T3)">†</sup> [T3](../rulings.md#t3) `T3` T3'
    assert linked(text, ("T",)) == text[:-2] + link("T3")


def test_a_letter_two_games_claim_is_refused_naming_both():
    quest = GameDefinition("quest", "Tiny Epic Quest", (1, 4), "quest-core", rulings=("Q", "E"))
    assert prefix_owners([get("mecha"), quest]) == {"M": "mecha", "Q": "quest", "E": "quest"}
    with pytest.raises(GameLoadError, match="'E' is claimed by game 'tem' and by game 'quest'"):
        prefix_owners([get("tem"), quest])
    with pytest.raises(GameLoadError, match="not one capital letter"):
        prefix_owners([GameDefinition("quest", "Q", (1, 4), "quest-core", rulings=("QT",))])


def test_the_variant_plugins_page_links_the_games_own_letters():
    """The Robot Pilots plugin's documentation cites R rulings; the page links them with TEM's letters."""
    page = plugins_page(["robot-pilots"], make_manager("tem", ["robot-pilots"], installed=False),
                        get("tem").rulings)
    assert "](../rulings.md#r1)" in page
    bare = plugins_page(["robot-pilots"], make_manager("tem", ["robot-pilots"], installed=False), ())
    assert "rulings.md" not in bare
