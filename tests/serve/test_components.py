"""The shared web components escape every text they are handed, so a board built from them carries no
markup out of a game's state (a card named ``<script>`` shows as those letters), and each clickable part
names its ``data-target``; the generic board draws any view as facts."""

from __future__ import annotations

import pytest

from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.web import components as c
from rulecraft.runtime.web.generic import GenericBoard

HOSTILE = '<script>alert("x")</script>&"\''


def test_every_builder_escapes_its_texts():
    drawn = [c.card(HOSTILE, HOSTILE, target="t1", footer=HOSTILE), c.track(HOSTILE, 3, 10, note=HOSTILE),
             c.hand([c.card(HOSTILE)], label=HOSTILE, hidden=2), c.die(HOSTILE),
             c.piece(HOSTILE, title=HOSTILE),
             c.grid(c.cell_names(2, 2), {"a1": HOSTILE}, caption=HOSTILE), c.facts({HOSTILE: [HOSTILE]}),
             c.log_panel([HOSTILE]), c.decision_panel(HOSTILE, [HOSTILE], [None], rules=HOSTILE,
                                                      undo_refusal=HOSTILE, warnings=[HOSTILE])]
    for html in drawn:
        assert "<script>" not in html and "&lt;script&gt;" in html


def test_control_characters_are_dropped_as_xml_forbids_them():
    assert c.esc("bell\x07 and\x00 nul\x7f") == "bell and nul"
    assert c.esc("tab\tline\n") == "tab\tline\n"


def test_markup_passes_through_and_names_are_checked():
    assert c.tag("p", c.tag("b", "x")) == "<p><b>x</b></p>"
    assert c.tag("p", "<b>") == "<p>&lt;b&gt;</p>"
    for name in ["p onclick", "p>", ""]:
        with pytest.raises(ValueError):
            c.tag(name)
    with pytest.raises(ValueError):
        c.tag("p", **{"on click": "x"})


def test_a_grid_names_its_cells_as_targets():
    assert c.cell_names(3, 2) == [["a2", "b2", "c2"], ["a1", "b1", "c1"]]
    drawn = c.grid(c.cell_names(3, 2), {"b1": c.piece("M", owner=1)})
    assert drawn.count("data-target=") == 6 and 'data-target="b1"' in drawn and "seat-1" in drawn


def test_the_generic_board_draws_any_view_and_targets_nothing():
    board = GenericBoard(None, ["red", "blue"])
    drawn = board.board({"hand": [HOSTILE], "score": 3}, 1)
    assert "You are blue" in drawn and "&lt;script&gt;" in drawn
    assert board.targets(Decision("pick", 1, ("a", "b")), {}) == [None, None]


def test_a_warned_option_shows_its_warning_under_it():
    panel = c.decision_panel("Buy?", ["nothing", "a hammer"], [None, "row-hammer"],
                             warnings=[None, "you cannot equip it"])
    assert panel.count('class="option warned"') == 1 and panel.count('class="option"') == 1
    assert '<span class="warning">⚠ you cannot equip it</span>' in panel
