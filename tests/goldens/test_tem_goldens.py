"""Tiny Epic Mechs is unchanged by moving it into its game plugin (issue 12): every golden hash matches.

The goldens (``tem.json``) were frozen before the move; see ``tem_goldens.py`` for what each one covers and
how to regenerate them after a change that is meant to alter the game.
"""

from __future__ import annotations

from tem_goldens import GAMES, compute, differences, frozen


def test_the_goldens_cover_about_120_games_of_every_seat_kind():
    games = sum(int(argv[argv.index("--games") + 1]) for argv in GAMES.values())
    assert games >= 120
    agents = {a for argv in GAMES.values() if "--agents" in argv
              for a in argv[argv.index("--agents") + 1].split(",")}
    assert agents == {"heuristic", "robot", "random"}


def test_every_golden_is_unchanged():
    want = frozen()
    assert {name.split("/")[0] for name in want} == {"games", "handlers", "check", "reference"}
    assert differences(want, compute()) == []
