"""Issue 26: completion inside an effect string offers only the words valid at the cursor, by its place in
the grammar as lark's parser sees it (``plugins.lsp.expected``): a trigger where a trigger goes, a verb
where a step starts, the rest of a verb after its first words, what fills a slot (a number's attributes,
a kind's words), what `pay` pays with; each only as the entity kind and the ability's trigger allow."""

from __future__ import annotations

from functools import cache

import pytest
from lsprotocol import types

from rulecraft.compiler.effects.pack import game_vocabulary
from rulecraft.plugins.lsp.completion import EffectWords
from rulecraft.plugins.lsp.expected import place


@cache
def words(game: str):
    return game_vocabulary(game)


def offered(game: str, entity_kind: str, before: str) -> dict[str, types.CompletionItem]:
    """The items for the cursor at the end of ``before`` (on line 0, the string starting at column 0)."""
    at = place(before)
    assert at is not None
    end = types.Position(0, len(before))
    items = EffectWords(words(game), entity_kind).at(
        at, lambda length: types.Range(types.Position(0, len(before) - length), end))
    return {item.label: item for item in items}


def test_a_trigger_is_offered_where_a_trigger_goes_and_replaces_the_words_typed_of_it():
    items = offered("tem", "weapon", "when yo")
    assert set(items) == {"when you collect", "when you purchase", "when you deploy", "when you upgrade",
                          "when you enter a zone", "when you ko an enemy", "when you are knocked out",
                          "when you are attacked"}
    edit = items["when you deploy"].text_edit
    assert edit.range.start == types.Position(0, 0) and edit.new_text == "when you deploy"
    spaced = offered("tem", "weapon", "when  you de")["when you deploy"].text_edit   # two spaces typed
    assert spaced.range.start == types.Position(0, 0)
    second = offered("tem", "weapon", "when used: gain 1 energy\nwhen you de")["when you deploy"].text_edit
    assert second.range.start == types.Position(0, len("when used: gain 1 energy\n"))
    assert set(offered("mecha", "commands", "")) == {"when played"}      # a command's only trigger


def test_where_a_step_starts_the_verbs_and_the_languages_step_words_are_offered_not_attributes():
    items = offered("mecha", "commands", "when played: ")
    assert {"draw {amount}", "deal {amount} damage to an enemy unit", "if", "you", "pay"} <= set(items)
    assert "deal {amount} damage to this" not in items        # a command has no "this" on the table
    assert items["draw {amount}"].text_edit.new_text == "draw ${1:amount}"
    assert not {"health", "energy"} & set(offered("tem", "weapon", "when used: "))


def test_after_a_verbs_first_words_only_the_rest_of_the_verbs_they_begin():
    items = offered("mecha", "commands", "when played: deal 2 ")
    assert "damage to an enemy unit" in items and "and" in items
    assert "draw {amount}" not in items and "if" not in items
    assert "an enemy unit" in offered("mecha", "commands", "when played: deal 2 damage to ")
    assert "enemy unit" in offered("mecha", "commands", "when played: deal 2 damage to an ")
    # "+1 armour" is "add 1 armour": the rest of the add verbs
    assert "armour to an enemy unit" in offered("mecha", "commands", "when played: +1 ")
    assert set(offered("mecha", "commands", "when played: draw 1 ")) == {"and"}


def test_a_slot_is_offered_what_fills_it():
    assert set(offered("tem", "weapon", "when used: gain 2 ")) == {"energy", "credits", "vp", "and"}
    paid = set(offered("tem", "weapon", "when used: pay 2 "))
    assert paid == {"energy", "credits", "vp"}                # what `pay` pays with (Tiny Epic Mechs)
    inside = set(offered("tem", "weapon", "when used: deal (1 + "))
    assert {"health", "energy"} <= inside and not {"attack-type", "melee"} & inside   # numbers only


@pytest.mark.parametrize("before, kept, left_out", [
    ("when attacked: if ", {"health", "attack-type", "melee", "not"}, {"deal {amount} damage", "then"}),
    ("when attacked: if health > 2 ", {"then", "and", "or"}, {"health", "deal {amount} damage"}),
    ("when attacked: if health > 2 then ", {"prevent {amount} damage", "you"}, {"health"}),
    # the right side of a comparison is of the left side's type: a weapon type, a number
    ("when attacked: if attack-type is not ", {"melee", "ranged", "area"}, {"health", "vp", "pilot"}),
    ("when attacked: if health >= ", {"energy", "enemy-health"}, {"melee", "attack-type"}),
])
def test_a_conditions_places_offer_what_the_grammar_takes_there(before, kept, left_out):
    items = set(offered("tem", "weapon", before))
    assert kept <= items and not left_out & items


def test_the_ability_trigger_narrows_the_verbs_and_attributes():
    """Tiny Epic Mechs: `prevent` works only when attacked, `enemy-health` is read only in combat (their
    triggers)."""
    assert "prevent {amount} damage" in offered("tem", "weapon", "when attacked: ")
    assert "prevent {amount} damage" not in offered("tem", "weapon", "when you deploy: ")
    assert "enemy-health" in offered("tem", "weapon", "when attacked: if ")
    assert "enemy-health" not in offered("tem", "weapon", "when you deploy: if ")


def test_nothing_is_offered_after_text_that_does_not_parse():
    assert place("when played: 1 +") is None
