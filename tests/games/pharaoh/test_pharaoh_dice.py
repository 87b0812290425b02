"""The dice action: chart, enabling buildings, yield cap, shifts, floods and invasions
(spec, Dice action; rulings 7-11, 17-19, 22)."""

import pytest

from pharaoh_helpers import give, legal, place, solo, storage
from thebes.core import IllegalEventError
from thebes.games.pharaoh.state import BUILD_PHASE, ERASE_PHASE


def actions(state):
    return sorted(e for e in state.legal_events() if e.startswith("action "))


def shifts(state):
    return sorted(e for e in state.legal_events() if e.startswith("shift "))


def test_rolling_2_and_5_offers_harvest_train_or_collect():
    state = solo()
    place(state, "farming", "d3")
    place(state, "treasury", "d4")
    state.apply("roll 2 5")
    assert actions(state) == ["action collect", "action harvest", "action train"]


def test_a_production_action_needs_a_building_of_its_enabling_kind():
    state = solo("roll 2 5")  # only the starting housing: train
    assert actions(state) == ["action train"]
    with pytest.raises(IllegalEventError):
        state.apply("action harvest")


def test_when_no_offered_entry_can_be_performed_the_only_action_is_none():
    state = solo("roll 4 4")  # produce, produce, harvest: no industrial, no farming
    assert actions(state) == ["action none"]
    state.apply("action none")
    assert state.phase == BUILD_PHASE


def test_an_action_offered_twice_is_one_choice():
    state = solo("roll 1 4")  # train, produce, train
    assert actions(state) == ["action train"]


def test_no_action_is_offered_by_6_and_11_and_needs_nothing():
    assert actions(solo("roll 6 3")) == ["action none"]  # 6, collect, produce
    assert actions(solo("roll 5 6")) == ["action none", "action train"]


@pytest.mark.parametrize("farms, gained", [(1, 1), (2, 2), (3, 3), (4, 3), (6, 3)])
def test_a_production_action_yields_its_enabling_buildings_up_to_3(farms, gained):
    state = solo()
    for sq in ["d1", "d2", "d3", "d4", "d5", "d6"][:farms]:
        place(state, "farming", sq)
    state.apply("roll 1 1")  # train, train, harvest
    state.apply("action harvest")
    assert storage(state)["grain"] == 1 + gained


@pytest.mark.parametrize("action, kind, resource", [
    ("train", "housing", "labour"), ("harvest", "farming", "grain"),
    ("collect", "treasury", "gold"), ("produce", "industrial", "material")])
def test_each_production_action_gains_its_resource(action, kind, resource):
    rolls = {"train": "roll 1 3", "harvest": "roll 2 4", "collect": "roll 3 1",
             "produce": "roll 4 6"}
    state = solo()
    place(state, kind, "e1")
    before = storage(state)[resource]
    state.apply(rolls[action])
    state.apply(f"action {action}")
    assert storage(state)[resource] == before + 1 + (kind == "housing")


def test_a_natural_5_5_forces_flood_with_no_shift():
    state = solo("roll 5 5")
    assert legal(state) == ["action flood"]


def test_a_natural_6_6_forces_invasion_with_no_shift():
    state = solo("roll 6 6")
    assert legal(state) == ["action invasion"]


def test_a_shift_spends_one_resource_to_move_one_die_by_one():
    state = solo("roll 2 2")
    state.apply("shift 2 +1 gold")
    assert state.sheets[0].dice == [2, 3]
    assert storage(state) == {"labour": 1, "grain": 1, "gold": 0, "material": 0}
    assert legal(state) == ["action train"]  # 2 harvest, 3 collect, 5 train


def test_a_shift_needs_a_unit_of_the_resource_spent():
    state = solo("roll 3 3")
    assert not any(e.endswith("material") for e in shifts(state))
    assert "shift 1 +1 gold" in shifts(state)


def test_a_shifted_die_stays_within_1_to_6():
    state = solo("roll 1 6")
    events = shifts(state)
    assert not any(e.startswith("shift 1 -1") or e.startswith("shift 2 +1") for e in events)
    assert len(events) == 2 * 3  # shift 1 +1, shift 2 -1; labour grain gold


def test_with_a_double_shifting_either_die_are_distinct_events():
    state = solo("roll 3 3")
    assert {"shift 1 +1 gold", "shift 2 +1 gold", "shift 1 -1 gold",
            "shift 2 -1 gold"} <= set(shifts(state))
    state.apply("shift 2 -1 gold")
    assert state.sheets[0].dice == [3, 2]


