"""`--vary` (issue 15 item 1): the value grammar, the grid and its --max-points guard, and each point as a
generated patch layer checked like a pack, its errors located at the --vary that caused them."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecraft.cli.main import main
from rulecraft.compiler.diagnostics import DiagnosticError
from rulecraft.compiler.variations import relocate
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, table_for
from rulecraft.runtime.balance.sweep.grid import VaryError, grid, parse_values, parse_variation

COIL = "weapons:lightning-coil.cost.energy"


def test_lists_ranges_and_steps():
    assert parse_values("1,2,3") == (1, 2, 3)
    assert parse_values("1..5") == (1, 2, 3, 4, 5)
    assert parse_values("0.5..2.0/0.25") == (0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0)   # no float dust
    assert parse_values("1..3,5,3") == (1, 2, 3, 5)          # mixed, each value once
    assert parse_values("true,heavy") == (True, "heavy")


@given(st.integers(-50, 50), st.integers(0, 40), st.integers(1, 7))
def test_a_range_holds_its_bounds_and_steps(low, span, step):
    values = parse_values(f"{low}..{low + span}/{step}")
    assert values[0] == low and values[-1] <= low + span < values[-1] + step
    assert all(b - a == step for a, b in itertools.pairwise(values))


@pytest.mark.parametrize("text", ["lightning-coil.cost=1", f"{COIL}=", f"{COIL}=1,,2", f"{COIL}=5..1",
                                  f"{COIL}=1..4/0", f"{COIL}=a..b", "weapons:lightning-coil..cost=1"])
def test_bad_vary_is_a_vary_error(text):
    with pytest.raises(VaryError, match=r"--vary|field path"):
        parse_variation(text)


def test_grid_is_the_cross_product_first_slowest():
    points = grid([parse_variation(f"{COIL}=1,3"), parse_variation("rules:rules.rounds=5..7")], 6)
    assert [(p[0].value, p[1].value) for p in points] == [(1, 5), (1, 6), (1, 7), (3, 5), (3, 6), (3, 7)]
    with pytest.raises(VaryError, match=r"6 points .*more than --max-points 5"):
        grid([parse_variation(f"{COIL}=1,3"), parse_variation("rules:rules.rounds=5..7")], 5)


def test_a_point_is_a_layer_on_the_stack():
    point = grid([parse_variation(f"{COIL}=1")], 1)[0]
    ruleset = table_for(Config(load_table, game="tem", point=point)).ruleset
    assert dict(ruleset.weapons["lightning-coil"].cost) == {"energy": 1}
    plain = table_for(Config(load_table, game="tem")).ruleset
    assert dict(plain.weapons["lightning-coil"].cost) == {"energy": 3}


@pytest.mark.parametrize(("vary", "code", "said"), [
    (f"{COIL}=-1", "schema-range", "less than the minimum of 0"),
    ("weapons:lightning-coill.cost.energy=1", "unknown-id", "no such id"),
    ("weapons:lightning-coil.cost.enrgy=1", "unknown-key", "unknown key 'enrgy'"),
    ("weapon:lightning-coil.cost.energy=1", "unknown-kind", "unknown kind"),
])
def test_a_bad_value_is_a_located_error_at_its_vary(vary, code, said):
    point = grid([parse_variation(vary)], 1)[0]
    with pytest.raises(DiagnosticError) as caught:
        table_for(Config(load_table, game="tem", point=point))
    [d] = relocate(caught.value.diagnostics, point)
    assert (d.code.code, d.file) == (code, f"--vary {vary!r}") and said in d.message


def test_sweep_refuses_bad_input_before_any_game(capsys, tmp_path):
    assert main(["sweep", "--vary", f"{COIL}=1..200", "--max-points", "50", "--games", "1"]) == 2
    assert "more than --max-points 50" in capsys.readouterr().err
    assert main(["sweep", "--vary", "lightning-coil=1", "--games", "1"]) == 2
    assert "expected KIND:ID.FIELD=VALUES" in capsys.readouterr().err
    assert main(["sweep", "--vary", f"{COIL}=1,-2", "--games", "1", "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert f"--vary '{COIL}=1,-2': error[schema-range]: {COIL} = -2" in err and "Traceback" not in err
    assert not (tmp_path / "o" / "report.html").exists()
    assert main(["sweep", "--vary", f"{COIL}=1,3", "--target", "rounds=x"]) == 2
    assert main(["sweep", "--vary", f"{COIL}=1,3", "--metric", "win-rat"]) == 2
    assert "unknown metric 'win-rat'" in capsys.readouterr().err


def test_explain_shows_a_point(capsys):
    assert main(["explain", "content/tem-core", "weapons:lightning-coil", "--vary", f"{COIL}=1"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("cost.energy"))
    assert row.split()[1:3] == ["1", "sweep-point"]
    assert main(["explain", "content/tem-core", "weapons:lightning-coil", "--vary", f"{COIL}=1,2"]) == 2


def test_explain_without_a_point_names_none_in_its_hints(tmp_path, capsys):
    """Issue 20 item 11: `explain` on a pack with an error and no --vary prints the hint as found, with no
    dangling "; with the sweep point " appended."""
    pack = tmp_path / "typo"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: typo\nname: Typo\nversion: 0.1.0\ndepends: [{id: tem-core}]\n"
                                    "files: [weapons.yaml]\n", encoding="utf-8")
    (pack / "weapons.yaml").write_text("kind: weapons\npatch:\n  - {id: lightning-coil, cost: {enrgy: 1}}\n",
                                       encoding="utf-8")
    assert main(["explain", str(pack), "weapons:lightning-coil"]) == 1
    err = capsys.readouterr().err
    assert "error[unknown-key]" in err and "sweep point" not in err
