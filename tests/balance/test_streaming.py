"""Flat memory for long runs (issue 14): records folded as they come, in game order whatever order the
batches finish in, and the files of ``sim --out`` the same whether the records were kept or streamed."""

from __future__ import annotations

import random

from rulecraft.plugins.tem.balance.metrics import Totals, summarize
from rulecraft.plugins.tem.balance.report import SIM_REPORT
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, in_order, simulate
from rulecraft.runtime.balance.files import RecordSpool, write_json, write_json_records

CONFIG = Config(load_table, game="tem", agents=("random",))


def test_batches_are_folded_in_game_order_whatever_order_they_finish_in():
    chunks = [[{"index": i} for i in range(start, start + 3)] for start in range(0, 30, 3)]
    shuffled = list(chunks)
    random.Random(5).shuffle(shuffled)
    assert [r["index"] for chunk in in_order(shuffled) for r in chunk] == list(range(30))


def test_a_streamed_run_keeps_no_record_and_folds_the_same_report():
    kept = simulate(CONFIG, 24, seed=4, jobs=1)
    streamed: list[dict] = []
    run = simulate(CONFIG, 24, seed=4, jobs=2, on_record=streamed.append)
    assert run.records == [] and run.games == 24 and run.aborted == []
    assert streamed == kept.records            # in game order, from two processes
    totals = Totals({"rail-gun": "advanced"}, ("vega",))
    for record in streamed:
        totals.add(record)
    assert totals.report() == summarize(kept.records, {"rail-gun": "advanced"}, ("vega",))


def test_streamed_record_files_are_the_files_of_the_whole_list(tmp_path):
    records = simulate(CONFIG, 12, seed=9).records
    write_json(tmp_path / "kept.json", records)
    SIM_REPORT.write_records_csv(tmp_path / "kept.csv", records)
    spool = RecordSpool()
    for record in records:
        spool.add(record)
    assert len(spool) == 12 and list(spool) == list(spool)     # read as often as needed
    write_json_records(tmp_path / "streamed.json", spool)
    SIM_REPORT.write_records_csv(tmp_path / "streamed.csv", spool)
    spool.close()
    assert (tmp_path / "streamed.json").read_bytes() == (tmp_path / "kept.json").read_bytes()
    assert (tmp_path / "streamed.csv").read_bytes() == (tmp_path / "kept.csv").read_bytes()
    write_json_records(tmp_path / "none.json", RecordSpool())
    write_json(tmp_path / "nothing.json", [])
    assert (tmp_path / "none.json").read_bytes() == (tmp_path / "nothing.json").read_bytes()


def test_sim_out_writes_the_same_files_streamed_as_kept(tmp_path):
    """``sim --out`` streams its records (no --compare): records.json and records.csv are those of the
    whole list of the same games, and the report is the fold of them."""
    from rulecraft.cli.main import main

    assert main(["sim", "--games", "8", "--seed", "3", "--quiet", "--out", str(tmp_path / "out")]) == 0
    records = simulate(CONFIG, 8, seed=3).records
    write_json(tmp_path / "kept.json", records)
    SIM_REPORT.write_records_csv(tmp_path / "kept.csv", records)
    assert (tmp_path / "out" / "records.json").read_bytes() == (tmp_path / "kept.json").read_bytes()
    assert (tmp_path / "out" / "records.csv").read_bytes() == (tmp_path / "kept.csv").read_bytes()


def test_mecha_games_report_folds_running_totals_and_keeps_no_record():
    """Issue 28: Mecha Game's report kept every record (107 MB at 10,000 games); its totals now fold each
    record into counts (the skeleton's ``CoreTotals``, how games end, the cards' win rates) and hold none."""
    config = Config(load_table, game="mecha", agents=("random",))
    table = load_table(config)
    kept = simulate(config, 16, seed=3, jobs=1)
    totals = table.report.totals(table.ruleset)
    assert type(totals).__name__ == "MechaTotals"
    for record in kept.records:
        totals.add(record)
    held = [name for name, value in vars(totals).items()
            if isinstance(value, list) and any(isinstance(item, dict) for item in value)]
    assert not held, f"the totals keep records in {held}"
    assert totals.report()["games"] == 16
    assert sum(e["wins"] for e in totals.report()["ends"].values()) <= 16
