"""M1 board and seats, M8 movement, M10 range: the board's geometry through the engine's options."""

from __future__ import annotations

from rulecraft.plugins.mecha import api
from rulecraft.plugins.mecha.board import Grid


def test_m1_cells_are_named_column_then_row_with_entry_zones_rows_1_and_5():
    grid = Grid()
    assert (grid.cols, grid.rows) == (7, 5)
    assert grid.names[0] == "a1" and grid.names[-1] == "g5" and len(grid.names) == 35
    assert [grid.name(c) for c in grid.entry[0]] == [f"{x}1" for x in "abcdefg"]
    assert [grid.name(c) for c in grid.entry[1]] == [f"{x}5" for x in "abcdefg"]
    # forward is toward the other player's entry zone
    assert grid.forward_distance(grid.cell("c1"), 0) == 4 and grid.forward_distance(grid.cell("c1"), 1) == 0


def _moves(game, cell):
    return sorted(o[2] for o in game.main_options(0) if o[0] == "move" and o[1] == cell)


def _attacks(game, cell):
    return sorted(o[2] for o in game.main_options(0) if o[0] == "attack" and o[1] == cell)


def test_m8_one_orthogonal_step_onto_an_empty_cell(rs):
    game = api.table(rs)
    api.place(game, "grunt", "c3", 0)
    api.place(game, "radio-tower", "c4", 1)
    assert _moves(game, "c3") == ["b3", "c2", "d3"]


def test_m8_speed_moves_one_step_at_a_time_never_through_a_unit_friendly_or_enemy(rs):
    game = api.table(rs)
    api.place(game, "runner", "a3", 0)        # Speed 2
    api.place(game, "grunt", "b3", 0)         # friendly: blocks too
    api.place(game, "grunt", "a4", 1)
    assert _moves(game, "a3") == ["a1", "a2", "b2"]
    # it may turn between steps: b2 is reached a3 -> a2 -> b2
    events = api.run(game, lambda: game.act(0, ("move", "a3", "b2")))
    assert events[-1]["path"] == ["a3", "a2", "b2"]


def test_m8_a_mecha_moves_once_per_turn_in_one_unbroken_path(rs):
    game = api.table(rs)
    api.place(game, "runner", "a3", 0)
    api.run(game, lambda: game.act(0, ("move", "a3", "a2")))
    assert _moves(game, "a2") == []


def test_m8_flight_does_not_change_movement(rs):
    game = api.table(rs)
    api.place(game, "flyer", "c3", 0)
    api.place(game, "grunt", "c4", 1)
    assert _moves(game, "c3") == ["b3", "c2", "d3"]


def test_m10_without_range_a_mecha_reaches_the_four_adjacent_cells(rs):
    game = api.table(rs)
    api.place(game, "grunt", "c3", 0)
    for cell in ("c4", "d3", "d4", "c5"):
        api.place(game, "grunt", cell, 1)
    assert _attacks(game, "c3") == ["c4", "d3"]


def test_m10_range_fires_over_friendly_units_but_counts_their_cell(rs):
    game = api.table(rs)
    api.place(game, "gunner", "c1", 0)     # Range 2
    api.place(game, "grunt", "c2", 0)      # friendly in between
    api.place(game, "grunt", "c3", 1)
    api.place(game, "grunt", "c4", 1)      # three steps away: out of range
    assert _attacks(game, "c1") == ["c3"]


def test_m10_an_enemy_unit_blocks_the_line_behind_it(rs):
    game = api.table(rs)
    api.place(game, "gunner", "c1", 0)
    api.place(game, "grunt", "c2", 1)
    api.place(game, "grunt", "c3", 1)
    assert _attacks(game, "c1") == ["c2"]


def test_m10_diagonal_needs_range_2_and_one_open_cell_between(rs):
    # the ruling's example: c3 with Range 2 reaches d4 unless both c4 and d3 hold enemy units
    game = api.table(rs)
    api.place(game, "gunner", "c3", 0)
    api.place(game, "grunt", "d4", 1)
    api.place(game, "grunt", "c4", 1)
    assert "d4" in _attacks(game, "c3")
    api.place(game, "grunt", "d3", 1)
    assert "d4" not in _attacks(game, "c3")
    plain = api.table(rs)
    api.place(plain, "grunt", "c3", 0)
    api.place(plain, "grunt", "d4", 1)
    assert _attacks(plain, "c3") == []


def test_m10_a_friendly_unit_on_the_diagonal_path_does_not_block(rs):
    game = api.table(rs)
    api.place(game, "gunner", "c3", 0)
    api.place(game, "grunt", "d4", 1)
    api.place(game, "grunt", "c4", 1)
    api.place(game, "grunt", "d3", 0)
    assert "d4" in _attacks(game, "c3")


def test_m8_m10_the_cells_within_a_distance_are_those_that_many_orthogonal_steps_away_or_fewer():
    # what a move of that Speed or a shot of that Range may depend on (the board remembers answers by them)
    for cols, rows in ((7, 5), (3, 4), (1, 2), (5, 9)):
        grid = Grid(cols, rows)
        for distance in range(cols + rows + 1):
            for start, mask in enumerate(grid.areas(distance)):
                row, col = divmod(start, cols)
                assert mask == sum(1 << cell for cell in range(cols * rows)
                                   if abs(cell // cols - row) + abs(cell % cols - col) <= distance)
    assert Grid().areas(1)[Grid().cell("a1")] == 1 | 1 << 1 | 1 << 7     # a1, b1, a2
