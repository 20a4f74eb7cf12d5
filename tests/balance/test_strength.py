"""A report names a search agent's measured strength (issue 25 item 6): ``rulecraft strength`` measures an
agent against another on paired seeds and records it in a strength table; ``sim``, ``sim --compare`` and
``sweep`` quote the table for each search agent they seat (terminal, JSON, HTML), say "not measured at
this budget" with the nearest budget measured, or that none of its kind was; every agent name works in
each command, and a bad one is a located usage error."""

from __future__ import annotations

import json
import re

import pytest

from rulecraft.cli.main import main
from rulecraft.runtime.balance import strength

pytest.importorskip("rulecraft_pig")
PIG = ["--game", "pig", "--players", "2"]


def _said(out: str) -> str:
    """The terminal's text with the tables' borders and wrapping undone (a cell's lines as one)."""
    return " ".join(re.sub("[│┃]", " ", out).split())


def _entry(agent: str, value: float = 0.6, against: str = "heuristic") -> dict:
    return {"agent": agent, "against": against, "players": 2, "packs": ["pig-core"], "plugins": [],
            "seeds": 5, "seatings": 2, "score": {"value": value, "low": 0.3, "high": 0.85, "n": 10},
            "command": f"rulecraft strength --game pig --agent {agent}", "date": "2026-12-02",
            "version": "0.1.0"}


@pytest.fixture
def table(tmp_path, monkeypatch):
    """The game's strength table, moved into the test's folder (never the plugin's own)."""
    path = tmp_path / "strength.json"
    monkeypatch.setattr(strength, "table_path", lambda game: path)
    return path


