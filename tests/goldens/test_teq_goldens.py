"""Tiny Epic Quest plays exactly as frozen: the event lines of seeded games hash as in ``teq.json``.

Pins the engine's behaviour across speed work (see ``teq_goldens.py``).
"""

from __future__ import annotations

from teq_goldens import GAMES, compute, event_lines, frozen


def test_a_seeded_game_is_deterministic_and_not_trivial():
    first = event_lines(("random", "random"), 7)
    assert first == event_lines(("random", "random"), 7)
    assert sum('"e":"decision"' in line for line in first) > 50
    assert first[-1].startswith('{"e":"game-end"')


def test_the_goldens_cover_both_agents_in_both_seats_and_solo():
    assert {agents for agents, _ in GAMES.values()} >= {("heuristic", "random"), ("random", "heuristic"),
                                                        ("heuristic",), ("random",)}
    assert sum(len(seeds) for _, seeds in GAMES.values()) >= 50


def test_every_golden_is_unchanged():
    assert compute() == frozen()
