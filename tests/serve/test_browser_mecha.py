"""Issue 24: a whole Mecha Game in the browser, two people each in a browser of their own (Playwright driving
the system chromium against a real ``rulecraft serve``), answering on the board (a cell to enter a card on,
a unit to move or attack with), from the list and by keyboard; mid-game one takes a move back, one reloads
the page and the server is restarted, and the game still ends with its standings shown.

Seat a plays to win by direct attacks (M19, M20: the fifth damage card loses): it plays its cards, moves
its mechas forward and attacks, the opponent directly when it can; seat b plays its cards and passes. With
this seed that ends on turn 11 in about 55 answers.
"""

from __future__ import annotations

import re

from browser_kit import (
    answer,
    drawn,
    open_table,
    options,
    seat_page,
    settle,
    standings,
    undo_enabled,
    view,
)
from serve_kit import ROOT, Server

PACK = str(ROOT / "content" / "mecha-core")
SEED = "9"
MOVE = re.compile(r"move [a-g](\d+) to [a-g](\d+)")
MOST_ANSWERS = 150


def choose(seat: int, labels: list[str]) -> int:
    """The option a seat's person picks, by its words: seat a attacks (the opponent directly first), plays
    a card, moves a mecha as far forward as it can, else passes; seat b plays its cards and passes."""
    passing = next((i for i, label in enumerate(labels) if label == "pass"), 0)
    plays = [i for i, label in enumerate(labels) if label.startswith("play ") and "command" not in label]
    if seat == 1:
        return plays[0] if plays else passing
    for words in ("attacks the opponent directly", "attacks"):
        attacks = [i for i, label in enumerate(labels) if words in label]
        if attacks:
            return attacks[0]
    if plays:
        return plays[0]
    forward = [(int(m.group(2)) - int(m.group(1)), i) for i, label in enumerate(labels)
               if (m := MOVE.match(label)) and int(m.group(2)) > int(m.group(1))]
    return max(forward)[1] if forward else passing


def test_a_whole_game_two_people_two_browsers_undo_reload_restart(tmp_path, browser):
    server = Server(tmp_path / "tables", [PACK])
    server.start()
    errors: list[str] = []
    try:
        links = open_table(server, {"players": "2", "seat0": "human", "seat1": "human", "seed": SEED})
        pages = [seat_page(browser, links["seats"][seat], errors) for seat in (0, 1)]
        ways: dict[str, int] = {}
        undone = reloaded = restarted = False
        for turn in range(MOST_ANSWERS):
            asked = [seat for seat in (0, 1) if view(pages[seat]) == "asked"]
            if not asked:
                break
            seat, page = asked[0], pages[asked[0]]
            labels = [label for label, _ in options(page)]
            index = choose(seat, labels)
            settle(pages, answer, page, index, turn, ways)
            if not undone and labels[index].startswith("move") and undo_enabled(page):
                settle(pages, page.keyboard.press, "u")         # the move taken back...
                assert [label for label, _ in options(page)] == labels  # ...the same decision asked again
                settle(pages, answer, page, index, turn + 1, ways)
                undone = True
            if turn == 12:
                page.reload()
                drawn(page)
                reloaded = True
            if turn == 25:
                settle(pages, server.restart)           # both pages reconnect to the new server
                restarted = True
        assert undone and reloaded and restarted
        assert [view(page) for page in pages] == ["end", "end"]
        for page in pages:
            shown = standings(page)
            assert "a" in shown and "b" in shown
        assert "You win" in pages[0].inner_text("#end")         # seat a's fifth direct hit (M20)
        assert min(ways.get(way, 0) for way in ("board", "keyboard", "list")) >= 5, ways
        assert not errors, errors                # no script error on any page
    finally:
        server.stop()
