"""``rulecraft fuzz``: coverage per ruling on every shipped pack, and a planted engine bug (Pig's
``pig-planted`` variant, ``tests/fuzz/pig-planted``) found, shrunk to a scenario of a few turns that fails
with the bug and passes once it is fixed (run with ``rulecraft test``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from rulecraft.cli.main import main
from rulecraft.plugins.wiring import core_pack, load_table
from rulecraft.runtime.balance.batch import Config, table_for
from rulecraft.runtime.fuzz.choices import Choices
from rulecraft.runtime.fuzz.coverage import ruling_map
from rulecraft.runtime.fuzz.games import Rig, Setup, play, replay
from rulecraft.runtime.fuzz.run import Fuzzer
from rulecraft.runtime.games import get, shipped_games

HERE = Path(__file__).parent
PLANTED = HERE / "pig-planted"
GUIDE = HERE.parents[1] / "site" / "docs" / "guides" / "fuzzing.md"


@pytest.mark.parametrize("game", shipped_games())
def test_fuzz_prints_coverage_per_ruling_on_each_shipped_pack(game, tmp_path, capsys):
    report = tmp_path / "coverage.json"
    code = main(["fuzz", str(core_pack(game)), "--games", "3", "--json", str(report)])
    out = capsys.readouterr().out
    assert code == 0, out
    letters = get(game).rulings
    data = json.loads(report.read_text("utf-8"))
    rulings = data["coverage"]["rulings"]
    assert rulings["hit"] and all(r[0] in letters for r in [*rulings["hit"], *rulings["never"]])
    assert f"rulings: {len(rulings['hit'])} of {rulings['known']} cited on code paths covered" in out
    for ruling, entry in rulings["hit"].items():
        assert re.search(rf"^  {ruling} +first in game {entry['first_game'] + 1}$", out, re.M), ruling
    assert data["games"] == 3 and data["coverage"]["decisions"]["hit"]


def _fixed_tally(game, seat, banked):
    """The planted variant's tally without its bug: the count stays in the stash."""
    counts = game.stash.setdefault("pig-planted", {})
    counts[seat] = counts.get(seat, 0) + 1


def test_a_planted_bug_is_shrunk_to_a_scenario_that_fails_until_it_is_fixed(tmp_path, capsys, monkeypatch):
    import rulecraft_pig.planted as planted

    report = tmp_path / "fuzz.json"
    code = main(["fuzz", str(PLANTED), "--games", "400", "--out", str(tmp_path / "found"),
                 "--json", str(report)])
    out = capsys.readouterr().out
    assert code == 1, out
    failure = json.loads(report.read_text("utf-8"))["failure"]
    assert (failure["ruling"], failure["kind"]) == ("P3", "invariant")
    path = Path(failure["scenario"])
    assert path.parent == tmp_path / "found" and f"wrote {path}" in out and "it fails as the game did" in out
    written = path.read_text("utf-8")
    guide = re.search(r'^```yaml title="out/pig-P3.yaml"\n(.*?)^```', GUIDE.read_text("utf-8"), re.M | re.S)
    assert guide is not None and "".join(line for line in written.splitlines(True)
                                         if not line.startswith("#")) == guide[1], "the guide shows another"
    (scenario,) = yaml.safe_load(written)["scenarios"]
    assert scenario["covers"] == ["P3"] and scenario["given"]["plugins"] == ["pig-planted"]
    assert len(scenario["when"]) <= 4, scenario["when"]            # a few turns: two holds and one more
    assert failure["shrink"]["before"][1] >= len(failure["choices"])
    assert main(["test", str(path)]) == 1
    assert "P3: the scores are" in capsys.readouterr().out
    monkeypatch.setattr(planted, "tally", _fixed_tally)
    assert main(["test", str(path)]) == 0, capsys.readouterr().out
    assert main(["fuzz", str(PLANTED), "--games", "200", "--out", str(tmp_path / "again")]) == 0
    assert not (tmp_path / "again").exists()


