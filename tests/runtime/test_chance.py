"""The core's chance service: seeded draws in call order, one logged event per draw, and the strict scripted
source rule scenarios use (a draw it does not script, or names otherwise, fails naming the draw)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecraft.runtime.chance import Die, Draw, ScriptedChance, SeededChance, UnscriptedChance, words
from rulecraft.runtime.game import GameCore

D6 = Die("d6", (1, 2, 3, 4, 5, 6))
COIN = Die("coin", ("heads", "tails"), designed=True)


class Drawing(GameCore):
    """A game whose whole run is three draws."""

    def run(self) -> object:
        faces = self.roll([D6, COIN], "opening throw")
        deck = list(range(10))
        self.shuffle(deck, "deck")
        first = self.pick(["a", "b", "c"], "first player")
        secret = self.pick(deck, "hidden card", hidden=True)
        return faces, deck, first, secret


def test_seeded_draws_are_the_engines_old_draws_in_call_order() -> None:
    rng = random.Random(7)
    expected_faces = [D6.faces[int(rng.random() * 6)], COIN.faces[int(rng.random() * 2)]]
    expected_deck = list(range(10))
    rng.shuffle(expected_deck)
    expected_first = ["a", "b", "c"][rng.randrange(3)]
    game = Drawing([], seed=7, step_cap=100)
    faces, deck, first, _ = game.play()
    assert (faces, deck, first) == (expected_faces, expected_deck, expected_first)


def test_each_draw_is_one_chance_event_and_secrets_stay_out_of_it() -> None:
    game = Drawing([], seed=3, step_cap=100)
    faces, deck, first, secret = game.play()
    roll, shuffle, pick, hidden = game.events
    assert roll == {"e": "chance", "kind": "roll", "what": "opening throw", "dice": ["d6", "coin"],
                    "faces": faces}
    assert shuffle == {"e": "chance", "kind": "shuffle", "what": "deck", "count": 10}
    assert pick == {"e": "chance", "kind": "pick", "what": "first player", "count": 3, "result": first}
    assert hidden == {"e": "chance", "kind": "pick", "what": "hidden card", "count": 10}
    assert secret in deck


def test_summary_mode_counts_chance_events() -> None:
    game = Drawing([], seed=3, step_cap=100)
    game.keep_only(())
    game.play()
    assert game.events == [] and game.event_counts()["chance"] == 4


def test_a_script_names_what_comes() -> None:
    game = Drawing([], seed=3, step_cap=100)
    game.chance = ScriptedChance([Draw("opening throw", [6, "tails"]), Draw("deck", [9, 8]),
                                  Draw("first player", "c"), Draw("hidden card", 0)])
    faces, deck, first, secret = game.play()
    assert faces == [6, "tails"] and deck == [9, 8, 0, 1, 2, 3, 4, 5, 6, 7] and first == "c" and secret == 0
    assert game.chance.unused() == []


@pytest.mark.parametrize(("script", "message"), [
    ([], r"unscripted roll \(opening throw\): the chance script is used up"),
    ([Draw("deck", [1])], r"unscripted roll \(opening throw\): the chance script's next draw is 'deck'"),
    ([Draw("opening throw", [7, "heads"])], r"7 is not a face of die 'd6'"),
    ([Draw("opening throw", [6])], r"throws 2 dice; the script gives 1 faces"),
    ([Draw("opening throw", [1, "heads"]), Draw("deck", [11])], r"11 is not among the 10 items"),
    ([Draw("opening throw", [1, "heads"]), Draw("deck", []), Draw("first player", "d")],
     r"'d' is not one of its options"),
])
def test_an_unscripted_or_impossible_draw_aborts_the_game_naming_it(script: list[Draw], message: str) -> None:
    game = Drawing([], seed=3, step_cap=100)
    game.chance = ScriptedChance(script)
    with pytest.raises(UnscriptedChance, match=message):
        game.play()
    assert game.aborted and game.events[-1]["e"] == "abort"


def test_a_script_left_unused_is_reported() -> None:
    game = Drawing([], seed=3, step_cap=100)
    game.chance = ScriptedChance([Draw("opening throw", [1, "heads"]), Draw("deck", []),
                                  Draw("first player", "a"), Draw("hidden card", 4), Draw("deck", [2])])
    game.play()
    assert game.chance.unused() == [Draw("deck", [2])]


def test_a_fallback_takes_the_draws_the_script_never_names() -> None:
    game = Drawing([], seed=3, step_cap=100)
    game.chance = ScriptedChance([Draw("first player", "b")], fallback=SeededChance(random.Random(1)))
    _, _, first, _ = game.play()
    assert first == "b" and game.chance.unused() == []


@given(st.lists(st.integers(), max_size=20), st.data())
def test_a_scripted_shuffle_puts_its_cards_first_and_keeps_every_item(items: list[int],
                                                                      data: st.DataObject) -> None:
    first = data.draw(st.permutations(items)).copy()[:data.draw(st.integers(0, len(items)))]
    shuffled = list(items)
    ScriptedChance([Draw("deck", first)]).shuffle(shuffled, "deck")
    assert shuffled[:len(first)] == first and sorted(shuffled) == sorted(items)


def test_a_chance_event_in_words_tells_what_it_was_for_and_no_secret() -> None:
    game = Drawing([], seed=3, step_cap=100)
    faces, _, first, _ = game.play()
    lines = [words(event) for event in game.events]
    assert lines == [f"opening throw: d6 shows {faces[0]}, coin shows {faces[1]}", "deck: 10 shuffled",
                     f"first player: {first} (by chance, of 3)", "hidden card: one of 10, unseen"]
