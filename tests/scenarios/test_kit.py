"""The scenario kit (rulecraft.runtime.scenarios) itself, on Pig, the smallest registered game with chance:
strict scripted chance and seats, the event matcher, ``asked``/``offered``, and the one partial comparison
every game's ``then`` goes through (a hypothesis property)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rulecraft.cli.main import main
from rulecraft.compiler.scenario_files import load_scenarios
from rulecraft.runtime import scenarios as kit
from rulecraft.runtime.scenarios import Difference, Scenario, compare, same

ROLL, HOLD = {"roll-or-hold": "roll"}, {"roll-or-hold": "hold"}


def die(*faces: int) -> list[dict[str, Any]]:
    return [{"what": "turn roll", "result": f} for f in faces]


def play(when: list[dict[str, Any]], then: dict[str, Any]) -> kit.Result:
    from rulecraft_pig.scenarios import Table, prepare

    scenario = Scenario("case", ("pig/hold",), "pig", {"players": 2}, tuple(when), then)
    return kit.run(scenario, Table, *prepare(scenario))


HOLD_ON_9 = [{"turn": True, "chance": die(4, 5), "decisions": {"pink": [ROLL, HOLD]}}]


def test_a_scenario_as_scripted_passes():
    result = play(HOLD_ON_9, {"scores": [9, 0],
                              "events": [{"e": "roll", "face": 4}, {"e": "hold", "banked": 9}]})
    assert result.passed, result.problems()


def test_a_draw_the_script_does_not_give_fails_naming_it():
    result = play([{"turn": True, "chance": die(4), "decisions": {"pink": [ROLL, HOLD]}}], {"scores": [9, 0]})
    assert result.error == "unscripted roll (turn roll): the chance script is used up"


def test_a_scripted_draw_left_unused_fails_naming_it():
    result = play([{"turn": True, "chance": die(4, 5, 2), "decisions": {"pink": [ROLL, HOLD]}}],
                  {"scores": [9, 0]})
    assert result.error == "scripted chance left unused by step 1: turn roll 2"


def test_a_step_taking_a_later_steps_draw_fails_naming_it():
    result = play([{"turn": True, "chance": die(4), "decisions": {"pink": [ROLL, HOLD]}},
                   {"turn": True, "chance": die(5, 1)}], {"scores": [9, 0]})
    assert result.error == ("step 1 drew more than its chance scripts: it took turn roll 5, scripted for a "
                            "later step")


def test_an_impossible_face_fails_naming_the_die():
    result = play([{"turn": True, "chance": die(7)}], {"scores": [0, 0]})
    assert result.error is not None and "7 is not a face of die 'd6'" in result.error


def test_an_answer_left_unused_fails_naming_it():
    result = play([{"turn": True, "chance": die(4, 5), "decisions": {"pink": [ROLL, HOLD, HOLD]}}],
                  {"scores": [9, 0]})
    assert result.error == "scripted answers left unused by the step: pink: roll-or-hold 'hold'"


def test_an_unscripted_decision_fails_and_no_then_error_can_expect_it():
    result = play([{"turn": True, "chance": die(4)}], {"error": "unscripted"})
    assert not result.passed and "unscripted roll-or-hold decision" in (result.error or "")


def test_a_seat_is_named_as_the_game_names_it():
    result = play([{"turn": True, "chance": die(4), "decisions": {"red": [HOLD]}}], {"scores": [4, 0]})
    assert result.error == "no player 'red'; the seats are pink, black"


def test_events_must_come_in_order_and_no_events_nowhere():
    result = play(HOLD_ON_9, {"events": [{"e": "hold", "player": "pink"}, {"e": "roll", "face": 4}],
                              "no_events": [{"e": "bust"}, {"e": "roll", "face": 5}]})
    assert [d.path for d in result.differences] == ["events[1]", "no_events[1]"]
    assert result.differences[1].actual == {"e": "roll", "player": "pink", "face": 5}


def test_asked_lists_every_decision_in_order_with_its_seat():
    assert play(HOLD_ON_9, {"asked": [["roll-or-hold", "pink"], ["roll-or-hold", "pink"]]}).passed
    wrong = play(HOLD_ON_9, {"asked": [["roll-or-hold", "black"]]})
    assert [(d.path, d.actual) for d in wrong.differences] == [
        ("asked", [["roll-or-hold", "pink"], ["roll-or-hold", "pink"]])]


def test_offered_set_checks_the_options_of_the_nth_decision():
    ok = play(HOLD_ON_9, {"offered": [{"decision": "roll-or-hold", "player": "pink", "nth": 2,
                                       "exactly": ["hold", "roll"]}]})
    assert ok.passed, ok.problems()
    bad = play(HOLD_ON_9, {"offered": [{"decision": "roll-or-hold", "excludes": ["hold"]},
                                       {"decision": "roll-or-hold", "nth": 3, "includes": ["roll"]}]})
    assert [d.path for d in bad.differences] == ["offered[0].excludes", "offered[1]"]
    assert "2 such decision(s) asked" in bad.differences[1].actual


def test_a_file_without_its_game_is_a_located_error_with_a_hint(tmp_path: Path, capsys):
    path = tmp_path / "no-game.yaml"
    path.write_text("scenarios:\n  - {name: x, covers: [pig/hold], then: {scores: [0, 0]}}\n")
    (diagnostic,) = load_scenarios(path, "no-game.yaml")[1]
    assert (diagnostic.code.code, diagnostic.line, diagnostic.column) == ("scenario-game", 1, 1)
    assert diagnostic.hint and "game: <id>" in diagnostic.hint
    path.write_text("game: pgi\nscenarios: []\n")
    (diagnostic,) = load_scenarios(path, "no-game.yaml")[1]
    assert (diagnostic.code.code, diagnostic.line, diagnostic.column) == ("scenario-game", 1, 7)
    assert "did you mean 'pig'?" in diagnostic.message
    assert main(["test", str(path)]) == 1


def test_a_pack_folder_means_its_scenarios_folder_not_its_content(tmp_path: Path, capsys):
    pack = tmp_path / "my-pack"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: my-pack\n")
    (pack / "rules.yaml").write_text("kind: pig-rules\nentries: []\n")
    (pack / "scenarios" / "turns.yaml").write_text(
        "game: pig\nscenarios:\n  - name: a hold on 4\n    covers: [pig/hold]\n    when:\n"
        "      - {turn: true, chance: [{what: turn roll, result: 4}],\n"
        "         decisions: {pink: [{roll-or-hold: hold}]}}\n"
        "    then: {scores: [4, 0]}\n")
    assert main(["test", str(pack)]) == 0
    assert "1 passed, 0 failed in" in capsys.readouterr().out
    (pack / "scenarios" / "turns.yaml").unlink()
    (pack / "scenarios").rmdir()
    assert main(["test", str(pack)]) == 2
    assert "a pack with no rule tests" in capsys.readouterr().err


# --- the one partial comparison -------------------------------------------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["a", "b", ""]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from("xyz"), inner, max_size=3)), max_leaves=10)


def tuples(value: Any) -> Any:
    """The value as an engine may hold it: every list a tuple."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: tuples(v) for k, v in value.items()}
    return value


