"""God tiles and disasters (shared/spec/ra.md, Turn, Disasters; rulings 2, 3, 8, 11)."""

from __future__ import annotations

import pytest

from conftest import give, legal, play
from thebes.core import InvalidEventError
from thebes.games.ra.tiles import FLOOD, GOD, NILE, PHARAOH


def _track(state, *kinds):
    from thebes.games.ra.tiles import KIND_INDEX
    state.track = [KIND_INDEX[k] for k in kinds] + [-1] * (8 - len(kinds))
    state.track_count = len(kinds)


def test_god_cannot_take_a_god(ra3):
    give(ra3, 0, god=1)
    _track(ra3, "god", "gold")
    assert legal(ra3) == {"draw", "ra", "god gold"}


def test_god_moves_need_a_god_tile_in_the_display(ra3):
    _track(ra3, "gold")
    assert legal(ra3) == {"draw", "ra"}


def test_a_god_takes_the_lowest_numbered_tile_of_its_kind_and_the_gap_is_filled_by_a_later_draw(ra3):
    give(ra3, 0, god=2)
    _track(ra3, "pharaoh", "gold", "pharaoh")
    ra3.apply("god pharaoh")
    assert ra3.track[:3] == [-1, 2, 3]
    assert ra3.display[0][PHARAOH] == 1 and ra3.display[0][GOD] == 1
    assert ra3.box[GOD] == 1
    ra3.apply("end")
    ra3.apply("draw")
    ra3.apply("nile")
    assert ra3.track[0] == NILE


def test_after_a_god_the_player_may_play_another_god_or_end(ra3):
    give(ra3, 0, god=2)
    _track(ra3, "pharaoh", "gold")
    ra3.apply("god pharaoh")
    assert legal(ra3) == {"end", "god gold"}
    ra3.apply("god gold")
    assert legal(ra3) == {"end"}  # ruling 3: end is recorded even when alone
    ra3.apply("end")
    assert ra3.current_player() == 1


def test_end_is_only_legal_right_after_a_god_move(ra3):
    assert "end" not in legal(ra3)


def test_a_god_may_take_a_disaster_which_strikes_its_taker(ra3):
    give(ra3, 0, god=1, pharaoh=3)
    _track(ra3, "funeral")
    ra3.apply("god funeral")
    assert legal(ra3) == {"discard pharaoh pharaoh"}
    ra3.apply("discard pharaoh pharaoh")
    assert ra3.display[0][PHARAOH] == 1
    assert legal(ra3) == {"end"}  # ruling 3: end follows the god's discard


def _win_track(state, *kinds):
    """Seat 1 invokes Ra on a track holding ``kinds`` and wins it with sun 13."""
    _track(state, *kinds)
    state.apply("ra")
    state.apply("pass")
    state.apply("pass")
    state.apply("bid 13")


def test_drought_discards_floods_before_nile(ra3):
    give(ra3, 0, flood=1, nile=3)
    _win_track(ra3, "drought")
    assert legal(ra3) == {"discard flood nile"}
    ra3.apply("discard flood nile")
    assert ra3.display[0][FLOOD] == 0 and ra3.display[0][NILE] == 2


def test_drought_with_two_floods_keeps_every_nile(ra3):
    give(ra3, 0, flood=2, nile=3)
    _win_track(ra3, "drought")
    assert legal(ra3) == {"discard flood flood"}


def test_funeral_with_a_single_pharaoh_discards_only_it(ra3):
    give(ra3, 0, pharaoh=1)
    _win_track(ra3, "funeral")
    assert legal(ra3) == {"discard pharaoh"}


def test_a_disaster_with_nothing_of_its_category_to_lose_is_no_event(ra3):
    give(ra3, 0, nile=2)
    _win_track(ra3, "funeral", "gold")
    assert ra3.current_player() == 1 and ra3.phase == 1  # next turn, no discard asked
    assert ra3.box[19] == 1  # the funeral went to the box


def test_unrest_offers_every_distinct_choice_of_two_civilization_tiles(ra3):
    give(ra3, 0, astronomy=2, art=1, writing=1)
    _win_track(ra3, "unrest")
    assert legal(ra3) == {"discard astronomy astronomy", "discard astronomy writing",
                          "discard astronomy art", "discard writing art"}


def test_earthquake_takes_two_monuments_of_any_kinds(ra3):
    give(ra3, 0, obelisk=1, sphinx=1)
    _win_track(ra3, "earthquake")
    assert legal(ra3) == {"discard obelisk sphinx"}


def test_discard_kinds_are_written_in_the_components_table_order(ra3):
    give(ra3, 0, obelisk=1, sphinx=1)
    _win_track(ra3, "earthquake")
    with pytest.raises(InvalidEventError):
        ra3.apply("discard sphinx obelisk")
    ra3.apply("discard obelisk sphinx")


def test_a_drought_discard_is_written_floods_first_as_the_spec_example_shows(ra3):
    give(ra3, 0, flood=1, nile=1)
    _win_track(ra3, "drought")
    with pytest.raises(InvalidEventError):
        ra3.apply("discard nile flood")
    ra3.apply("discard flood nile")


def test_tiles_taken_with_a_disaster_join_the_display_before_it_strikes(ra3):
    _win_track(ra3, "funeral", "pharaoh")
    assert legal(ra3) == {"discard pharaoh"}


def test_disasters_resolve_in_the_order_the_tiles_stood_on_the_track(ra3):
    give(ra3, 0, pharaoh=2, art=2)
    _win_track(ra3, "unrest", "funeral")
    assert legal(ra3) == {"discard art art"}
    ra3.apply("discard art art")
    assert legal(ra3) == {"discard pharaoh pharaoh"}
    ra3.apply("discard pharaoh pharaoh")
    assert ra3.current_player() == 1


def test_two_disasters_of_one_kind_each_take_their_two(ra3):
    give(ra3, 0, pharaoh=3)
    _win_track(ra3, "funeral", "funeral")
    ra3.apply("discard pharaoh pharaoh")
    assert legal(ra3) == {"discard pharaoh"}
    ra3.apply("discard pharaoh")
    assert ra3.display[0][PHARAOH] == 0
