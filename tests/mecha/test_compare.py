"""`rulecraft sim --game mecha --compare A B` (issue 20, item 7): a row per card of either stack, B - A of
the win rate of the seats that played it and of how often a seat that drew it played it, paired by seed;
a card only B has is `new in B`; each seat's deck is named; the content diff opens the comparison."""

from __future__ import annotations

import json
from pathlib import Path

from rulecraft.cli.main import main
from rulecraft.plugins.mecha.comparison import compare, deck_line
from rulecraft.plugins.mecha.metrics import SIM_REPORT
from rulecraft.plugins.wiring import load_table
from rulecraft.runtime.balance.batch import Config, simulate

GAMES = 30


def _variant(tmp_path: Path) -> Path:
    """A pack over mecha-core whose Fusion Reactor comes into play with 1 time counter, not 3."""
    folder = tmp_path / "quick-reactor"
    assert main(["new", "pack", str(folder), "--depends", "mecha-core"]) == 0
    towers = folder / "towers.yaml"
    towers.write_text(towers.read_text("utf-8") + "patch:\n  - id: fusion-reactor\n    time: 1\n", "utf-8")
    return folder


def test_every_card_has_its_rows_and_each_seat_its_deck(tmp_path):
    a_config = Config(load_table, game="mecha")
    b_config = Config(load_table, packs=(str(_variant(tmp_path)),))
    a, b = simulate(a_config, GAMES, seed=3), simulate(b_config, GAMES, seed=3)
    tables = (load_table(a_config), load_table(b_config))
    comparison = compare(a.records, b.records, SIM_REPORT.numbers, (tables[0].ruleset, tables[1].ruleset))
    assert comparison["paired"] and comparison["games"] == GAMES
    cards = {(r["subject"], r["measure"]): r for r in comparison["rows"] if r["group"] == "card"}
    assert {card for card, _ in cards} == set(tables[0].ruleset.cards)
    assert {measure for _, measure in cards} == {"win rate when played", "played when drawn"}
    radio = cards["radio-tower", "win rate when played"]        # both starter decks play it every game
    assert radio["a_n"] == radio["b_n"] == 2 * GAMES and radio["method"] == "paired t"
    drawn = cards["fusion-reactor", "played when drawn"]
    assert 0 < drawn["a"] <= 1 and drawn["a_n"] > 0 and drawn["value"] is not None
    for record in a.records:
        for seat in record["seats"]:
            assert set(seat["played"]) <= set(tables[0].ruleset.cards) and seat["drawn"]
            assert seat["deck"] == tables[0].ruleset.seat_decks[seat["seat"]]
    assert deck_line(comparison) == ("Decks: seat 0 (a) plays Skyline Assault (skyline-assault) in A and B; "
                                     "seat 1 (b) plays Iron Bastion (iron-bastion) in A and B.")


def test_a_card_only_b_has_is_new_in_b_and_the_terminal_shows_the_cards(tmp_path, capsys):
    folder = _variant(tmp_path)
    mechas = folder / "mechas.yaml"
    mechas.write_text(mechas.read_text("utf-8") + (
        "entries:\n  - id: spare-drone\n    name: Spare Drone\n    cost: 1\n"
        "    power: 1\n    durability: 1\n    designed: true\n"), "utf-8")
    capsys.readouterr()
    out = tmp_path / "out"
    command = ["sim", "--game", "mecha", "--compare", "mecha-core", str(folder), "--games", "8", "--quiet",
               "--out", str(out)]
    assert main(command) == 0, capsys.readouterr().err
    text = capsys.readouterr().out
    assert "Cards: B - A" in text and "Decks: seat 0 (a) plays Skyline Assault" in text
    comparison = json.loads((out / "compare.json").read_text("utf-8"))
    spare = [r for r in comparison["rows"] if r["subject"] == "spare-drone"]
    assert {r["status"] for r in spare} == {"new in B"} and len(spare) == 2
    changes = {(c["id"], c["field"], c["change"]) for c in comparison["content"]["changes"]}
    assert changes == {("fusion-reactor", "time", "changed"), ("spare-drone", "(entity)", "new entity")}
    assert "Cards: B - A" in (out / "report.html").read_text("utf-8")
