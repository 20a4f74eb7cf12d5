"""Issue 24: a whole game of Tiny Epic Mechs in the browser, two people each in a browser of their own and two
agent seats (Playwright driving the system chromium against a real ``rulecraft serve``): the people answer
on the board (a cell for a Base, a pilot, a Mine, a weapon, a program card), from the list and by keyboard,
a program's four picks in order then Answer (T4: each card once); mid-game one takes an answer back, one
reloads the page and the server is restarted, and the game still ends with its standings shown.

The people pick at random (seeded): the game's course is the engine's, six rounds (T5); this seed takes
about fifty of their answers (few weapons bought, so few equip windows: T12).
"""

from __future__ import annotations

import random

from browser_kit import (
    answer,
    click_board,
    click_list,
    drawn,
    open_table,
    options,
    seat_page,
    settle,
    standings,
    type_number,
    undo_enabled,
    view,
)
from serve_kit import ROOT, Server

PACK = str(ROOT / "content" / "tem-core")
SEED = "7"
FORM = {"players": "4", "seat0": "human", "seat1": "human", "seat2": "heuristic", "seat3": "random",
        "seed": SEED}
MOST_ANSWERS = 250


def program(page, picks: int, rng: random.Random, turn: int, ways: dict[str, int]) -> None:
    """A program (T4): ``picks`` options of distinct cards, each picked on the board (its card, then the
    direction in the list), by keyboard or from the list, in turn; then Answer."""
    shown = options(page)
    cards = sorted({target for _, target in shown if target})
    chosen = [rng.choice([i for i, (_, target) in enumerate(shown) if target == card])
              for card in rng.sample(cards, picks)]
    for step, index in enumerate(chosen):
        way = ("board", "keyboard", "list")[(turn + step) % 3]
        ways[way] = ways.get(way, 0) + 1
        target = shown[index][1]
        if way == "board" and target is not None:
            click_board(page, index, target)
        elif way == "keyboard":
            type_number(page, index)
        else:
            click_list(page, index)
    page.click("#panel button.send")


def test_a_whole_game_two_people_two_agents_undo_reload_restart(tmp_path, browser):
    server = Server(tmp_path / "tables", [PACK])
    server.start()
    errors: list[str] = []
    try:
        links = open_table(server, FORM)
        assert sorted(links["seats"]) == [0, 1]           # the agents' seats have no link
        pages = [seat_page(browser, links["seats"][seat], errors) for seat in (0, 1)]
        rng = random.Random(SEED)
        ways: dict[str, int] = {}
        programs = 0
        undone = reloaded = restarted = False
        for turn in range(MOST_ANSWERS):
            asked = [seat for seat in (0, 1) if view(pages[seat]) == "asked"]
            if not asked:
                break
            page = pages[asked[0]]
            labels = [label for label, _ in options(page)]
            picks = int(page.get_attribute("#panel section.decision", "data-pick") or "1")
            if picks > 1:
                settle(pages, program, page, picks, rng, turn, ways)
                programs += 1
            else:
                index = rng.randrange(len(labels))
                settle(pages, answer, page, index, turn, ways)
                if not undone and undo_enabled(page):
                    settle(pages, page.click, "#panel button.undo")      # the answer taken back...
                    assert [label for label, _ in options(page)] == labels  # ...the same decision again
                    settle(pages, answer, page, index, turn + 1, ways)
                    undone = True
            if turn == 15:
                page.reload()
                drawn(page)
                reloaded = True
            if turn == 30:
                settle(pages, server.restart)           # both pages reconnect to the new server
                restarted = True
        assert undone and reloaded and restarted
        assert [view(page) for page in pages] == ["end", "end"]
        assert programs == 2 * 6                        # each person programs once a round (T4, T5)
        for page in pages:
            shown = standings(page)
            assert all(colour in shown.lower() for colour in ("red", "blue", "green", "yellow"))
        assert min(ways.get(way, 0) for way in ("board", "keyboard", "list")) >= 10, ways
        assert not errors, errors                # no script error on any page
    finally:
        server.stop()