def test_a_crashing_plugin_names_the_ruling_cited_nearest_its_call(tmp_path, capsys, monkeypatch):
    import rulecraft_pig.planted as planted

    def raising(game, seat, banked):
        raise ZeroDivisionError("a planted crash")

    monkeypatch.setattr(planted, "tally", raising)
    report = tmp_path / "fuzz.json"
    assert main(["fuzz", str(PLANTED), "--games", "400", "--out", str(tmp_path), "--json", str(report)]) == 1
    failure = json.loads(report.read_text("utf-8"))["failure"]
    # raised in the variant's hook (the plugin host makes it a PluginError, an abort), called from the
    # engine's hold, where P3 is cited just above the call
    assert (failure["ruling"], failure["kind"]) == ("P3", "abort")
    assert "ZeroDivisionError: a planted crash" in failure["message"]
    assert main(["test", failure["scenario"]]) == 1
    assert "ZeroDivisionError: a planted crash" in capsys.readouterr().out
    monkeypatch.setattr(planted, "tally", _fixed_tally)
    assert main(["test", failure["scenario"]]) == 0


def test_a_second_scenario_of_the_same_ruling_never_overwrites_the_first(tmp_path, capsys):
    for _ in range(2):
        assert main(["fuzz", str(PLANTED), "--games", "400", "--out", str(tmp_path)]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pig-P3-2.yaml", "pig-P3.yaml"]


def _rig(game: str, packs: tuple[str, ...] = ()) -> Rig:
    return Rig.of(table_for(Config(load_table, packs=packs, agents=("random",), game=game)))


@pytest.mark.parametrize("game", ["pig", "tem"])
def test_a_recorded_game_replays_from_its_choices_alone(game):
    rig = _rig(game)
    setup = Setup(("random", "random"), "replay:1")
    recorded = play(rig, setup, Choices((), __import__("random").Random(7)))
    again = replay(rig, setup, recorded.choices)
    assert recorded.failure is None and again.failure is None
    assert again.game.events == recorded.game.events and again.draws == recorded.draws


def test_the_same_seed_fuzzes_the_same_games():
    runs = [Fuzzer(_rig("pig"), (1, 4), ["random"], "same").fuzz(30) for _ in range(2)]
    assert runs[0].coverage == runs[1].coverage and runs[0].growth == runs[1].growth
    assert runs[0].steered == runs[1].steered > 0


def test_the_shrinker_keeps_the_ruling_and_finds_the_smallest_game():
    run = Fuzzer(_rig("pig", (str(PLANTED),)), (1, 4), ["random"], "1").fuzz(400)
    assert run.found is not None and run.found.shrunk is not None
    shrunk = run.found.shrunk
    assert shrunk.failure.ruling == "P3" and shrunk.setup.players == 1
    # the smallest failing game: a first hold, a hold of exactly 13, and the roll that shows the score
    again = replay(_rig("pig", (str(PLANTED),)), shrunk.setup, list(shrunk.values))
    holds = [e["banked"] for e in again.game.events if e["e"] == "hold"]
    assert again.failure is not None and again.failure.key == shrunk.failure.key and holds[-1] == 13
    assert len(holds) == 2 and len(shrunk.values) <= 8


def test_citations_are_mapped_to_the_statements_that_run(tmp_path):
    source = tmp_path / "engine.py"
    source.write_text('''"""Module text citing T1: no code path."""


def step(game):
    """The docstring cites T2 and R1-R3: the first statement after it."""
    x = 1
    # T4: a comment above a statement
    y = x + 1
    if y:   # T5 on a compound statement's line
        z = 2  # noqa: E731
    return "T6 in a string"


class Rules:
    """T7 in a class docstring: prose."""
''', encoding="utf-8")
    found = ruling_map([source], ("T", "R"))
    table = found.lines[str(source)]
    assert table == {6: {"T2", "R1", "R2", "R3"}, 8: {"T4"}, 9: {"T5"}, 11: {"T6"}}
    assert found.prose == {"T1", "T7"}


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--agents", "nobody"], "unknown agent 'nobody'"),
    (["no/such/pack"], "no such pack folder"),
    (["--seconds", "0"], "--seconds must be more than 0"),
])
def test_usage_errors_exit_2(args, message, capsys):
    assert main(["fuzz", "--game", "pig", *args]) == 2
    assert message in capsys.readouterr().err


def test_a_pack_with_content_errors_exits_2(tmp_path, capsys):
    pack = tmp_path / "broken"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: broken\nname: Broken\nversion: 1.0.0\ngame: pig\n", encoding="utf-8")
    assert main(["fuzz", str(pack), "--games", "1"]) == 2
    assert "error[" in capsys.readouterr().err