@given(VALUES)
def test_a_value_matches_itself_and_its_tuples(value):
    assert same(value, value) and same(value, tuples(value))


@given(st.dictionaries(st.sampled_from("xyz"), VALUES, min_size=1), st.data())
def test_a_mapping_compares_only_the_keys_it_lists(actual, data):
    keys = data.draw(st.lists(st.sampled_from(sorted(actual)), unique=True))
    assert same({k: actual[k] for k in keys}, actual)


@given(VALUES, VALUES)
def test_every_difference_is_located_and_none_means_equal_where_nothing_is_partial(expected, actual):
    out: list[Difference] = []
    compare(expected, actual, "then", out)
    assert all(d.path.startswith("then") for d in out)
    if not out and not _partial(expected):
        assert _strict(expected) == _strict(actual)


def _partial(value: Any) -> bool:
    """Where the comparison is partial by design: a mapping (its listed keys), a count, a set check."""
    if isinstance(value, dict):
        return True
    if isinstance(value, list):
        return any(_partial(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool)


def _strict(value: Any) -> Any:
    """Equality with a flag apart from a number (``True`` is not ``1``)."""
    if isinstance(value, (list, tuple)):
        return [_strict(v) for v in value]
    return (type(value) is bool, value)


@given(st.booleans())
def test_a_flag_is_never_a_number(flag):
    assert not same(flag, int(flag)) and not same(int(flag), flag)
    assert not same({"x": flag}, {"x": int(flag)})


def test_a_number_where_the_state_has_a_list_is_its_length():
    assert same({"hand": 2}, {"hand": ["a", "b"]})
    out: list[Difference] = []
    compare({"hand": 3}, {"hand": ["a", "b"]}, "players.a", out)
    assert [d.path for d in out] == ["players.a.hand"]
