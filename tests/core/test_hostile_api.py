"""Property tests: the public API on arbitrary input either succeeds or raises a ThebesError,
and no seat argument ever yields another seat's view."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thebes.core import Record, SeatError, ThebesError, get_game

GAMES = ("ra", "sarcophagus", "pharaohs-heir", "pharaoh")

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8),
                                                                      children, max_size=5),
    max_leaves=30)
RECORDISH = st.fixed_dictionaries(
    {"game": st.sampled_from(GAMES) | st.text(max_size=8) | JSON,
     "players": st.integers(-3, 8) | JSON,
     "events": st.lists(st.text(max_size=30), max_size=6) | JSON},
    optional={"options": JSON, "result": JSON})
SEATS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5)
         | st.lists(st.integers(), max_size=2) | st.complex_numbers())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400) | st.binary(max_size=400) | JSON.map(json.dumps))
def test_record_loads_on_any_text_succeeds_or_raises_a_thebes_error(text):
    try:
        Record.loads(text)
    except ThebesError:
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORDISH)
def test_record_replay_of_any_record_shaped_value_succeeds_or_raises_a_thebes_error(data):
    try:
        record = Record.loads(json.dumps(data))
        record.replay()
    except ThebesError:
        pass


def positions():
    """A few positions of every game, some mid-game and one finished."""
    out = []
    for name in GAMES:
        game = get_game(name)
        for players in sorted({game.min_players, min(game.max_players, 4)}):
            state = game.new_initial_state(players)
            rng = random.Random(players)
            for step in range(400):
                if step in (3, 40):
                    out.append(state.clone())
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
    return out


POSITIONS = positions()


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(POSITIONS))), SEATS)
def test_observation_of_any_seat_argument_is_that_seats_view_or_a_seat_error(index, seat):
    state = POSITIONS[index]
    try:
        obs = state.observation(seat)
    except SeatError:
        return
    if seat is None:
        assert not state.game.hidden_information or state.is_terminal()
        assert obs == state.omniscient_observation()
        return
    assert type(seat) is int and 0 <= seat < state.num_players
    assert obs == state.observation(int(seat))


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_a_negative_or_past_the_end_seat_is_refused_in_every_game(index):
    state = POSITIONS[index]
    for seat in (-1, -state.num_players, state.num_players, 99, True, "0", 1.5):
        with pytest.raises(SeatError):
            state.observation(seat)


def test_the_all_seeing_view_has_its_own_name_and_seat_none_does_not_give_it_mid_game():
    for state in POSITIONS:
        if state.game.hidden_information and not state.is_terminal():
            with pytest.raises(SeatError, match="omniscient_observation"):
                state.observation(None)
            assert state.omniscient_observation() != state.observation(0)
