"""Issue 26: the hover over a card's entry shows its last measured rates, read from the report a
``rulecraft sim --out`` (``report.json``) or ``sim --compare --out`` (``compare.json``) wrote in the build
folder of the pack or of the folder holding it: the newest of them that ran the pack. The reports here are
real ones (``sim tests/lsp/packs/my-mecha --games 30 --seed 1 --out`` and ``sim --compare mecha-core
tests/lsp/packs/my-mecha`` likewise; Tiny Epic Mechs' ``sim --game tem --games 20 --seed 1 --out``). A
report is only read: one that is not what ``sim`` writes is skipped with a log line, never an error."""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path

import pytest

from rulecraft.plugins.lsp.measured import measured

REPORTS = Path(__file__).parent / "reports"
PACK = Path(__file__).parent / "packs" / "my-mecha"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A workspace holding the pack, the comparison in its own build folder (as the modding guide writes
    it), the pack's run in the pack's build folder, the run older; returns the pack's folder."""
    pack = tmp_path / "my-mecha"
    shutil.copytree(PACK, pack)
    for folder, name, age in ((tmp_path / "build" / "compare", "compare.json", 0),
                              (pack / "build" / "run", "report.json", 600)):
        folder.mkdir(parents=True)
        shutil.copy(REPORTS / name, folder / name)
        os.utime(folder / name, (1_800_000_000 - age, 1_800_000_000 - age))
    return pack


def row(name: str, subject: str, measure: str) -> dict:
    rows = json.loads((REPORTS / name).read_text(encoding="utf-8"))["rows"]
    return next(r for r in rows if r["subject"] == subject and r["measure"] == measure)


def test_the_newest_report_gives_each_rate_in_b_and_a_and_the_change_with_its_interval(workspace):
    shown = measured(workspace, "my-mecha", "lancer")
    r = row("compare.json", "lancer", "win rate when played")
    assert shown is not None
    assert shown.startswith("Last measured (the comparison build/compare/compare.json, ")
    assert (f"- win rate when played: {r['b'] * 100:.1f}% in B, {r['a'] * 100:.1f}% in A: "
            f"{r['value'] * 100:+.1f} pts vs A (95% CI {r['low'] * 100:+.1f} to {r['high'] * 100:+.1f})"
            in shown.splitlines())
    assert any(line.startswith("- played when drawn: ") for line in shown.splitlines())
    new = measured(workspace, "my-mecha", "quick-strike")           # a card only B has
    assert new is not None and "win rate when played: 45.5% in B (new in B)" in new


def test_a_newer_run_report_gives_the_rate_with_its_interval(workspace):
    report = workspace / "build" / "run" / "report.json"
    os.utime(report, (1_900_000_000, 1_900_000_000))
    data = json.loads(report.read_text(encoding="utf-8"))
    card = next(r for r in data["card_win"] if r["card"] == "quick-strike")
    shown = measured(workspace, "my-mecha", "quick-strike")
    assert shown is not None and shown.startswith("Last measured (the run my-mecha/build/run/report.json, ")
    assert shown.splitlines()[-1] == (f"- card win: {card['value'] * 100:.1f}% "
                                      f"(95% CI {card['low'] * 100:.1f} to {card['high'] * 100:.1f}%, "
                                      f"n {card['n']})")


ODD = {"b": "my-mecha", "rows": [5, {"subject": "lancer", "group": [1], "a": "x", "value": [], "n": {}}]}


@pytest.mark.parametrize("data", [b"{not json", b"[1, 2]", b"[" * 100_000 + b"]" * 100_000, b"\xff\xfe"])
def test_a_newer_report_that_is_no_report_is_skipped_with_a_log_line(workspace, data, caplog):
    broken = workspace / "build" / "compare.json"
    broken.write_bytes(data)
    os.utime(broken, (1_900_000_000, 1_900_000_000))
    with caplog.at_level(logging.INFO, logger="rulecraft.lsp.measured"):
        shown = measured(workspace, "my-mecha", "lancer")
    assert shown is not None and "build/compare/compare.json" in shown      # the older, good one
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [f"ignored the report {broken}"]


def test_a_report_that_did_not_run_the_pack_is_not_shown(workspace):
    other = json.loads((REPORTS / "compare.json").read_text(encoding="utf-8")) | {"b": "another-pack"}
    newer = workspace.parent / "build" / "compare" / "compare.json"
    newer.write_text(json.dumps(other), encoding="utf-8")
    assert measured(workspace, "my-mecha", "quick-strike").startswith("Last measured (the run ")
    shutil.rmtree(workspace / "build")
    assert measured(workspace, "my-mecha", "quick-strike") is None


def test_a_report_of_odd_shape_shows_what_it_holds_and_never_fails(workspace):
    """JSON of the right kind with rows of any shape: the row naming the card is shown as far as it can be."""
    odd = workspace / "build" / "compare.json"
    odd.write_text(json.dumps(ODD), encoding="utf-8")
    os.utime(odd, (1_900_000_000, 1_900_000_000))
    shown = measured(workspace, "my-mecha", "lancer")
    assert shown is not None and shown.splitlines()[-1] == "- ?: not measured"


def test_tiny_epic_mechs_run_report_gives_a_weapons_rates(tmp_path):
    """Any game's report: Tiny Epic Mechs' `sim --game tem --games 20 --seed 1 --out` holds a weapon's
    rates inside its row (how often it was bought, the win rate of its owners), each shown by its name."""
    pack = tmp_path / "tem-core"
    (pack / "build" / "run").mkdir(parents=True)
    shutil.copy(REPORTS / "tem-core-report.json", pack / "build" / "run" / "report.json")
    data = json.loads((REPORTS / "tem-core-report.json").read_text(encoding="utf-8"))
    sword = next(r for r in data["weapons"] if r["weapon"] == "energy-sword")
    shown = measured(pack, "tem-core", "energy-sword")
    assert shown is not None
    lines = [line for line in shown.splitlines() if line.startswith("- ")]
    rates = (("purchase rate", sword["purchase_rate"]), ("win when owned", sword["win_when_owned"]))
    assert lines == [f"- {label}: {e['value'] * 100:.1f}% (95% CI {e['low'] * 100:.1f} to "
                     f"{e['high'] * 100:.1f}%, n {e['n']})" for label, e in rates]
