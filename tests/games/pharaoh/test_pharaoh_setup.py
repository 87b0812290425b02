"""Setup: objective roll, terrain rolls, starting housing and resources (spec, Setup)."""

import pytest

from pharaoh_helpers import GAME, SETUP, legal, play, storage
from thebes.core import CHANCE, IllegalEventError, InvalidEventError, OptionsError
from thebes.games.pharaoh.board import SQUARE_NAMES


def test_the_game_is_registered_for_1_to_99_seats_with_the_objectives_option():
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("pharaoh", 1, 99)
    assert GAME.default_options == {"objectives": False}
    assert GAME.hidden_information is False
    with pytest.raises(OptionsError):
        GAME.new_initial_state(100)
    with pytest.raises(OptionsError):
        GAME.new_initial_state(1, {"objectives": 1})
    with pytest.raises(OptionsError):
        GAME.new_initial_state(1, {"solo": True})


def test_without_objectives_the_first_event_is_a_hill_roll():
    state = GAME.new_initial_state(1)
    assert state.current_player() == CHANCE
    assert legal(state) == sorted(f"hill {n}" for n in SQUARE_NAMES)


def test_the_objective_roll_is_unordered_2_in_36_for_different_dice_1_in_36_for_a_double():
    state = GAME.new_initial_state(1, {"objectives": True})
    outcomes = {state.action_to_text(a): p for a, p in state.chance_outcomes()}
    assert len(outcomes) == 21
    assert outcomes["objectives 3 5"] == pytest.approx(2 / 36)
    assert outcomes["objectives 4 4"] == pytest.approx(1 / 36)
    assert "objectives 5 3" not in outcomes
    assert sum(outcomes.values()) == pytest.approx(1.0)
    with pytest.raises(InvalidEventError):
        state.apply("objectives 5 3")


def test_an_objective_roll_of_3_and_5_marks_objectives_3_5_and_8():
    state = play(["objectives 3 5"], objectives=True)
    assert state.observation(0)["marked"] == [3, 5, 8]


def test_a_double_objective_roll_marks_only_two_objectives():
    assert play(["objectives 2 2"], objectives=True).observation(0)["marked"] == [2, 4]
    assert play(["objectives 6 6"], objectives=True).observation(0)["marked"] == [6, 12]


def test_terrain_rolls_again_on_terrain_so_each_free_square_has_1_in_the_number_free():
    state = GAME.new_initial_state(1)
    expected = [36, 35, 34, 33, 32]
    events = ["hill a1", "hill b2", "hill c3", "river d4", "river e5"]
    for n, event in zip(expected, events):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == n
        assert all(p == pytest.approx(1 / n) for _, p in outcomes)
        state.apply(event)
    assert state.current_player() == 0


def test_a_river_cannot_land_on_a_hill():
    state = play(["hill a1", "hill b2", "hill c3"])
    assert "river a1" not in state.legal_events()
    with pytest.raises(IllegalEventError):
        state.apply("river a1")
    with pytest.raises(IllegalEventError):
        state.apply("hill d4")  # the hills are drawn, rivers come next


def test_terrain_is_drawn_on_every_sheet():
    state = play(SETUP[:5], players=3)
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["hills"] == ["a1", "a2", "a3"] and obs["rivers"] == ["f5", "f6"]


def test_the_starting_housing_goes_on_any_empty_square_for_free():
    state = play(SETUP[:5])
    assert len(state.legal_actions()) == 31
    assert "build housing a1" not in state.legal_events()  # a hill
    assert "build housing f5" not in state.legal_events()  # a river
    assert all(e.startswith("build housing ") for e in state.legal_events())
    state.apply("build housing c3")
    assert storage(state) == {"labour": 1, "grain": 0, "gold": 0, "material": 0}


def test_the_starting_resources_are_1_labour_plus_any_two_written_in_resource_order():
    state = play(SETUP[:6])
    events = legal(state)
    assert len(events) == 10
    assert "take grain gold" in events and "take gold gold" in events
    assert "take gold grain" not in events
    with pytest.raises(InvalidEventError):
        state.apply("take gold grain")
    state.apply("take labour material")
    assert storage(state) == {"labour": 2, "grain": 0, "gold": 0, "material": 1}


def test_seats_set_up_in_turn_from_seat_1_then_round_1_is_rolled():
    state = play(SETUP[:5] + ["build housing c3", "take grain gold"], players=2)
    assert state.current_player() == 1
    state.apply("build housing d4")
    state.apply("take labour labour")
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 36
    assert storage(state, 1) == {"labour": 3, "grain": 0, "gold": 0, "material": 0}
    assert state.observation(0)["seats"][1]["sheet"] == {"d4": "housing"}


def test_the_starting_housing_scores_nothing():
    state = play(SETUP + ["roll 1 1", "action train", "skip"])
    assert state.scores() == [0]
    assert state.observation(0)["seats"][0]["round_scores"] == [0]
