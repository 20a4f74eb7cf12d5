"""`rulecraft print`: every core card on card-size sheets with cut marks; the text-fit check."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulecraft.cli.main import main
from rulecraft.compiler.check import check_packs
from rulecraft.compiler.docgen.cards import cards
from rulecraft.compiler.docgen.pdf import COLUMNS, ROWS, write_sheets

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "content" / "tem-core"
LONG = Path(__file__).parent / "packs" / "long-text"


@pytest.fixture(scope="module")
def core():
    result = check_packs([CORE])
    assert result.ok
    return result.stack


def test_every_core_card_is_printed(core):
    printed = cards(core)
    bands = Counter(card.band.split(" - ")[0] for card in printed)
    weapons = core.of_kind("weapons")
    assert bands["Program card"] == len(core.of_kind("program-cards"))  # 8 + Ad Hoc per colour
    assert bands["Basic weapon"] + bands["Advanced weapon"] == sum(w.data["copies"] for w in weapons) == 32
    assert bands["Pilot"] == 2 * len(core.of_kind("pilots")) == 16  # both sides
    assert bands["Zone"] == len(core.of_kind("zones")) == 21
    assert bands["Mighty Mech"] == 2  # Troy 3000 and Sparta 3000
    assert bands["Player card"] == len(core.of_kind("colours")) and bands["Reference"] == 1


def test_printed_text_is_generated_and_designed_values_are_marked(core):
    coil = next(c for c in cards(core) if c.title == "Lightning Coil")
    assert coil.text.startswith("Before you attack: Pay up to 3 Energy.")
    stats = {s.label: s for s in coil.stats}
    assert stats["Damage"].value == "0" and not stats["Damage"].designed  # given by T3
    assert stats["Cost"].designed and coil.designed


def test_core_sheets_fit_and_paginate(core, tmp_path):
    out = tmp_path / "cards.pdf"
    sheet = write_sheets(cards(core), out, "letter")
    assert sheet.diagnostics == []
    assert sheet.pages == -(-sheet.cards // (COLUMNS * ROWS))
    assert out.read_bytes().startswith(b"%PDF")


def test_cli_writes_the_pdf(tmp_path, capsys):
    out = tmp_path / "core.pdf"
    assert main(["print", str(CORE), "--out", str(out), "--paper", "a4"]) == 0
    assert out.stat().st_size > 10_000
    assert "112 cards on 13 pages (a4)" in capsys.readouterr().err


def test_text_fit_check_flags_over_long_text_and_titles_at_their_entries(tmp_path, capsys):
    out = tmp_path / "long.pdf"
    assert main(["print", str(CORE), str(LONG), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("error[card-text-overflow]") == 2  # once per entry, not once per copy
    assert "long-text/weapons.yaml:4:11: error[card-text-overflow]: the text of card 'Riot Shield'" in err
    assert "long-text/weapons.yaml:12:11: error[card-text-overflow]: the title 'Grenade Launcher of" in err
    assert out.is_file()  # still written, so the designer can look


def test_usage_and_content_errors(tmp_path, capsys):
    broken = ROOT / "tests" / "content" / "invalid" / "schema-enum-typo" / "pack"
    assert main(["print", str(broken), "--out", str(tmp_path / "x.pdf")]) == 1
    assert "error[enum-value]" in capsys.readouterr().err
    assert main(["print", str(CORE), "--out", str(tmp_path / "no" / "x.pdf")]) == 2


def test_unknown_paper_is_a_usage_error(tmp_path):
    with pytest.raises(SystemExit) as exit_:
        main(["print", str(CORE), "--out", str(tmp_path / "x.pdf"), "--paper", "a3"])
    assert exit_.value.code == 2


def test_without_the_docs_extra_print_is_a_usage_error(tmp_path, monkeypatch, capsys):
    import sys

    for name in [m for m in sys.modules if m.startswith(("rulecraft.compiler.docgen.pdf", "fpdf"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "fpdf", None)  # as if fpdf2 were not installed
    assert main(["print", str(CORE), "--out", str(tmp_path / "x.pdf")]) == 2
    assert "pip install 'rulecraft[docs]'" in capsys.readouterr().err