def test_the_strength_command_measures_on_paired_seeds_and_records_the_command_and_date(tmp_path, capsys):
    path = tmp_path / "table.json"
    assert main(["strength", *PIG, "--agent", "ismcts@4", "--seeds", "3", "--record", "--table", str(path),
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    (entry,) = strength.read(path)
    assert entry["agent"] == "ismcts@4" and entry["against"] == "heuristic" and entry["players"] == 2
    assert entry["score"]["n"] == 6 and entry["seatings"] == 2       # 3 seeds x both seatings
    assert 0 <= entry["score"]["low"] <= entry["score"]["value"] <= entry["score"]["high"] <= 1
    assert entry["command"] == ("rulecraft strength --game pig --agent ismcts@4 --against heuristic "
                                "--seeds 3 --seed strength --players 2")
    assert entry["date"] and entry["packs"] == ["pig-core"] and entry["search_code"] == strength.search_code()
    assert out.startswith("ismcts@4 beat heuristic in ") and "of 6 2-seat games (3 seeds x 2 seatings)" in out
    # measured again: the earlier measurement of the same agent, opponent, seats and stack is replaced
    assert main(["strength", *PIG, "--agent", "ismcts@4", "--seeds", "1", "--record", "--table", str(path),
                 "--quiet"]) == 0
    assert [e["score"]["n"] for e in strength.read(path)] == [2]


def test_a_table_rulecraft_did_not_write_is_never_overwritten(tmp_path, capsys):
    path = tmp_path / "mine.json"
    path.write_text('{"my": "notes"}', encoding="utf-8")
    assert main(["strength", *PIG, "--agent", "ismcts@4", "--seeds", "1", "--record", "--table", str(path),
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "not a strength table" in err and "not overwritten" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == '{"my": "notes"}'
    for where in (tmp_path, tmp_path / "no-such-folder" / "table.json"):     # refused before any game
        assert main(["strength", *PIG, "--agent", "ismcts@4", "--seeds", "1", "--record",
                     "--table", str(where), "--quiet"]) == 2
        assert "is not a file in an existing folder" in capsys.readouterr().err


def test_a_name_is_matched_by_its_parameters_and_a_missing_budget_names_the_nearest():
    entries = [_entry("ismcts@100+heuristic"), _entry("ismcts@20", 0.4), _entry("ismcts@400", 0.7),
               _entry("flatmc@0.5s")]
    agents = ["heuristic", "random"]
    # the default budget and rollout (the game's heuristic) are the same agent as the explicit ones
    (found,) = strength.strength(["ismcts"], agents, entries, "t.json", "pig")
    assert [e["agent"] for e in found["measured"]] == ["ismcts@100+heuristic"]
    # 30 iterations: not measured; 20 is nearer (a ratio of 1.5) than 100 (3.3)
    (found,) = strength.strength(["ismcts@30"], agents, entries, "t.json", "pig")
    assert not found["measured"] and [e["agent"] for e in found["nearest"]] == ["ismcts@20"]
    (line,) = strength.rows([found])
    assert line[1].startswith("not measured at this budget; the nearest measured, ismcts@20+heuristic, "
                              "beat heuristic "
                              "in 40.0% [30.0, 85.0] of 10 2-seat games")
    # other rollouts, rewards or budget units are another agent, never the nearest
    for name in ("ismcts@100+random", "ismcts@100:margin", "ismcts@2s", "flatmc@50"):
        (found,) = strength.strength([name], agents, entries, "t.json", "pig")
        assert not found["measured"] and not found["nearest"], name
        assert strength.rows([found])[0][1].startswith("not measured: the game's strength table has no ")
    assert strength.strength(["heuristic", "random"], agents, entries, "t.json", "pig") == []


def test_a_measurement_by_other_search_code_says_the_agent_changed_since():
    """The fingerprint of the search agents' source a measurement recorded, against this rulecraft's."""
    agents = ["heuristic", "random"]
    old = {**_entry("ismcts@4"), "search_code": "0" * 12}
    now = {**_entry("ismcts@4"), "search_code": strength.search_code()}
    for entry, stale in ((old, True), (now, False), (_entry("ismcts@4"), False)):
        (found,) = strength.strength(["ismcts@4"], agents, [entry], "t.json", "pig")
        text = strength.rows([found])[0][1]
        assert ("measured with other search code than this rulecraft's" in text) is stale, entry


def test_a_measurement_on_another_stack_or_in_other_seats_says_so():
    text = strength.measurement_text(_entry("ismcts@4"), ["pig-core", "pig-big"], 4)
    assert "of 10 2-seat games, not this run's 4 (5 seeds x 2 seatings)" in text
    assert "on pig-core, not this run's pig-core+pig-big (rulecraft strength" in text
    assert "not this run's" not in strength.measurement_text(_entry("ismcts@4"), ["pig-core"], 2)


def test_sim_names_the_measured_strength_in_the_terminal_json_and_html(table, tmp_path, capsys):
    strength.record(table, _entry("ismcts@4"))
    out = tmp_path / "out"
    assert main(["sim", *PIG, "--agents", "ismcts@4,heuristic", "--games", "2", "--quiet",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Search agents: measured strength" in text
    assert "ismcts@4 │ beat heuristic in 60.0% [30.0, 85.0] of 10 2-seat games (5 seeds x 2 seatings)" in text
    report = json.loads((out / "report.json").read_text())
    (agent,) = report["strength"]["agents"]
    assert agent["agent"] == "ismcts@4" and agent["measured"][0]["score"]["value"] == 0.6
    page = (out / "report.html").read_text()
    assert "measured strength" in page and "beat heuristic in 60.0% [30.0, 85.0]" in page


def test_a_budget_never_measured_is_said_to_be_so_with_the_nearest(table, capsys):
    strength.record(table, _entry("ismcts@8"))
    assert main(["sim", *PIG, "--agents", "ismcts@3", "--games", "1", "--quiet"]) == 0
    text = _said(capsys.readouterr().out)      # the table's wrapped lines, as one text
    assert ("not measured at this budget; the nearest measured, ismcts@8+heuristic, beat heuristic in "
            "60.0%") in text


def test_a_game_with_no_strength_table_says_not_measured_and_how_to_measure(table, capsys):
    assert main(["sim", *PIG, "--agents", "flatmc@3,heuristic", "--games", "1", "--quiet"]) == 0
    text = _said(capsys.readouterr().out)
    assert "not measured: the game's strength table has no flatmc with heuristic rollouts" in text
    assert "rulecraft strength --game pig --agent flatmc@3 --against heuristic --players 2 --record" in text


def test_a_run_without_a_search_agent_says_nothing_of_strength(table, tmp_path, capsys):
    strength.record(table, _entry("ismcts@4"))
    out = tmp_path / "out"
    assert main(["sim", *PIG, "--agents", "heuristic,random", "--games", "2", "--quiet",
                 "--out", str(out)]) == 0
    assert "measured strength" not in capsys.readouterr().out
    assert "strength" not in json.loads((out / "report.json").read_text())


def test_an_unreadable_table_is_said_in_the_report_not_a_crash(table, capsys):
    table.write_text("{not json", encoding="utf-8")
    assert main(["sim", *PIG, "--agents", "ismcts@3", "--games", "1", "--quiet"]) == 0
    assert "not a strength table" in _said(capsys.readouterr().out)


def test_compare_and_sweep_accept_search_agents_and_name_their_strength(table, tmp_path, capsys):
    strength.record(table, _entry("ismcts@4"))
    out = tmp_path / "cmp"
    assert main(["sim", *PIG, "--compare", "pig-core", "pig-big", "--agents", "ismcts@4,heuristic",
                 "--games", "2", "--quiet", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.count("Search agents: measured strength") == 2          # A's report and B's
    assert json.loads((out / "compare.json").read_text())["strength"]["agents"][0]["agent"] == "ismcts@4"
    assert "beat heuristic in 60.0%" in (out / "report.html").read_text()
    sweep = tmp_path / "sweep"
    assert main(["sweep", *PIG, "--vary", "pig-rules:pig-rules.goal=20,30", "--agents", "ismcts@4,heuristic",
                 "--games", "2", "--metric", "decisions", "--quiet", "--out", str(sweep)]) == 0
    assert "beat heuristic in 60.0%" in _said(capsys.readouterr().out)
    data = json.loads((sweep / "points.json").read_text())
    assert data["strength"]["agents"][0]["measured"][0]["agent"] == "ismcts@4"
    assert "beat heuristic in 60.0%" in (sweep / "report.html").read_text()


@pytest.mark.parametrize("command", [
    ["sim", *PIG, "--games", "1"],
    ["sim", *PIG, "--compare", "pig-core", "pig-big", "--games", "1"],
    ["sweep", *PIG, "--vary", "pig-rules:pig-rules.goal=20,30", "--games", "1"],
])
@pytest.mark.parametrize(("agent", "said"), [
    ("ismcts@x", "--agents: agent 'ismcts@x': the budget 'x' is neither iterations"),
    ("ismcts@4+nobody", "its rollout agent: unknown agent 'nobody'"),
    ("ismctz", "unknown agent 'ismctz' in --agents; did you mean 'ismcts'?"),
])
def test_a_bad_agent_name_is_a_located_usage_error_in_every_command(command, agent, said, capsys):
    assert main([*command, "--agents", f"heuristic,{agent}", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
