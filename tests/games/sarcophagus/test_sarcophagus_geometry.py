"""The pyramid's positions, adjacency, free sides and the top-left tile
(shared/spec/sarcophagus.md, The pyramid; rulings 9, 10)."""

import random

import pytest
from sarcophagus_reference import CELLS, adjacent, sides_free

from thebes.games.sarcophagus.geometry import (ALL_POSITIONS, NEIGHBOURS, POSITION_INDEX,
                                               POSITION_NAMES, SARCOPHAGUS_POSITIONS, SIDES,
                                               claimable, free_sides, positions_of, top_left)


def names(mask):
    return {POSITION_NAMES[p] for p in positions_of(mask)}


def mask_of(*names_):
    return sum(1 << POSITION_INDEX[n] for n in names_)


def test_positions_are_written_row_letter_and_index_in_reading_order():
    assert POSITION_NAMES[:7] == ("a1", "b1", "b2", "c1", "c2", "c3", "d1")
    assert POSITION_NAMES[-1] == "f6" and len(POSITION_NAMES) == 21


def test_c2_touches_b1_b2_above_c1_c3_beside_d2_d3_below():
    assert names(NEIGHBOURS[POSITION_INDEX["c2"]]) == {"b1", "b2", "c1", "c3", "d2", "d3"}


def test_a1_touches_only_b1_and_b2():
    assert names(NEIGHBOURS[POSITION_INDEX["a1"]]) == {"b1", "b2"}


def test_f1_touches_e1_and_f2():
    assert names(NEIGHBOURS[POSITION_INDEX["f1"]]) == {"e1", "f2"}


def test_the_sarcophagus_lies_under_e3_f3_and_f4():
    assert [POSITION_NAMES[p] for p in SARCOPHAGUS_POSITIONS] == ["e3", "f3", "f4"]


def test_a1_has_top_left_and_right_sides_free_from_the_start():
    assert free_sides(SIDES[True][0], ALL_POSITIONS) == 3
    assert claimable(SIDES[True][0], ALL_POSITIONS)


def test_a_half_covered_side_is_not_free_b1_waits_for_a1_to_leave():
    """Ruling 9: a1 covers half of b1's top side."""
    b1 = POSITION_INDEX["b1"]
    assert free_sides(SIDES[True][b1], ALL_POSITIONS) == 1
    assert not claimable(SIDES[True][b1], ALL_POSITIONS)
    without_a1 = ALL_POSITIONS & ~mask_of("a1")
    assert claimable(SIDES[True][b1], without_a1)


def test_the_base_is_free_so_f1_and_f6_are_claimable_from_the_start():
    """Ruling 10 (option base_free, default true)."""
    for pos in ("f1", "f6"):
        assert claimable(SIDES[True][POSITION_INDEX[pos]], ALL_POSITIONS)
    assert not claimable(SIDES[True][POSITION_INDEX["f2"]], ALL_POSITIONS)


def test_with_base_free_false_the_bottom_of_row_f_is_never_free():
    f1 = POSITION_INDEX["f1"]
    assert not claimable(SIDES[False][f1], ALL_POSITIONS)
    assert free_sides(SIDES[False][f1], mask_of("f1", "f2", "e1")) == 1  # left only
    assert claimable(SIDES[True][f1], mask_of("f1", "f2", "e1"))  # left and base
    assert free_sides(SIDES[False][f1], mask_of("f1")) == 3  # top, left, right


def test_the_top_left_tile_is_the_leftmost_in_the_highest_row_still_holding_a_tile():
    assert POSITION_NAMES[top_left(ALL_POSITIONS)] == "a1"
    assert POSITION_NAMES[top_left(mask_of("c2", "c3", "d1"))] == "c2"
    assert top_left(0) == -1


def test_the_top_left_tile_is_always_claimable():
    rng = random.Random(3)
    for _ in range(2000):
        present = rng.getrandbits(21) or 1
        for flag in (True, False):
            assert claimable(SIDES[flag][top_left(present)], present)


@pytest.mark.parametrize("base_free", [True, False])
def test_free_sides_match_the_unit_squares_of_the_spec_over_random_pyramids(base_free):
    """The engine's side masks against a reading made of overlapping unit squares."""
    rng = random.Random(11)
    for _ in range(400):
        present = rng.getrandbits(21)
        cells = [c for p, c in enumerate(CELLS) if present >> p & 1]
        for p, cell in enumerate(CELLS):
            assert free_sides(SIDES[base_free][p], present) == sum(
                sides_free(cell, cells, base_free)), (POSITION_NAMES[p], bin(present))


def test_adjacency_matches_the_unit_squares_of_the_spec():
    for p, a in enumerate(CELLS):
        expected = {POSITION_NAMES[q] for q, b in enumerate(CELLS) if b != a and adjacent(a, b)}
        assert names(NEIGHBOURS[p]) == expected