def test_only_one_shift_a_round_then_the_same_seat_chooses_an_action():
    state = solo("roll 3 3", "shift 1 +1 labour")
    assert shifts(state) == []
    assert state.current_player() == 0
    assert all(e.startswith("action ") for e in state.legal_events())


def test_the_shift_comes_back_next_round():
    state = solo("roll 3 3", "shift 1 +1 labour", "action none", "skip", "roll 3 3")
    assert shifts(state) != []


def test_shifted_dice_showing_5_5_offer_train_or_flood():
    state = solo("roll 5 4", "shift 2 +1 gold")
    assert legal(state) == ["action flood", "action train"]


def test_shifted_dice_showing_6_6_offer_none_or_invasion():
    state = solo("roll 6 5", "shift 2 +1 gold")
    assert legal(state) == ["action invasion", "action none"]


def test_a_sum_of_10_from_4_and_6_offers_flood_as_a_free_choice():
    state = solo("roll 4 6")
    assert actions(state) == ["action flood", "action none"]


def test_an_unprevented_flood_erases_one_tile_of_the_seats_choice():
    state = solo()
    place(state, "road", "d3")
    state.apply("roll 5 5")
    state.apply("action flood")
    assert state.phase == ERASE_PHASE
    assert legal(state) == ["erase c3", "erase d3"]  # never a hill or a river
    state.apply("erase c3")
    assert state.observation(0)["seats"][0]["sheet"] == {"d3": "road"}
    assert state.phase == BUILD_PHASE


def test_an_erase_is_an_event_even_with_only_one_tile_left():
    state = solo("roll 5 5", "action flood")
    assert legal(state) == ["erase c3"]


def test_a_flood_with_nothing_to_erase_has_no_event():
    state = solo("roll 5 5", "action flood", "erase c3", "skip", "roll 5 5", "action flood")
    assert state.phase == BUILD_PHASE
    assert legal(state)[-1] == "skip"


def test_an_erased_square_is_empty_and_may_be_built_on_again():
    state = solo("roll 5 5", "action flood", "erase c3")
    assert "build road c3" in state.legal_events()


def test_a_religious_building_prevents_one_flood_automatically():
    state = solo()
    place(state, "religious", "d3")
    state.apply("roll 5 5")
    state.apply("action flood")
    assert state.phase == BUILD_PHASE  # no erase
    assert state.sheets[0].flood_guard == 0
    state.apply("skip")
    state.apply("roll 5 5")
    state.apply("action flood")
    assert state.phase == ERASE_PHASE  # the prevention is used up


def test_a_military_building_prevents_one_invasion_automatically():
    state = solo()
    place(state, "military", "d3")
    state.apply("roll 6 6")
    state.apply("action invasion")
    state.apply("skip")
    assert state.scores() == [0]
    assert state.sheets[0].invasion_guard == 0
    state.apply("roll 6 6")
    state.apply("action invasion")
    state.apply("skip")
    assert state.scores() == [-2]


def test_an_unprevented_invasion_costs_2_reputation_from_this_rounds_score():
    state = solo("roll 6 6", "action invasion")
    give(state, gold=2)
    state.apply("build admin d3")  # 2 points
    state.apply("skip")
    assert state.sheets[0].rounds == [0]


def test_erasing_a_military_building_loses_a_used_prevention_first():
    state = solo()
    place(state, "military", "d3")
    place(state, "military", "d4")
    state.apply("roll 6 6")
    state.apply("action invasion")  # one prevention used, one left
    state.apply("skip")
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("erase d3")
    assert state.sheets[0].invasion_guard == 1


def test_after_an_erasure_unused_preventions_are_cut_to_the_buildings_standing():
    state = solo()
    place(state, "religious", "d3")
    place(state, "religious", "d4")
    state.sheets[0].flood_guard = 0  # both used (set-up): erasing needs an unprevented flood
    state.apply("roll 5 5")
    state.apply("action flood")
    state.apply("erase d3")
    assert state.sheets[0].flood_guard == 0
    state = solo()
    place(state, "military", "d3")
    place(state, "military", "d4")
    state.apply("roll 4 6")
    state.apply("action flood")
    state.apply("erase d4")
    assert state.sheets[0].invasion_guard == 1
