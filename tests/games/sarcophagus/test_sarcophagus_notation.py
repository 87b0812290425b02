"""Events and their one spelling (shared/spec/sarcophagus.md, Notation summary;
shared/spec/RECORDS.md)."""

import random
from math import factorial

import pytest
from sarcophagus_helpers import GAME, SPEC_LAYOUT, play

from thebes.core import IllegalEventError, InvalidEventError, TooManyOutcomes
from thebes.games.sarcophagus import notation as nt
from thebes.games.sarcophagus.state import LAYOUT_PROBABILITY, layout_is_legal, random_layout


def test_every_int_action_round_trips_through_its_text():
    for action, text in enumerate(nt.ACTION_TEXT):
        assert nt.parse_action(text) == action
        assert nt.action_text(action) == text


def test_tiles_are_written_suit_dash_rank_in_tile_order():
    assert nt.TILE_NAMES[:7] == ("sun-null", "sun-ace", "sun-2", "sun-3", "sun-4", "sun-5",
                                 "moon-null")
    assert sorted(nt.TILE_NAMES, key=nt.TILE_INDEX.get) == list(nt.TILE_NAMES)


def test_the_spec_layout_round_trips():
    state = GAME.new_initial_state(3)
    action = state.text_to_action(SPEC_LAYOUT)
    assert state.action_to_text(action) == SPEC_LAYOUT
    assert layout_is_legal(action)


@pytest.mark.parametrize("text", [
    "", "place", "place 6 a1", "place 3 g1", "place 3 a7", "place -1 a1", "place ? a1",
    "discard moon-6", "discard a1", "first 0", "first 5", "first", "layout ?", "layout",
    "Pass", "pass ", "draw", "place 3 a1 extra", "layout sun-3 / moon-4"])
def test_text_that_is_no_event_raises_invalid_event_error(text):
    state = GAME.new_initial_state(3)
    with pytest.raises(InvalidEventError):
        state.text_to_action(text)


@pytest.mark.parametrize("text", ["place 03 a1", "place 3  a1", " place 3 a1", "first 01",
                                  "place 3 A1"])
def test_a_non_canonical_spelling_is_refused(text):
    state = play(["first 1"])
    with pytest.raises(InvalidEventError):
        state.parse(text)
    assert state.parse("place 3 a1") == nt.place_action(3, 0)


def test_a_layout_spelled_without_its_slashes_is_refused():
    state = GAME.new_initial_state(3)
    flat = SPEC_LAYOUT.replace(" /", "")
    with pytest.raises(IllegalEventError, match="canonical"):
        state.parse(flat)
    state.parse(SPEC_LAYOUT)


def test_every_legal_layout_has_probability_one_over_4320_times_18_factorial():
    state = GAME.new_initial_state(4)
    assert LAYOUT_PROBABILITY == pytest.approx(1 / (4320 * factorial(18)), rel=1e-12)
    rng = random.Random(5)
    for _ in range(200):
        layout = random_layout(rng)
        assert layout_is_legal(layout)
        assert state.chance_probability(layout) == LAYOUT_PROBABILITY


def test_a_layout_with_a_five_outside_the_special_places_has_probability_zero():
    state = GAME.new_initial_state(3)
    good = state.text_to_action(SPEC_LAYOUT)
    swapped = list(good)
    e3, a1 = 12, 0
    swapped[e3], swapped[a1] = swapped[a1], swapped[e3]  # sun-5 to a1, sun-3 to e3
    assert state.chance_probability(tuple(swapped)) == 0.0
    with pytest.raises(IllegalEventError):
        state.parse(nt.layout_text(tuple(swapped)))


def test_a_layout_naming_a_tile_twice_is_refused():
    state = GAME.new_initial_state(3)
    twice = SPEC_LAYOUT.replace("crown-2", "sun-2")
    with pytest.raises(IllegalEventError):
        state.parse(twice)


def test_the_layout_node_lists_one_template_line():
    state = GAME.new_initial_state(2)
    with pytest.raises(TooManyOutcomes):
        state.chance_outcomes()
    assert state.legal_events() == [nt.LAYOUT_TEMPLATE]


def test_random_layouts_put_any_two_nulls_with_the_fives():
    """Ruling 2: every pair of nulls turns up among the special places."""
    rng = random.Random(1)
    pairs = set()
    for _ in range(300):
        layout = random_layout(rng)
        pairs.add(tuple(sorted(t for t in (layout[12], layout[17], layout[18], *layout[21:])
                               if t in nt.NULLS)))
    assert len(pairs) == 6


def test_legal_moves_are_listed_by_position_then_value():
    state = play(["first 1", "place 3 a1"])
    events = state.legal_events()
    assert events[:6] == ["place 0 a1", "place 1 a1", "place 2 a1", "place 4 a1",
                          "place 5 a1", "place 0 b1"]
    assert events == sorted(events, key=lambda e: (nt.parse_action(e) // 6,
                                                   nt.parse_action(e) % 6))
